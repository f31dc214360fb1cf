#pragma once
// The published perft counts of tests/data/chess/perft.epd.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace zz::chess::test {

struct PerftCase {
  std::string fen;
  std::vector<std::uint64_t> counts;  // counts[d - 1] is perft(d)
};

inline std::vector<PerftCase> load_perft_cases() {
  std::ifstream in(std::string(ZZ_TEST_DATA) + "/chess/perft.epd");
  std::vector<PerftCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t semicolon = line.find(';');
    if (semicolon == std::string::npos) continue;
    PerftCase c{line.substr(0, semicolon), {}};
    std::istringstream fields(line.substr(semicolon));
    std::string token;
    while (std::getline(fields, token, ';')) {
      std::istringstream entry(token);
      std::string depth;
      std::uint64_t count = 0;
      if (entry >> depth >> count) c.counts.push_back(count);
    }
    cases.push_back(c);
  }
  return cases;
}

}  // namespace zz::chess::test
