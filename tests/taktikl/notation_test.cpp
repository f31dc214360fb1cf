#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/taktikl/game.hpp"

using namespace zz;
using zz::taktikl::TakTikl;

namespace {
TakTikl make(std::vector<std::string> rules = {}) { return TakTikl(parse_rules(TakTikl::rule_options(), rules)); }
}  // namespace

TEST_CASE("position text round-trips exactly") {
  const TakTikl g = make();
  for (std::string text : {"oxox/4/4/xoxo x - -", "oxox/4/x3/1oxo o a1a2 -", "o1ox/1x2/x3/1oxo x a1a2 b4a4 2",
                           "oxox/4/4/xoxo x - - 148"})
    CHECK(g.format(g.parse(text)) == text);
  CHECK(g.format(g.parse("oxox/4/4/xoxo x")) == "oxox/4/4/xoxo x - -");
  CHECK(g.format(g.parse("start")) == "oxox/4/4/xoxo x - -");
}

TEST_CASE("malformed and impossible positions are rejected with a reason") {
  const TakTikl g = make();
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "expected BOARD SIDE"},
      {"oxox/4/4/xoxo", "expected BOARD SIDE"},
      {"oxox/4/4/xoxo y - -", "side to move"},
      {"oxox/4/4 x - -", "ranks"},
      {"oxox/4/4/xoxo/4 x - -", "more than 4 ranks"},
      {"oxox/5/4/xoxo x - -", "unknown character"},
      {"oxoxo/3/4/xoxo x - -", "more than 4"},
      {"oxo/4/4/xoxo x - -", "3 squares"},
      {"oxox/x3/4/xoxo x - -", "X has 5 pieces"},
      {"oxox/4/4/xox1 x - -", "O has 3 pieces"},
      {"oxox/4/4/xoxo x a1 -", "not like a1a2"},
      {"oxox/4/4/xoxo x a1b2 -", "orthogonal step"},
      {"oxox/4/4/xoxo x - a1a2", "does not end on an O piece"},
      {"oxox/4/x3/1oxo o a2a1 -", "does not end on an X piece"},
      {"oxox/4/4/xoxo o b2b1 -", "does not end on an X piece"},
      {"oxox/4/4/xoxo o b1a1 -", "just moved from b1"},
      {"oxox/4/4/xoxo x - - 3", "turn"},
      {"oxox/4/4/xoxo x - - 152", "exceeds"},
      {"oxox/4/4/xoxo x - - -1", "ply count"},
      {"xxxo/4/xo2/1o1o x - -", "side to move holds a line"},
      {"xxxo/ooo1/4/x3 o - -", "both sides"},
      {"oxox/4/4/xoxo  x - -", "side to move"},
  };
  for (const auto& [text, why] : bad) {
    CAPTURE(text);
    try {
      g.parse(text);
      FAIL("accepted " << text);
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(why) != std::string::npos);
    }
  }
}

TEST_CASE("moves parse only when legal, and the no-return rule is enforced") {
  const TakTikl g = make();
  auto p = g.start();
  p = g.play(p, g.parse_move(p, "a1a2"));
  p = g.play(p, g.parse_move(p, "b1a1"));
  CHECK(g.format(p) == "oxox/4/x3/o1xo x a1a2 b1a1 2");
  p = g.play(p, g.parse_move(p, "c1b1"));
  p = g.play(p, g.parse_move(p, "c4c3"));
  // X's a2 piece may not go back to a1 (occupied anyway); b1 may not go back to c1.
  CHECK_THROWS_WITH_AS(g.parse_move(p, "b1c1"), doctest::Contains("no-return"), InputError);
  CHECK_THROWS_WITH_AS(g.parse_move(p, "a2b3"), doctest::Contains("one square"), InputError);
  CHECK_THROWS_WITH_AS(g.parse_move(p, "a4a3"), doctest::Contains("no piece"), InputError);
  CHECK_THROWS_WITH_AS(g.parse_move(p, "a2a1"), doctest::Contains("occupied"), InputError);
  CHECK_THROWS_AS(g.parse_move(p, "pass"), InputError);
  CHECK_THROWS_AS(g.parse_move(p, "e1e2"), InputError);
  const TakTikl free = make({"no-return=off"});
  auto q = free.parse(g.format(p));
  CHECK(free.format_move(free.parse_move(q, "b1c1")) == "b1c1");
}

TEST_CASE("the move limit ends the game in a draw") {
  const TakTikl g = make({"moves=4"});
  auto p = g.parse("oxox/4/4/xoxo x - - 4");
  CHECK(g.outcome(p) == Outcome::draw());
  CHECK(g.plies_left(g.start()) == 4);
  CHECK(make({"moves=0"}).plies_left(g.start()) == std::nullopt);
}
