#pragma once
// A message as one printable line of valid UTF-8, whatever it holds: control characters
// (C0, DEL, C1) and bytes that are not part of well-formed UTF-8 escaped as \xNN; other
// characters (µ, ♔) kept. Every face that prints a reason for bad input (the command line,
// the server, the benchmarks) passes it through, so a JSON answer can always be written.
#include <string>

namespace zz {

std::string one_line(const std::string& text);

}  // namespace zz
