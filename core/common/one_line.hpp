#pragma once
// A message as one line, whatever it holds: control characters escaped as \xNN. Every face
// that prints a reason for bad input (the command line, the benchmarks) passes it through.
#include <string>

namespace zz {

std::string one_line(const std::string& text);

}  // namespace zz
