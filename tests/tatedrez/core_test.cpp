#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/tatedrez/game.hpp"
#include "reference_rules.hpp"
#include "solver/game.hpp"

using namespace zz;
using zz::tatedrez::TateDrez;

static_assert(Game<TateDrez>);
static_assert(Enumerable<TateDrez>);
static_assert(Unmovable<TateDrez>);

namespace {

TateDrez make(std::vector<std::string> rules = {}) { return TateDrez(parse_rules(TateDrez::rule_options(), rules)); }

std::set<std::string> core_children(const TateDrez& g, const TateDrez::Position& p) {
  std::set<std::string> out;
  g.for_each_move(p, [&](TateDrez::Move m) {
    auto c = g.play(p, m);
    c.ply = 0;
    out.insert(g.format(c));
  });
  return out;
}

}  // namespace

TEST_CASE("every index of every tier round-trips through unrank and rank") {
  const TateDrez g = make();
  std::uint64_t used_total = 0;
  for (int t = 0; t <= tatedrez::kMovementTier; ++t) {
    std::uint64_t used = 0;
    TateDrez::Position p;
    for (std::uint64_t i = 0; i < g.tier_size(t); ++i) {
      if (!g.unrank(t, i, p)) continue;
      ++used;
      REQUIRE(g.tier_of(p) == t);
      REQUIRE(g.rank(p) == i);
    }
    used_total += used;
    CHECK(used > 0);
  }
  // Movement boards: 9!/3! arrangements times two sides, less those where the side to move
  // holds a line (the game ended before its turn).
  CHECK(g.tier_size(tatedrez::kMovementTier) == 2 * 60480);
  CHECK(used_total > 0);
}

TEST_CASE("movement and placement generation agree with an independent generator on every position") {
  for (const char* rule : {"no-move=draw", "no-move=pass"}) {
    const TateDrez g = make({rule});
    for (int t = 0; t <= tatedrez::kMovementTier; ++t) {
      TateDrez::Position p;
      for (std::uint64_t i = 0; i < g.tier_size(t); ++i) {
        if (!g.unrank(t, i, p)) continue;
        reference::Board b;
        const std::string text = g.format(p);
        {  // the reference board, rebuilt from the text the core prints
          int r = 2, f = 0;
          for (char c : text.substr(0, text.find(' '))) {
            if (c == '/') { --r; f = 0; continue; }
            if (c >= '1' && c <= '3') { f += c - '0'; continue; }
            b.cells[r * 3 + f++] = c;
          }
          b.white_to_move = text[text.find(' ') + 1] == 'w';
        }
        std::set<std::string> expected;
        const bool over = reference::line_of(b, !b.white_to_move);
        if (!over) {
          auto next = reference::pieces(b) < 6 ? reference::placements(b) : reference::steps(b);
          if (next.empty() && std::string(rule) == "no-move=pass") {
            reference::Board pass = b;
            pass.white_to_move = !b.white_to_move;
            next.push_back(pass);
          }
          for (const auto& n : next) expected.insert(reference::text(n));
        }
        REQUIRE_MESSAGE(core_children(g, p) == expected, text);
        const bool no_moves = !over && expected.empty();
        CHECK((g.outcome(p).has_value()) == (over || no_moves));
      }
    }
  }
}

TEST_CASE("un-moves are exactly the inverse of moves inside the movement tier") {
  for (const char* rule : {"no-move=draw", "no-move=pass"}) {
    const TateDrez g = make({rule});
    const int t = tatedrez::kMovementTier;
    std::multiset<std::pair<std::uint64_t, std::uint64_t>> forward, backward;
    TateDrez::Position p;
    for (std::uint64_t i = 0; i < g.tier_size(t); ++i) {
      if (!g.unrank(t, i, p)) continue;
      if (!g.outcome(p)) g.for_each_move(p, [&](TateDrez::Move m) { forward.insert({i, g.rank(g.play(p, m))}); });
      g.for_each_unmove(p, [&](const TateDrez::Position& q) {
        // The solver skips predecessors that are finished or are unused index slots.
        TateDrez::Position canonical;
        if (!g.outcome(q) && g.unrank(t, g.rank(q), canonical)) backward.insert({g.rank(q), i});
      });
    }
    CHECK(forward.size() > 100000);
    CHECK(forward == backward);
  }
}

TEST_CASE("the round limit and passes count movement plies") {
  const TateDrez g = make({"rounds=1"});
  auto p = g.parse("Rbn/3/rBN w");
  CHECK(g.plies_left(p) == 2);
  auto first_move = [&](const TateDrez::Position& q) {
    TateDrez::Move chosen{};
    bool found = false;
    g.for_each_move(q, [&](TateDrez::Move m) {
      if (!found) chosen = m;
      found = true;
    });
    REQUIRE(found);
    return chosen;
  };
  p = g.play(p, first_move(p));
  CHECK(p.ply == 1);
  CHECK(g.plies_left(p) == 1);
  p = g.play(p, first_move(p));
  CHECK(p.ply == 2);
  CHECK(g.outcome(p).has_value());
  int moves = 0;
  g.for_each_move(p, [&](TateDrez::Move) { ++moves; });
  CHECK(moves == 0);
  CHECK(g.plies_left(g.parse("3/3/3 w")) == std::nullopt);
  const TateDrez unlimited = make({"rounds=0"});
  CHECK(unlimited.plies_left(unlimited.parse("Rbn/3/rBN w")) == std::nullopt);

  // Black's knight b2 has no square on this board; its rook a1 is walled in by a2 and b1,
  // and its bishop c1 by its own knight.
  const TateDrez pass = make({"no-move=pass"});
  const auto stuck = pass.parse("2N/Rn1/rBb b 1");
  std::vector<std::string> moves_of_black;
  pass.for_each_move(stuck, [&](TateDrez::Move m) { moves_of_black.push_back(pass.format_move(m)); });
  CHECK(moves_of_black == std::vector<std::string>{"pass"});
  const auto after = pass.play(stuck, pass.parse_move(stuck, "pass"));
  CHECK(pass.format(after) == "2N/Rn1/rBb w 2");
  const TateDrez draw = make();
  CHECK(draw.outcome(draw.parse("2N/Rn1/rBb b 1")) == Outcome::draw());
}

TEST_CASE("a line made by the third placement wins at once") {
  const TateDrez g = make();
  auto p = g.parse("rb1/3/RB1 w");
  p = g.play(p, g.parse_move(p, "N@c1"));
  CHECK(g.outcome(p) == Outcome::loss(0));
  int moves = 0;
  g.for_each_move(p, [&](TateDrez::Move) { ++moves; });
  CHECK(moves == 0);
}
