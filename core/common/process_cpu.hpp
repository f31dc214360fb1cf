#pragma once
// The CPU time this process has used so far, all threads together: what a solve's rate in
// CPU-seconds per slot is measured in, whatever else shares the machine.
#include <ctime>

namespace zz {

inline double process_cpu_seconds() {
  timespec t{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0) return 0.0;
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace zz
