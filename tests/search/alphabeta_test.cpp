// The best-move search finds the forced results a solved table knows, with the right
// distance, and a move that keeps them.
#include <doctest/doctest.h>

#include <array>
#include <random>

#include "core/tablut/game.hpp"
#include "core/taktikl/game.hpp"
#include "solver/search/alphabeta.hpp"
#include "solver/search/oracle.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;

TEST_CASE("alpha-beta finds every short forced win and loss of Tak Tikl with its distance") {
  const taktikl::TakTikl game(parse_rules(taktikl::TakTikl::rule_options(), std::vector<std::string>{"no-return=off"}));
  const std::array<taktikl::Tier, 1> roots{taktikl::Tier{}};
  const auto tables = solve_in_memory(game, std::span<const taktikl::Tier>(roots));
  const TierTable& table = tables.at("all");
  std::mt19937_64 rng(5);
  int checked = 0;
  taktikl::Position p;
  while (checked < 150) {
    const std::uint64_t i = rng() % table.size();
    if (!table.used(i) || !game.unrank(taktikl::Tier{}, i, p) || game.outcome(p)) continue;
    const Outcome o = table.outcome(i);
    if (o.value == Value::Draw || o.remoteness > 5) continue;
    AlphaBetaLimits limits;
    limits.max_depth = o.remoteness;
    const auto r = best_move(game, NoOracle{}, p, {}, limits);
    REQUIRE(r.best);
    CAPTURE(game.format(p));
    CHECK(std::abs(r.score) > kDecisiveScore);
    CHECK((r.score > 0) == (o.value == Value::Win));
    CHECK(plies_to_end(r.score) == o.remoteness);
    const Outcome after = from_child(table.outcome(game.rank(game.play(p, *r.best))));
    if (o.value == Value::Win) CHECK(after == o);
    ++checked;
  }
}

TEST_CASE("alpha-beta sees a king's escape in one move, and Black stopping a double threat is impossible") {
  const tablut::Tablut game;
  // The king on c3 with open roads along row 3 to a3 and along column c to c1.
  const auto p = game.parse("9/9/2K6/9/9/9/9/4B4/9 w");
  AlphaBetaLimits limits;
  limits.max_depth = 3;
  const auto r = best_move(game, NoOracle{}, p, {}, limits);
  REQUIRE(r.best);
  CHECK(r.score == kWinScore - 1);
  CHECK(game.outcome(game.play(p, *r.best)) == Outcome::loss(0));
}
