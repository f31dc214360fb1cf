#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/tatedrez/game.hpp"

using namespace zz;
using zz::tatedrez::TateDrez;

namespace {
TateDrez make() { return TateDrez(parse_rules(TateDrez::rule_options(), {})); }
}  // namespace

TEST_CASE("position text round-trips exactly") {
  const TateDrez g = make();
  for (std::string text : {"3/3/3 w", "rN1/1R1/nbB w 4", "1R1/3/3 b", "Rbn/3/rBN b 7", "2N/Rn1/rBb b 3", "2N/Rn1/rBb b"})
    CHECK(g.format(g.parse(text)) == text);
  // A count equal to the one a missing count stands for is not written.
  CHECK(g.format(g.parse("2N/Rn1/rBb b 1")) == "2N/Rn1/rBb b");
  CHECK(g.format(g.parse("rN1/1R1/nbB w 0")) == "rN1/1R1/nbB w");
  CHECK(g.format(g.parse("start")) == "3/3/3 w");
  // Every position of every tier prints a text that parses back to it.
  for (int t = 0; t <= tatedrez::kMovementTier; ++t) {
    TateDrez::Position p;
    for (std::uint64_t i = 0; i < g.tier_size(t); ++i)
      if (g.unrank(t, i, p)) REQUIRE(g.parse(g.format(p)) == p);
  }
}

TEST_CASE("malformed and impossible positions are rejected with a reason") {
  const TateDrez g = make();
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "squares"},
      {"3/3 w", "ranks"},
      {"3/3/3", "after the board"},
      {"3/3/3 x", "side to move"},
      {"4/3/3 w", "unknown piece letter"},
      {"RBN1/3/3 b", "more than 3"},
      {"2/3/3 w", "2 squares"},
      {"RR1/3/3 b", "two white"},
      {"3/3/3 w x", "ply count"},
      {"3/3/3 w -1", "ply count"},
      {"q2/3/3 b", "unknown piece"},
      {"R2/3/3 w", "turn"},
      {"r2/3/3 w", "cannot arise"},
      // The example of the rules text: White has placed two pieces and Black three.
      {"rN1/1R1/nb1 w 4", "cannot arise"},
      {"RBN/rbn/3 w", "both sides"},
      {"RBN/rb1/n2 w", "side to move holds a line"},
      {"R2/3/3 b 2", "in hand"},
      {"rN1/1R1/nbB w 3", "turn"},
      {"rN1/1R1/nbB w 61", "exceeds"},
      {"3/3/3 w  ", "ply count"},
  };
  for (const auto& [text, why] : bad) {
    CAPTURE(text);
    try {
      g.parse(text);
      FAIL("accepted " << text);
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(why) != std::string::npos);
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  }
}

TEST_CASE("moves parse only when legal") {
  const TateDrez g = make();
  const auto start = g.start();
  CHECK(g.format_move(g.parse_move(start, "N@b2")) == "N@b2");
  CHECK(g.format_move(g.parse_move(start, "r@a1")) == "R@a1");
  CHECK_THROWS_AS(g.parse_move(start, "a1a2"), InputError);
  CHECK_THROWS_AS(g.parse_move(start, "N@d4"), InputError);
  CHECK_THROWS_AS(g.parse_move(start, "Q@a1"), InputError);
  CHECK_THROWS_AS(g.parse_move(start, "pass"), InputError);
  CHECK_THROWS_AS(g.parse_move(start, ""), InputError);
  const auto p = g.parse("rN1/1R1/nbB w 4");
  CHECK(g.format_move(g.parse_move(p, "b2c2")) == "b2c2");
  CHECK_THROWS_AS(g.parse_move(p, "b3a1"), InputError);   // a1 is occupied
  CHECK_THROWS_AS(g.parse_move(p, "b2b3"), InputError);   // occupied by its own knight
  CHECK_THROWS_AS(g.parse_move(p, "a3a2"), InputError);   // Black's rook, White to move
  CHECK_THROWS_AS(g.parse_move(p, "N@c3"), InputError);   // placement is over
}
