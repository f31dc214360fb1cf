#pragma once
// The calling thread's CPU time, for benchmark lines that must stay comparable on a machine
// other work shares (wall time counts what the others take).
#include <ctime>

namespace zz::bench {

inline double thread_cpu_seconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace zz::bench
