#include "core/common/byte_size.hpp"

#include <cctype>
#include <cmath>
#include <string>

#include "core/common/error.hpp"

namespace zz {

std::uint64_t parse_byte_size(std::string_view text) {
  const auto bad = [&](const char* why) {
    return InputError("memory size '" + std::string(text) + "': " + why + " (examples: 512M, 8G, 3GiB)");
  };
  std::size_t at = 0;
  double number = 0, scale = 1;
  bool digits = false, point = false;
  for (; at < text.size() && (std::isdigit(static_cast<unsigned char>(text[at])) || text[at] == '.'); ++at) {
    if (text[at] == '.') {
      if (point) throw bad("two decimal points");
      point = true;
      continue;
    }
    digits = true;
    if (point) scale /= 10;
    number = number * (point ? 1 : 10) + (text[at] - '0') * (point ? scale : 1);
  }
  if (!digits) throw bad("no number");
  std::string unit(text.substr(at));
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.size() > 1 && unit.back() == 'B') unit.pop_back();
  if (unit.size() > 1 && unit.back() == 'I') unit.pop_back();
  double multiplier = 1;
  if (unit == "" || unit == "B") multiplier = 1;
  else if (unit == "K") multiplier = 1024.0;
  else if (unit == "M") multiplier = 1024.0 * 1024;
  else if (unit == "G") multiplier = 1024.0 * 1024 * 1024;
  else if (unit == "T") multiplier = 1024.0 * 1024 * 1024 * 1024;
  else throw bad("unknown unit");
  const double bytes = std::floor(number * multiplier);
  if (bytes < 1) throw bad("must be at least one byte");
  if (bytes >= 18446744073709551615.0) throw bad("too large");
  return static_cast<std::uint64_t>(bytes);
}

}  // namespace zz
