#pragma once
// The tables a solve in memory gives, kept for the whole test run: most cases here compare
// what they write, release or decode with the same few chess and Tablut sets (KQvKR above
// all), and solving those again for each case only repeated the same work.
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "solver/solve_tiers.hpp"
#include "solver/table/store.hpp"
#include "tests/cli/cli_runner.hpp"

namespace compressed_test {

// `roots` and their dependencies for the game G with its default rules, each solved once
// per run as solve_in_memory solves it, keyed by tier name (the map may hold other tiers
// too). Not thread-safe: doctest runs the cases one after another.
template <zz::Enumerable G>
const std::map<std::string, zz::TierTable>& solved_once(std::span<const typename G::Tier> roots) {
  using Tier = typename G::Tier;
  static const G game;
  static std::map<std::string, zz::TierTable> tables;
  for (const Tier& t : zz::dependency_order(game, roots)) {
    if (tables.contains(game.tier_name(t))) continue;
    std::vector<zz::SolvedTier<Tier>> solved;
    for (const Tier& d : game.tier_dependencies(t)) solved.push_back({d, &tables.at(game.tier_name(d))});
    tables.emplace(game.tier_name(t), zz::solve_tier(game, t, std::span<const zz::SolvedTier<Tier>>(solved)));
  }
  return tables;
}

template <zz::Enumerable G>
const std::map<std::string, zz::TierTable>& solved_once(const std::vector<typename G::Tier>& roots) {
  return solved_once<G>(std::span<const typename G::Tier>(roots));
}

// `roots` and their sub-tables as solve_tiers writes them with its default options
// (compressed files, byte for byte the same at every solve), copied into `dir`: the cases
// that only need such files to read, decode or damage get them from one solve per run.
// The cases about the set solve itself still run it.
template <zz::Enumerable G>
void files_once(std::span<const typename G::Tier> roots, const std::filesystem::path& dir) {
  static const G game;
  static std::map<std::string, std::unique_ptr<cli_test::TempDir>> solved;
  std::string key;
  for (const auto& t : roots) key += game.tier_name(t) + " ";
  auto& folder = solved[key];
  if (!folder) {
    folder = std::make_unique<cli_test::TempDir>();
    zz::TableStore<G> store(game, folder->path);
    zz::solve_tiers(game, roots, store, zz::SolveOptions{}, false);
  }
  std::filesystem::copy(folder->path, dir, std::filesystem::copy_options::recursive);
}

}  // namespace compressed_test
