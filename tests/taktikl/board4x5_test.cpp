// Tac-Tickle on Ruderman's 4x5 board (rule board=4x5): rules on hand-made positions, move
// counts from the start against the plain reference enumerator, notation, the index and
// which symmetries really hold.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/taktikl/game.hpp"
#include "reference_rules.hpp"

using namespace zz;
using zz::taktikl::TakTikl;

namespace {

TakTikl make5(std::vector<std::string> rules = {}) {
  rules.push_back("board=4x5");
  return TakTikl(parse_rules(TakTikl::rule_options(), rules));
}

const taktikl::Tier kWhole{};

std::vector<std::string> sorted_moves(const TakTikl& g, const TakTikl::Position& p) {
  std::vector<std::string> moves;
  g.for_each_move(p, [&](TakTikl::Move m) { moves.push_back(g.format_move(m)); });
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::uint64_t core_perft(const TakTikl& g, const TakTikl::Position& p, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  g.for_each_move(p, [&](TakTikl::Move m) { n += depth == 1 ? 1 : core_perft(g, g.play(p, m), depth - 1); });
  return n;
}

// The same count from the reference rules: plain recursion over the character board.
std::uint64_t reference_perft(const reference::State& s, const reference::Rules& rules, int depth) {
  if (depth == 0) return 1;
  if (reference::three_in_a_row(s, s.side == 'x' ? 'o' : 'x')) return 0;
  std::uint64_t n = 0;
  for (const auto& next : reference::successors(s, rules)) n += reference_perft(next, rules, depth - 1);
  return n;
}

// Used slots drawn at random.
std::vector<std::uint64_t> sample_slots(const TakTikl& g, std::size_t want, std::uint64_t seed) {
  std::vector<std::uint64_t> out;
  std::mt19937_64 rng(seed);
  TakTikl::Position p;
  const std::uint64_t n = g.tier_size(kWhole);
  while (out.size() < want) {
    const std::uint64_t i = rng() % n;
    if (g.unrank(kWhole, i, p)) out.push_back(i);
  }
  return out;
}

}  // namespace

TEST_CASE("4x5: the start, its moves, and the board's 34 lines") {
  const TakTikl g = make5();
  CHECK(g.format(g.start()) == "oxox/4/4/4/xoxo x - -");
  CHECK(g.format(g.parse("start")) == "oxox/4/4/4/xoxo x - -");
  CHECK(sorted_moves(g, g.start()) == std::vector<std::string>{"a1a2", "b5b4", "c1c2", "d5d4"});
  CHECK(g.geometry().line_count() == 34);
  CHECK(g.geometry().squares() == 20);
  CHECK(make5({}).table_rules() == RuleValues{{"board", "4x5"}, {"no-move", "draw"}, {"no-return", "on"}});
  // The default board keeps the table folder it had before the option existed.
  CHECK(TakTikl(parse_rules(TakTikl::rule_options(), {})).table_rules() ==
        RuleValues{{"no-move", "draw"}, {"no-return", "on"}});
}

TEST_CASE("4x5: lines through the fifth rank win, and every line agrees with the reference") {
  const TakTikl g = make5();
  // O to move faces X's lines a3-a4-a5 (file), b3-c4-d5 (rising), d3-c4-b5 (falling) and
  // b5-c5-d5 (rank).
  for (const char* text : {"x3/x3/x1o1/1o2/1oox o - -", "3x/2x1/ox2/3o/xo1o o - -", "ox2/2x1/o2x/4/xo1o o - -",
                           "1xxx/o3/4/o3/xo1o o - -"}) {
    CAPTURE(text);
    const auto p = g.parse(text);
    CHECK(g.outcome(p) == Outcome::loss(0));
    CHECK(sorted_moves(g, p).empty());
    CHECK(reference::three_in_a_row(reference::from_text(text), 'x'));
  }
  const auto bent = g.parse("xx2/2x1/1o1o/x3/o1o1 x - -");  // X's a5 b5 c4 a2: no line
  CHECK(!g.outcome(bent));
  // Every move of the side to move agrees with the reference generator here.
  std::set<std::string> mine, theirs;
  g.for_each_move(bent, [&](TakTikl::Move m) { mine.insert(g.format(g.play(bent, m))); });
  for (const auto& n : reference::successors(reference::from_text(g.format(bent)), {true, reference::NoMove::Draw}))
    theirs.insert(reference::text(n));
  CHECK(mine == theirs);
  // A piece on the fifth rank steps down or sideways; c1 and d1 are boxed in.
  CHECK(sorted_moves(g, g.parse("ox2/4/4/2ox/ooxx x - -")) == std::vector<std::string>{"b5b4", "b5c5", "d2d3"});
}

TEST_CASE("4x5: move counts from the start equal the reference enumerator's, under every rule") {
  for (const char* no_return : {"no-return=on", "no-return=off"})
    for (const char* no_move : {"no-move=draw", "no-move=pass", "no-move=loss"}) {
      const std::string rules_text = std::string(no_return) + " " + no_move;
      CAPTURE(rules_text);
      const TakTikl g = make5({no_return, no_move});
      const reference::Rules rules{std::string(no_return) == "no-return=on",
                                   std::string(no_move) == "no-move=pass" ? reference::NoMove::Pass
                                                                           : reference::NoMove::Draw};
      for (int depth = 1; depth <= 6; ++depth) {
        CAPTURE(depth);
        CHECK(core_perft(g, g.start(), depth) == reference_perft(reference::start(5), rules, depth));
      }
    }
  // The first counts, for the rules document (no-return on; off differs from ply 3).
  const TakTikl g = make5();
  std::vector<std::uint64_t> counts;
  for (int depth = 1; depth <= 6; ++depth) counts.push_back(core_perft(g, g.start(), depth));
  CHECK(counts == std::vector<std::uint64_t>{4, 22, 138, 826, 5'982, 41'702});
}

TEST_CASE("4x5: position text round-trips, and refusals name the board") {
  const TakTikl g = make5();
  for (std::string text : {"oxox/4/4/4/xoxo x - -", "oxox/4/4/x3/1oxo o a1a2 -", "o1ox/1x2/4/x3/1oxo x a1a2 b5a5 2",
                           "oxox/4/4/4/xoxo x - - 148", "ox2/2x1/o2x/4/xo1o o c5c4 -"})
    CHECK(g.format(g.parse(text)) == text);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"oxox/4/4/xoxo x - -", "expected 5 ranks separated by '/'"},
      {"oxox/4/4/4/4/xoxo x - -", "more than 5 ranks"},
      {"oxox/4/4/4/xoxo x a5a6 -", "is not like a1a2 or -"},
      {"oxox/5/4/4/xoxo x - -", "unknown character '5'"},
      {"oxox/4/4/4/xoxo x - b5b4", "does not end on an O piece"},
  };
  for (const auto& [text, why] : bad) {
    CAPTURE(text);
    CHECK_THROWS_WITH_AS(g.parse(text), doctest::Contains(why.c_str()), InputError);
  }
  // Squares of the fifth rank exist only on this board.
  auto p = g.play(g.start(), g.parse_move(g.start(), "b5b4"));
  CHECK(g.format(p) == "o1ox/1x2/4/4/xoxo o b5b4 -");
  const TakTikl four(parse_rules(TakTikl::rule_options(), {}));
  CHECK_THROWS_WITH_AS(four.parse_move(four.start(), "b5b4"), doctest::Contains("expected a move like a1a2"), InputError);
  CHECK_THROWS_WITH_AS(g.parse_move(g.start(), "b5b6"), doctest::Contains("expected a move like a1a2"), InputError);
}

TEST_CASE("4x5: the index round-trips sampled slots; mirror images and colour swaps share a slot") {
  for (const char* rule : {"no-return=off", "no-return=on"}) {
    CAPTURE(rule);
    const TakTikl g = make5({rule});
    std::mt19937_64 rng(5);
    TakTikl::Position p;
    for (std::uint64_t i : sample_slots(g, 20000, 17)) {
      g.unrank(kWhole, i, p);
      REQUIRE_MESSAGE(g.rank(p) == i, g.format(p));
      REQUIRE(g.parse(g.format(p)) == p);
      // Its images under the 4 symmetries of the rectangle, in either colour.
      const auto s = reference::from_text(g.format(p));
      const auto t = reference::transformed(s, static_cast<int>(rng() % 4), rng() % 2);
      REQUIRE_MESSAGE(g.rank(g.parse(reference::text(t))) == i, reference::text(t));
    }
  }
}

TEST_CASE("4x5: moves agree with the reference generator and un-moves invert them") {
  for (const char* rule : {"no-return=on", "no-return=off"})
    for (const char* no_move : {"no-move=draw", "no-move=pass", "no-move=loss"}) {
      const std::string rules_text = std::string(rule) + " " + no_move;
      CAPTURE(rules_text);
      const TakTikl g = make5({rule, no_move});
      const reference::Rules rules{std::string(rule) == "no-return=on",
                                   std::string(no_move) == "no-move=pass" ? reference::NoMove::Pass
                                                                           : reference::NoMove::Draw};
      std::size_t predecessors = 0;
      for (std::uint64_t i : sample_slots(g, 4000, 23)) {
        TakTikl::Position p, canonical;
        g.unrank(kWhole, i, p);
        std::set<std::string> mine, theirs;
        g.for_each_move(p, [&](TakTikl::Move m) {
          auto c = g.play(p, m);
          c.ply = 0;
          if (!g.no_return()) c.memory = {};
          mine.insert(g.format(c));
        });
        const auto s = reference::from_text(g.format(p));
        if (!reference::three_in_a_row(s, s.side == 'x' ? 'o' : 'x'))
          for (auto n : reference::successors(s, rules)) {
            if (!rules.no_return) n.last_from[0] = n.last_from[1] = n.last_to[0] = n.last_to[1] = -1;
            theirs.insert(reference::text(n));
          }
        REQUIRE_MESSAGE(mine == theirs, g.format(p));
        g.for_each_unmove(p, [&](const TakTikl::Position& q) {
          if (!g.unrank(kWhole, g.rank(q), canonical) || g.outcome(q)) return;
          bool found = false;
          g.for_each_move(q, [&](TakTikl::Move m) { found = found || g.rank(g.play(q, m)) == i; });
          REQUIRE_MESSAGE(found, g.format(q) << " -> " << g.format(p));
          ++predecessors;
        });
        if (g.outcome(p)) continue;
        g.for_each_move(p, [&](TakTikl::Move m) {
          TakTikl::Position child;
          g.unrank(kWhole, g.rank(g.play(p, m)), child);
          bool found = false;
          g.for_each_unmove(child, [&](const TakTikl::Position& q) { found = found || g.rank(q) == i; });
          REQUIRE_MESSAGE(found, g.format(p) << " -> " << g.format(child));
        });
      }
      CHECK(predecessors > 4000);
    }
}

// Which symmetries hold is a property of the rules, checked here without the index: the
// reference search values a position and its images alike. The start position is not
// mirror-symmetric (the mirrors swap its colours), yet values are: the rules treat both
// colours alike and never look at who moved first.
TEST_CASE("4x5: mirrors, the half turn and colour swaps keep every value (brute force)") {
  const TakTikl g = make5();
  reference::LimitedSearch search({true, reference::NoMove::Draw});
  int decided = 0;
  for (std::uint64_t i : sample_slots(g, 300, 29)) {
    TakTikl::Position p;
    g.unrank(kWhole, i, p);
    const auto s = reference::from_text(g.format(p));
    const int value = search.value(s, 4);
    decided += value != 0;
    for (int k = 1; k < 8; ++k) {
      const auto t = reference::transformed(s, k % 4, k >= 4);
      CAPTURE(reference::text(s));
      CAPTURE(reference::text(t));
      CHECK(search.value(t, 4) == value);
    }
    search.clear();
  }
  CHECK(decided > 30);
  // The start is its own image under the half turn; a mirror gives the colour-swapped board.
  const auto start = reference::start(5);
  CHECK(reference::transformed(start, 3, false).cells == start.cells);
  CHECK(reference::transformed(start, 1, true).cells == start.cells);
  CHECK(reference::transformed(start, 2, true).cells == start.cells);
}
