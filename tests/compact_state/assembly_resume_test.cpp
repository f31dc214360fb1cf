// The checkpoint a compact solve writes once its levels are done holds the lists alone (no
// cells): a solve stopped while it assembles the table resumes at the assembly, without
// passing a level again, and writes the same table.
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.hpp"
#include "tests/common/solve_helpers.hpp"

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/material.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;

TEST_CASE("a compact solve stopped while it assembles its table resumes at the assembly") {
  const tablut::Tablut game;
  const std::string tier = "K1W2B";
  const std::vector<tablut::Tablut::Tier> roots = game.solve_roots(tier);
  const std::span<const tablut::Tablut::Tier> root_span(roots);
  cli_test::TempDir scratch;
  SolveOptions options;
  options.state = WorkingState::compact;
  options.spool_directory = scratch.path;
  options.checkpoint_seconds = 0;          // a checkpoint after every level
  options.assembly_window_slots = 1 << 16;  // the table assembled in many windows
  std::set<int> levels;
  int last_level = -1;
  options.progress = [&](const SolveProgress& p) {
    if (p.tier == tier) levels.insert(p.level);
  };
  const auto reference = solve_in_memory(game, root_span, options);
  REQUIRE(!levels.empty());
  last_level = *levels.rbegin();

  // Stopped once its last level is reported: the levels end, the checkpoint without cells
  // is written, and the first window of the assembly finds the stop.
  std::atomic<bool> stop{false};
  options.stop = &stop;
  options.progress = [&](const SolveProgress& p) {
    if (p.tier == tier && p.level == last_level) stop = true;
  };
  CHECK_THROWS_AS(solve_in_memory(game, root_span, options), Cancelled);
  const auto checkpoint = scratch.path / (".compact-" + tier + ".checkpoint");
  REQUIRE(std::filesystem::exists(checkpoint));
  // n/2 bytes of cells would be 1.7 MB; the lists of K1W2B's decisions are far smaller.
  CHECK(std::filesystem::file_size(checkpoint) < game.tier_size(game.solve_roots(tier).front()) / 4);

  stop = false;
  levels.clear();
  options.progress = [&](const SolveProgress& p) {
    if (p.tier == tier) levels.insert(p.level);
  };
  const auto resumed = solve_in_memory(game, root_span, options);
  CHECK(levels.empty());  // no level passed again
  CHECK(zz_test::same_codes(reference.at(tier), resumed.at(tier)));
  CHECK(std::filesystem::is_empty(scratch.path));
}
