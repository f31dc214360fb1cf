// The compact working state (solver/compact_retrograde.hpp) builds byte for byte the tables
// of the in-memory state, on small tables of every game: remoteness included, move limits
// (TateDrez, Tak Tikl), transient positions (chess en passant, KPvKP), external wins and
// floors (chess captures and promotions, Tablut captures), one thread and two.
#include <doctest/doctest.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include "tests/cli/cli_runner.hpp"
#include "tests/common/solve_helpers.hpp"

#include "core/chess/game.hpp"
#include "core/chess/material.hpp"
#include "core/quixo/game.hpp"
#include "core/tablut/game.hpp"
#include "core/taktikl/game.hpp"
#include "core/tatedrez/game.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;

namespace {

SolveOptions with_state(WorkingState state) {
  SolveOptions o;
  o.state = state;
  return o;
}

// Solves the roots with both states, under `threads` workers for the compact one, its lists
// in memory or spooled to a scratch file (and the table then written there window by
// window), and checks every table is the same.
template <class G>
void check_identical(const G& game, std::span<const typename G::Tier> roots, int threads = 2, bool spool = true) {
  const auto memory = solve_in_memory(game, roots, with_state(WorkingState::in_memory));
  cli_test::TempDir scratch;
  SolveOptions options = with_state(WorkingState::compact);
  if (spool) {
    options.spool_directory = scratch.path;
    options.assembly_window_slots = 1 << 16;  // the table written in many windows
  }
  const auto compact = zz_test::with_threads(threads, [&] { return solve_in_memory(game, roots, options); });
  // The scratch file is gone once each tier is solved.
  CHECK(std::filesystem::is_empty(scratch.path));
  REQUIRE(memory.size() == compact.size());
  for (const auto& [name, table] : memory) {
    CAPTURE(name);
    REQUIRE(compact.count(name) == 1);
    CHECK(zz_test::same_codes(table, compact.at(name)));
  }
}

}  // namespace

TEST_CASE("compact state: TateDrez, both no-move rules, with and without a round limit") {
  for (const std::vector<std::string>& rules :
       {std::vector<std::string>{}, {"no-move=pass"}, {"rounds=0"}, {"no-move=pass", "rounds=5"}}) {
    CAPTURE(rules.size());
    const tatedrez::TateDrez g(parse_rules(tatedrez::TateDrez::rule_options(), rules));
    const std::array<int, 1> roots{g.tier_of(g.start())};
    check_identical(g, std::span<const int>(roots), 2, rules.size() % 2 == 0);
  }
}

TEST_CASE("compact state: Tak Tikl 4x4 under its move limit (one thread, lists in memory) and without") {
  for (const std::vector<std::string>& rules : {std::vector<std::string>{}, {"moves=0", "no-move=loss"}}) {
    const taktikl::TakTikl g(parse_rules(taktikl::TakTikl::rule_options(), rules));
    const std::array<taktikl::Tier, 1> roots{taktikl::Tier{}};
    check_identical(g, std::span<const taktikl::Tier>(roots), rules.empty() ? 1 : 2, !rules.empty());
  }
}

TEST_CASE("compact state: Quixo 3x3") {
  const std::vector<std::string> rules{"size=3"};
  const quixo::Quixo g(parse_rules(quixo::Quixo::rule_options(), rules));
  const std::vector<quixo::Tier> roots{g.tier_of(g.start())};
  check_identical(g, std::span<const quixo::Tier>(roots));
}

TEST_CASE("compact state: Tablut with captures on both sides") {
  const tablut::Tablut g;
  const std::vector<tablut::Material> roots{{1, 2, false}, {2, 1, false}, {0, 3, false}};
  check_identical(g, std::span<const tablut::Material>(roots));
}

TEST_CASE("compact state: chess with captures, promotions and en passant") {
  const chess::Chess g;
  std::vector<chess::Material> roots;
  // KPvKP's set holds KQvKP, KRvKP, KBvKP and KNvKP (promotions) and their captures.
  for (const char* m : {"KRvKN", "KPvKP"}) roots.push_back(chess::parse_material(m));
  check_identical(g, std::span<const chess::Material>(roots));
}

TEST_CASE("compact state: the automatic choice follows the memory budget") {
  SolveOptions o;
  o.memory_budget = std::uint64_t{600} << 20;  // 600 MiB: 100 M slots in memory
  CHECK_FALSE(solves_compact(50'000'000, o));
  CHECK(solves_compact(200'000'000, o));
  o.state = WorkingState::in_memory;
  CHECK_FALSE(solves_compact(200'000'000, o));
  o.state = WorkingState::compact;
  CHECK(solves_compact(1000, o));
  o.force_sweeps = true;  // sweeps have no compact state
  CHECK_FALSE(solves_compact(1000, o));
}
