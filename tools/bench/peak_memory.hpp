#pragma once
// The process's memory high-water mark, read from /proc (Linux), for benchmark lines.
#include <fstream>
#include <string>

namespace zz::bench {

inline double peak_memory_mib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return 0;
}

// Writing 5 to clear_refs resets the high-water mark to the current resident size, so that
// one process can measure several cases in turn.
inline void reset_peak_memory() { std::ofstream("/proc/self/clear_refs") << "5\n"; }

}  // namespace zz::bench
