// Tablut's solver kernels (core/tablut/tier_ranker.hpp) change how fast tables are built and
// written, never their bytes: the files of a set solved and written with them, in both
// working states, equal those of the same set solved and written without them (the game
// with its tier_ranker hidden, so the solver and the writer take the slow paths).
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/tablut/game.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/store.hpp"
#include "tests/cli/cli_runner.hpp"

namespace {

using zz::tablut::Material;
using zz::tablut::Tablut;

// Tablut without its kernels: the hook is hidden (and inaccessible), so no concept sees it.
class PlainTablut : public Tablut {
 private:
  using Tablut::tier_ranker;
};

static_assert(zz::HasIndexedUnmoves<Tablut> && zz::HasRankedExits<Tablut>);
static_assert(!zz::HasTierRanker<PlainTablut> && !zz::HasIndexedUnmoves<PlainTablut> &&
              !zz::HasRankedExits<PlainTablut>);

std::string bytes_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Solves the roots into a fresh folder; returns each table file's bytes by tier name.
template <class G>
std::map<std::string, std::string> solve_files(const G& game, std::span<const Material> roots, zz::WorkingState state) {
  cli_test::TempDir dir;
  zz::TableStore<G> store(game, dir.path);
  zz::SolveOptions options;
  options.state = state;
  zz::solve_tiers(game, roots, store, options, false);
  std::map<std::string, std::string> files;
  for (const Material& t : zz::dependency_order(game, roots)) files[game.tier_name(t)] = bytes_of(store.file(t));
  return files;
}

TEST_CASE("Tablut tables are byte for byte the same with and without the kernels, in both working states") {
  // Captures by both sides, the king's escapes and captures, every king class.
  const std::vector<Material> roots{{1, 2, false}, {0, 3, false}};
  const auto plain = solve_files(PlainTablut{}, roots, zz::WorkingState::in_memory);
  const auto memory = solve_files(Tablut{}, roots, zz::WorkingState::in_memory);
  const auto compact = solve_files(Tablut{}, roots, zz::WorkingState::compact);
  REQUIRE(plain.size() >= 6);
  for (const auto& [name, bytes] : plain) {
    CAPTURE(name);
    CHECK(!bytes.empty());
    CHECK(memory.at(name) == bytes);
    CHECK(compact.at(name) == bytes);
  }
}

}  // namespace
