// Ownership deals a tier's index out to the ranks of a distributed job: every slot must
// belong to exactly one rank, at one place in its arrays, and the arrays must be dense.
#include <doctest/doctest.h>

#include <vector>

#include "solver/distributed/communicator.hpp"

using namespace zz;

namespace {

// Checks every slot of an index of `entries` slots dealt to `ranks` ranks.
void check_dealing(std::uint64_t entries, int ranks) {
  CAPTURE(entries);
  CAPTURE(ranks);
  std::vector<Ownership> parts;
  std::uint64_t total = 0;
  for (int r = 0; r < ranks; ++r) {
    parts.emplace_back(entries, r, ranks);
    total += parts.back().size();
  }
  CHECK(total == entries);
  std::vector<std::vector<bool>> seen(ranks);
  for (int r = 0; r < ranks; ++r) seen[r].assign(parts[r].size(), false);
  for (std::uint64_t i = 0; i < entries; ++i) {
    const int owner = parts[0].owner(i);
    REQUIRE(owner >= 0);
    REQUIRE(owner < ranks);
    for (int r = 0; r < ranks; ++r) REQUIRE(parts[r].owns(i) == (r == owner));
    const std::uint64_t l = parts[owner].local(i);
    REQUIRE(l < parts[owner].size());
    REQUIRE(!seen[owner][l]);
    seen[owner][l] = true;
    REQUIRE(parts[owner].global(l) == i);
  }
}

}  // namespace

TEST_CASE("every slot has one owner and one place in its arrays, for any number of ranks") {
  const std::uint64_t grain = Ownership::kGrain;
  for (std::uint64_t entries : {std::uint64_t{0}, std::uint64_t{1}, grain - 1, grain, grain + 1, 5 * grain + 77,
                                7 * grain})
    for (int ranks : {1, 2, 3, 4, 8}) check_dealing(entries, ranks);
}

TEST_CASE("grains are dealt in turn, so each rank holds its share of every region of the index") {
  // A tier whose first half has one side to move and whose second half has the other:
  // with 2 ranks, each holds half of each half.
  const std::uint64_t entries = 64 * Ownership::kGrain;
  for (int ranks : {2, 3, 4}) {
    for (int r = 0; r < ranks; ++r) {
      const Ownership part(entries, r, ranks);
      std::uint64_t first_half = 0;
      for (std::uint64_t l = 0; l < part.size(); ++l) first_half += part.global(l) < entries / 2;
      CHECK(first_half * ranks >= entries / 2 - Ownership::kGrain * ranks);
      CHECK(first_half * ranks <= entries / 2 + Ownership::kGrain * ranks);
    }
  }
}
