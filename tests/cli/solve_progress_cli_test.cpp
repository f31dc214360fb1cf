// A large tier's solve says where it is before its first level and after its last: a tenth
// of its slots at a time while it is initialized (the first pass over every slot: half an
// hour on a six-pawn Tablut table, which printed nothing), and when its table is written.
// Small tiers print neither. Both working states.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using cli_test::run;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The place of the first line holding `what` from `from` on, or lines.size().
std::size_t find_line(const std::vector<std::string>& lines, const std::string& what, std::size_t from = 0) {
  for (std::size_t k = from; k < lines.size(); ++k)
    if (lines[k].find(what) != std::string::npos) return k;
  return lines.size();
}

}  // namespace

TEST_CASE("a large tier reports its initialization and its write, in both working states") {
  for (const char* state : {"memory", "compact"}) {
    CAPTURE(state);
    cli_test::TempDir dir;
    // Morris 5-4-0-0: 22,705,608 slots, over the 2^24 that are reported; its sub-tables under it.
    const auto r = run({"solve", "morris", "--material", "5-4-0-0", "--working-state", state, "--progress", "lines",
                        "--data", dir.path.string()});
    REQUIRE(r.code == 0);
    const std::vector<std::string> lines = lines_of(r.err);
    const std::size_t first = find_line(lines, "5-4-0-0 initializing: ");
    REQUIRE(first < lines.size());
    // Up to nine reports (one per tenth passed; a range of slots finished at once may pass two
    // tenths), each count larger than the one before, all before level 0.
    std::size_t at = first, reports = 0;
    unsigned long long previous = 0;
    for (; at < lines.size() && lines[at].find("5-4-0-0 initializing: ") != std::string::npos; ++at) {
      const std::string& line = lines[at];
      const unsigned long long done = std::stoull(line.substr(line.find("initializing: ") + 14));
      CHECK(done > previous);
      CHECK(done < 22705608ull);
      CHECK(line.find(" of 22705608 slots (") != std::string::npos);
      previous = done;
      ++reports;
    }
    CHECK(reports >= 5);
    CHECK(reports <= 9);
    CHECK(previous >= 22705608ull / 2);
    const std::size_t level0 = find_line(lines, "5-4-0-0 level 0:");
    CHECK(level0 == at);
    const std::size_t writing = find_line(lines, "5-4-0-0: writing its table", level0);
    const std::size_t stored = find_line(lines, "5-4-0-0 stored: ", level0);
    CHECK(writing < stored);
    CHECK(stored < lines.size());
    // The smaller tiers (4-4-0-0: 3,667,665 slots) report neither.
    CHECK(find_line(lines, "4-4-0-0 initializing") == lines.size());
    CHECK(find_line(lines, "4-4-0-0: writing") == lines.size());
  }
}
