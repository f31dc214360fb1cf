// Quixo's rules against the plain reference of reference_rules.hpp, move counts, the tier
// index (round trips, symmetry and colour invariance) and un-moves.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/quixo/game.hpp"
#include "reference_rules.hpp"
#include "solver/game.hpp"
#include "solver/perft.hpp"

using namespace zz;
using zz::quixo::Quixo;

static_assert(Game<Quixo>);
static_assert(Enumerable<Quixo>);
static_assert(Unmovable<Quixo>);

namespace {

Quixo make(int n) {
  const std::vector<std::string> rules{"size=" + std::to_string(n)};
  return Quixo(parse_rules(Quixo::rule_options(), rules));
}

reference::State from_position(const Quixo& g, const Quixo::Position& p) {
  reference::State s(g.side());
  for (int sq = 0; sq < g.side() * g.side(); ++sq)
    s.cells[static_cast<std::size_t>(sq)] = p.cubes[quixo::X] >> sq & 1 ? 'x' : p.cubes[quixo::O] >> sq & 1 ? 'o' : '.';
  s.side = p.side == quixo::X ? 'x' : 'o';
  return s;
}

// Positions met along random games from the start (the game's own moves pick the way).
std::vector<Quixo::Position> random_positions(const Quixo& g, int games, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Quixo::Position> out;
  for (int i = 0; i < games; ++i) {
    Quixo::Position p = g.start();
    for (int ply = 0; ply < 60; ++ply) {
      out.push_back(p);
      std::vector<Quixo::Move> moves;
      g.for_each_move(p, [&](Quixo::Move m) { moves.push_back(m); });
      if (moves.empty()) break;
      p = g.play(p, moves[rng() % moves.size()]);
    }
  }
  return out;
}

Quixo::Position swap_colours(Quixo::Position p) {
  std::swap(p.cubes[0], p.cubes[1]);
  p.side = quixo::opponent(p.side);
  return p;
}

}  // namespace

TEST_CASE("the start position has 4 (3n - 4) pushes") {
  for (int n : {3, 4, 5}) {
    const Quixo g = make(n);
    int count = 0;
    g.for_each_move(g.start(), [&](Quixo::Move) { ++count; });
    CHECK(count == 4 * (3 * n - 4));
    CHECK(g.format(g.start()) == (n == 3 ? "3/3/3 x" : n == 4 ? "4/4/4/4 x" : "5/5/5/5/5 x"));
  }
}

TEST_CASE("moves, children and outcomes agree with the reference on random games") {
  for (int n : {3, 4, 5}) {
    CAPTURE(n);
    const Quixo g = make(n);
    for (const auto& p : random_positions(g, 200, 7 + n)) {
      const reference::State s = from_position(g, p);
      CAPTURE(reference::text(s));
      const auto o = g.outcome(p);
      const int r = reference::result(s);
      CHECK((o ? (o->value == Value::Win ? 1 : -1) : 0) == r);
      std::multiset<std::string> mine, theirs;
      g.for_each_move(p, [&](Quixo::Move m) {
        mine.insert(g.format_move(m) + " " + g.format(g.play(p, m)));
        CHECK(g.parse_move(p, g.format_move(m)) == m);
      });
      for (const auto& push : reference::pushes(s))
        theirs.insert(reference::square(push.from, n) + reference::square(push.to, n) + " " + reference::text(push.child));
      CHECK(mine == theirs);
    }
  }
}

TEST_CASE("a push that completes a line wins for its symbol; the opponent's line comes first") {
  const Quixo g = make(3);
  auto after = [&](const char* before, const char* move) {
    const auto p = g.parse(before);
    return g.play(p, g.parse_move(p, move));
  };
  // X completes its own column c: O, to move, has lost.
  const auto own = after("2x/o1x/o2 x", "b1c1");
  CHECK(g.format(own) == "2x/o1x/o1x o");
  CHECK(g.outcome(own) == Outcome::loss(0));
  // X's push slides O's b3 onto a3 and completes O's column a: O, to move, has won.
  const auto theirs = after("1o1/ox1/ox1 x", "a3c3");
  CHECK(g.format(theirs) == "o1x/ox1/ox1 o");
  CHECK(g.outcome(theirs) == Outcome::win(0));
  // The same push completing X's column c too: still O's win.
  const auto both = after("1o1/o1x/o1x x", "a3c3");
  CHECK(g.format(both) == "o1x/o1x/o1x o");
  CHECK(g.outcome(both) == Outcome::win(0));
  int moves = 0;
  g.for_each_move(both, [&](Quixo::Move) { ++moves; });
  CHECK(moves == 0);
  // Diagonals count, on every size.
  CHECK(g.outcome(g.parse("x1o/1x1/o1x o")) == Outcome::loss(0));
  const Quixo g4 = make(4);
  CHECK(g4.outcome(g4.parse("3o/2o1/1o2/ox2 x")) == Outcome::loss(0));
}

TEST_CASE("perft agrees with the reference and with the counts in docs/rules/quixo.md") {
  struct Case {
    int n, depth;
    std::uint64_t nodes;
  };
  for (const Case& c : {Case{3, 1, 20}, Case{3, 2, 356}, Case{3, 3, 6332}, Case{4, 1, 32}, Case{4, 2, 952},
                      Case{4, 3, 28312}, Case{5, 1, 44}, Case{5, 2, 1836}, Case{5, 3, 76596}}) {
    CAPTURE(c.n);
    CAPTURE(c.depth);
    const Quixo g = make(c.n);
    const std::uint64_t mine = perft(g, g.start(), c.depth);
    CHECK(mine == reference::perft(reference::State(c.n), c.depth));
    if (c.nodes) CHECK(mine == c.nodes);
    MESSAGE("perft " << c.n << "x" << c.n << " depth " << c.depth << ": " << mine);
  }
}

TEST_CASE("every used slot of 3x3 and 4x4 ranks back to itself") {
  for (int n : {3, 4}) {
    const Quixo g = make(n);
    std::uint64_t used = 0, slots = 0;
    for (int large = 0; large <= n * n; ++large)
      for (int small = 0; small <= large && small + large <= n * n; ++small) {
        const quixo::Tier t{static_cast<std::int8_t>(large), static_cast<std::int8_t>(small)};
        const std::uint64_t size = g.tier_size(t);
        slots += size;
        const std::uint64_t stride = n == 3 ? 1 : 1 + size / 20000;
        Quixo::Position p;
        for (std::uint64_t i = 0; i < size; i += stride) {
          if (!g.unrank(t, i, p)) continue;
          ++used;
          if (g.rank(p) != i || !(g.tier_of(p) == t)) {
            FAIL_CHECK(g.tier_name(t) << " slot " << i << ": " << g.format(p) << " ranks to " << g.rank(p));
            break;
          }
        }
      }
    MESSAGE(n << "x" << n << ": " << slots << " slots");
    CHECK(used > 0);
  }
}

TEST_CASE("symmetric and colour-swapped positions share a slot; a slot's position is in the orbit") {
  for (int n : {3, 4, 5}) {
    const Quixo g = make(n);
    const auto& sym = quixo::symmetries(n);
    for (const auto& p : random_positions(g, 40, 99 + n)) {
      const std::uint64_t r = g.rank(p);
      CHECK(g.rank(swap_colours(p)) == r);
      bool found = false;
      Quixo::Position back;
      REQUIRE(g.unrank(g.tier_of(p), r, back));
      for (int s = 0; s < kSymmetryCount; ++s) {
        Quixo::Position q = p;
        q.cubes = {sym.apply(s, p.cubes[0]), sym.apply(s, p.cubes[1])};
        CHECK(g.rank(q) == r);
        const Quixo::Position mover_first{{q.cubes[q.side], q.cubes[quixo::opponent(q.side)]}, quixo::X};
        found = found || mover_first == back;
      }
      CHECK(found);
    }
  }
}

TEST_CASE("un-moves are exactly the in-tier predecessors") {
  for (int n : {3, 4, 5}) {
    CAPTURE(n);
    const Quixo g = make(n);
    for (const auto& q : random_positions(g, 30, 5 + n)) {
      // Each un-move of q leads back to q by one of its moves.
      g.for_each_unmove(q, [&](const Quixo::Position& before) {
        CHECK(g.tier_of(before) == g.tier_of(q));
        bool leads = false;
        if (!g.outcome(before))
          g.for_each_move(before, [&](Quixo::Move m) { leads = leads || g.play(before, m) == q; });
        CHECK((leads || g.outcome(before)));
      });
      // Each in-tier child of q, as its slot's representative, un-moves to q's slot.
      g.for_each_move(q, [&](Quixo::Move m) {
        const auto c = g.play(q, m);
        if (!(g.tier_of(c) == g.tier_of(q))) return;
        Quixo::Position rep;
        REQUIRE(g.unrank(g.tier_of(c), g.rank(c), rep));
        bool found = false;
        g.for_each_unmove(rep, [&](const Quixo::Position& b) { found = found || g.rank(b) == g.rank(q); });
        CHECK(found);
      });
    }
  }
}
