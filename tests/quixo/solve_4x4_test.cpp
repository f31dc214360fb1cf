// Opt-in (HEAVY): the 4x4 tables. The start is a win for X in 21 plies, as GamesmanOne
// finds; sweeps and un-moves agree on a sample of tiers.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "core/quixo/game.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::quixo::Quixo;

TEST_CASE("4x4: X wins from the start in 21 plies") {
  const Quixo g(parse_rules(Quixo::rule_options(), std::vector<std::string>{"size=4"}));
  const std::vector<quixo::Tier> roots{g.tier_of(g.start())};
  const auto tables = solve_in_memory(g, std::span<const quixo::Tier>(roots));
  const Outcome start = tables.at("0v0").outcome(g.rank(g.start()));
  CHECK(start == Outcome::win(21));
  // Every best move of the start keeps the win; the principal line ends in 21 plies.
  Quixo::Position p = g.start();
  int plies = 0;
  while (!g.outcome(p)) {
    std::optional<Outcome> best;
    Quixo::Move chosen;
    g.for_each_move(p, [&](Quixo::Move m) {
      const auto c = g.play(p, m);
      const Outcome o = from_child(g.outcome(c) ? *g.outcome(c) : tables.at(g.tier_name(g.tier_of(c))).outcome(g.rank(c)));
      if (!best || better(o, *best)) best = o, chosen = m;
    });
    REQUIRE(best);
    p = g.play(p, chosen);
    ++plies;
  }
  CHECK(plies == 21);
  CHECK(g.outcome(p) == Outcome::loss(0));  // X made the last push
}
