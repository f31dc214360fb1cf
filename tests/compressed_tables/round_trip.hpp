#pragma once
// Solves a game's tiers in memory, stores them through a TableStore (compressed, as the
// solver writes them), opens them with a fresh store and compares every code.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <span>
#include <string>

#include "solver/solve_tiers.hpp"
#include "solver/table/store.hpp"
#include "tests/cli/cli_runner.hpp"

namespace compressed_test {

using cli_test::TempDir;

// How many slots of `read` differ from `truth` (counted, so that a failure does not print
// millions of lines).
inline std::uint64_t mismatches(const zz::TierTable& truth, const zz::TierTable& read) {
  std::uint64_t bad = 0;
  for (std::uint64_t i = 0; i < truth.size(); ++i) bad += truth.code(i) != read.code(i);
  return bad;
}

// The same over the slots `truth` uses: a decoded table may fill its unused slots with
// anything.
inline std::uint64_t used_mismatches(const zz::TierTable& truth, const zz::TierTable& read) {
  std::uint64_t bad = 0;
  for (std::uint64_t i = 0; i < truth.size(); ++i)
    bad += truth.code(i) != zz::kUnusedCode && truth.code(i) != read.code(i);
  return bad;
}

struct Summary {
  std::uint64_t compressed_bytes = 0, uncompressed_bytes = 0, slots = 0;
  int tables_with_a_side_left_out = 0;
  int tables_with_implied_slots = 0;  // whose header says a used slot may hold 0 for its exits' value
  int tables_in_another_axis_order = 0;  // stored transposed (axis_order.hpp)
};

// `solved` holds the tables of `roots` and their dependencies, as the solver made them;
// `adjust` changes the store's packing options (codec, block size, ...).
template <zz::Enumerable G, class Adjust>
Summary round_trip(const G& game, std::span<const typename G::Tier> roots,
                   const std::map<std::string, zz::TierTable>& solved, Adjust adjust) {
  TempDir dir;
  Summary summary;
  {
    zz::TableStore<G> writer(game, dir.path);
    for (const auto& t : zz::dependency_order(game, roots)) {
      const zz::TierTable& truth = solved.at(game.tier_name(t));
      zz::write_table(writer.file(t), writer.identity(t), truth, adjust(writer.pack_options(t)));
    }
  }
  zz::TableStore<G> reader(game, dir.path);
  for (const auto& t : zz::dependency_order(game, roots)) {
    const std::string name = game.tier_name(t);
    CAPTURE(name);
    const zz::TierTable& truth = solved.at(name);
    const zz::TierTable& opened = reader.load(t);
    REQUIRE(opened.compressed());
    CHECK(opened.stats() == truth.stats());
    CHECK(opened.width() == truth.width());
    CHECK(mismatches(truth, opened) == 0);
    const auto [first, end] = opened.stored_range();
    summary.tables_with_a_side_left_out += first > 0 || end < opened.size();
    summary.tables_with_implied_slots += opened.exits_implied();
    summary.tables_in_another_axis_order += !opened.packed()->layout().axes.identity();
    summary.compressed_bytes += std::filesystem::file_size(reader.file(t));
    summary.uncompressed_bytes += truth.size() * truth.width();
    summary.slots += truth.size();
  }
  // Probed as a query probes: a position of the left-out side is valued from its moves on
  // the spot (TableStore::probe), a sample of slots spread over each table.
  for (const auto& t : zz::dependency_order(game, roots)) {
    const std::string name = game.tier_name(t);
    CAPTURE(name);
    const zz::TierTable& truth = solved.at(name);
    const std::uint64_t step = std::max<std::uint64_t>(1, truth.size() / 4000) | 1;
    std::uint64_t wrong = 0, probed = 0;
    typename G::Position p;
    for (std::uint64_t i = 0; i < truth.size(); i += step) {
      if (truth.code(i) == zz::kUnusedCode || !game.unrank(t, i, p)) continue;
      const zz::Outcome expected = zz::within_limit(zz::decode(truth.code(i)), game.plies_left(p));
      wrong += !(reader.probe(p) == expected);
      ++probed;
    }
    CHECK(probed > 0);
    CHECK(wrong == 0);
  }
  // Decoded for a solver: the left-out side derived in bulk.
  for (const auto& t : zz::dependency_order(game, roots)) {
    CAPTURE(game.tier_name(t));
    CHECK(mismatches(solved.at(game.tier_name(t)), reader.load_decoded(t)) == 0);
  }
  return summary;
}

template <zz::Enumerable G>
Summary round_trip(const G& game, std::span<const typename G::Tier> roots) {
  return round_trip(game, roots, zz::solve_in_memory(game, roots), [](zz::PackOptions o) { return o; });
}

}  // namespace compressed_test
