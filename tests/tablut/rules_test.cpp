// Each rule of docs/rules/tablut.md, with the smallest position that shows it and, where a
// rule has limits, the position just outside them.
#include <doctest/doctest.h>

#include "core/tablut/game.hpp"
#include "core/tablut/repetition.hpp"
#include "solver/game.hpp"
#include "tests/tablut/helpers.hpp"

using namespace zz::tablut;
using namespace zz::tablut::test;
using zz::Outcome;

static_assert(zz::Game<Tablut>);

namespace {
constexpr Color W = Color::White;
constexpr Color B = Color::Black;
bool black_at(const Position& p, std::string_view s) { return has(p.black, at(s)); }
bool white_at(const Position& p, std::string_view s) { return has(p.white, at(s)); }
}  // namespace

TEST_CASE("white captures a black pawn against each kind of anvil") {
  SUBCASE("a white pawn") { CHECK_FALSE(black_at(after(make("b3 d2", "c3", "e5", W), "d2-d3"), "c3")); }
  SUBCASE("the king") { CHECK_FALSE(black_at(after(make("d2", "c3", "b3", W), "d2-d3"), "c3")); }
  SUBCASE("the king as the mover") { CHECK_FALSE(black_at(after(make("b3", "c3", "d2", W), "d2-d3"), "c3")); }
  SUBCASE("the empty throne") {
    CHECK_FALSE(black_at(after(make("d3", "e4", "c7", W), "d3-e3"), "e4"));
    CHECK_FALSE(black_at(after(make("c6", "d5", "g7", W), "c6-c5"), "d5"));
  }
  SUBCASE("the throne holding the king") { CHECK_FALSE(black_at(after(make("d3", "e4", "e5", W), "d3-e3"), "e4")); }
  SUBCASE("a camp square, empty or occupied") {
    CHECK_FALSE(black_at(after(make("c2", "a3", "e5", W), "c2-a2"), "a3"));
    const Position q = after(make("c2", "a3 a4", "e5", W), "c2-a2");
    CHECK_FALSE(black_at(q, "a3"));
    CHECK(black_at(q, "a4"));
  }
  SUBCASE("a camp tip") { CHECK_FALSE(black_at(after(make("d7", "c5", "g7", W), "d7-d5"), "c5")); }
}

TEST_CASE("white captures: what is not an anvil") {
  SUBCASE("an empty ordinary square") { CHECK(black_at(after(make("d2", "c3", "g7", W), "d2-d3"), "c3")); }
  SUBCASE("a black pawn") { CHECK(black_at(after(make("d2", "b3 c3", "g7", W), "d2-d3"), "c3")); }
  SUBCASE("the middle of a camp's base (a5, e1, e9, i5)") {
    CHECK(black_at(after(make("c7", "b5", "g7", W), "c7-c5"), "b5"));
    CHECK(black_at(after(make("d3", "e2", "g7", W), "d3-e3"), "e2"));
    CHECK(black_at(after(make("g7", "h5", "c3", W), "g7-g5"), "h5"));
    CHECK(black_at(after(make("d7", "e8", "g3", W), "d7-e7"), "e8"));
  }
  SUBCASE("a black pawn inside its camp is never captured against its own camp") {
    CHECK(black_at(after(make("b3", "a4", "g7", W), "b3-a3"), "a4"));
    CHECK(black_at(after(make("c2", "d1", "g7", W), "c2-c1"), "d1"));
  }
  SUBCASE("pieces that did not move capture nothing") {
    CHECK(black_at(after(make("b3 d3 h7", "c3", "g7", W), "h7-h8"), "c3"));
  }
}

TEST_CASE("camp tips are captured by two white pieces") {
  CHECK_FALSE(black_at(after(make("b4 c6", "b5", "g7", W), "c6-b6"), "b5"));
  CHECK_FALSE(black_at(after(make("d2 f3", "e2", "g7", W), "f3-f2"), "e2"));
  CHECK_FALSE(black_at(after(make("h4 g6", "h5", "c3", W), "g6-h6"), "h5"));
  CHECK_FALSE(black_at(after(make("d8 f7", "e8", "c3", W), "f7-f8"), "e8"));
}

TEST_CASE("black captures a white pawn against each kind of anvil") {
  SUBCASE("a black pawn") { CHECK_FALSE(white_at(after(make("c3", "b3 d2", "g7", B), "d2-d3"), "c3")); }
  SUBCASE("an empty camp square") { CHECK_FALSE(white_at(after(make("a3", "c2", "g7", B), "c2-a2"), "a3")); }
  SUBCASE("an occupied camp square") { CHECK_FALSE(white_at(after(make("a7", "a6 c8", "g7", B), "c8-a8"), "a7")); }
  SUBCASE("the empty throne") { CHECK_FALSE(white_at(after(make("e4", "d3", "g7", B), "d3-e3"), "e4")); }
  SUBCASE("the throne holding the king") { CHECK_FALSE(white_at(after(make("e4", "d3", "e5", B), "d3-e3"), "e4")); }
}

TEST_CASE("black captures: what is not an anvil") {
  CHECK(white_at(after(make("c3", "d2", "b3", B), "d2-d3"), "c3"));      // the king
  CHECK(white_at(after(make("b3 c3", "d2", "g7", B), "d2-d3"), "c3"));   // a white pawn
  CHECK(white_at(after(make("c3", "d2", "g7", B), "d2-d3"), "c3"));      // an empty square
}

TEST_CASE("a piece moving between two enemies is not captured") {
  const Position black_moves = after(make("b3 d3", "c4", "g7", B), "c4-c3");
  CHECK(black_at(black_moves, "c3"));
  CHECK(white_at(black_moves, "b3"));
  CHECK(white_at(black_moves, "d3"));
  const Position white_moves = after(make("c4", "b3 d3", "g7", W), "c4-c3");
  CHECK(white_at(white_moves, "c3"));
  CHECK(black_at(white_moves, "b3"));
  CHECK(black_at(white_moves, "d3"));
  CHECK(after(make("", "c3 e3", "d2", W), "d2-d3").has_king());
}

TEST_CASE("one move may capture several pieces") {
  const Position w = after(make("b3 f3 d4", "c3 e3 d2", "g7", W), "d4-d3");
  CHECK(w.black == 0);
  CHECK(w.white_pawn_count() == 3);
  const Position b = after(make("c3 e3", "b3 f3 d4", "g7", B), "d4-d3");
  CHECK(b.white == 0);
  CHECK(b.black_pawn_count() == 3);
  // A white pawn and the king together.
  const Position both = after(make("c4", "e3 c5 b3", "d3", B), "b3-c3");
  CHECK_FALSE(both.has_king());
  CHECK_FALSE(white_at(both, "c4"));
}

TEST_CASE("king on the throne: captured only with black on all four sides") {
  const Tablut game;
  const Position q = after(make("", "e4 e6 d5 f3", "e5", B), "f3-f5");
  CHECK_FALSE(q.has_king());
  CHECK(game.outcome(q) == Outcome::loss(0));
  CHECK(after(make("", "e4 e6 f3", "e5", B), "f3-f5").has_king());
  CHECK(after(make("d5", "e4 e6 f3", "e5", B), "f3-f5").has_king());
}

TEST_CASE("king next to the throne: captured with black on the three other sides") {
  CHECK_FALSE(after(make("", "d4 f4 c3", "e4", B), "c3-e3").has_king());
  CHECK_FALSE(after(make("", "f4 f6 g3", "f5", B), "g3-g5").has_king());
  CHECK_FALSE(after(make("", "d4 d6 b5", "d5", B), "b5-c5").has_king());
  CHECK_FALSE(after(make("", "d6 f6 d7", "e6", B), "d7-e7").has_king());
  // Two sides on a line are not enough here, and the throne is no anvil.
  CHECK(after(make("", "d4 f3", "e4", B), "f3-f4").has_king());
  CHECK(after(make("", "d3", "e4", B), "d3-e3").has_king());
  CHECK(after(make("e3", "c4 f4", "e4", B), "c4-d4").has_king());
}

TEST_CASE("king elsewhere: captured by black on both sides along the line of the move") {
  CHECK_FALSE(after(make("", "b3 d2", "c3", B), "d2-d3").has_king());
  SUBCASE("camps are anvils, empty or occupied") {
    CHECK_FALSE(after(make("", "c3", "d2", B), "c3-d3").has_king());
    CHECK_FALSE(after(make("", "c3 a4", "b4", B), "c3-c4").has_king());
    CHECK_FALSE(after(make("", "g3 e2", "f2", B), "g3-g2").has_king());
  }
  SUBCASE("negative cases") {
    CHECK(after(make("", "c2 d2", "c3", B), "d2-d3").has_king());  // black beside, not beyond
    CHECK(after(make("b3", "d2", "c3", B), "d2-d3").has_king());    // white beyond
    CHECK(after(make("", "d2", "c3", B), "d2-d3").has_king());      // nothing beyond
  }
}

TEST_CASE("movement: the throne") {
  const Position p = make("e3", "", "c7", W);
  CHECK(legal(p, "e3-e4"));
  CHECK_FALSE(legal(p, "e3-e5"));
  CHECK_FALSE(legal(p, "e3-e6"));
  CHECK_FALSE(legal(make("", "", "e4", W), "e4-e5"));
  CHECK_FALSE(legal(make("", "", "e4", W), "e4-e6"));
  CHECK_FALSE(legal(make("", "d5", "c7", B), "d5-f5"));
  CHECK_FALSE(legal(make("", "d5", "c7", B), "d5-e5"));
  const Position on_throne = make("", "", "e5", W);
  CHECK(legal(on_throne, "e5-e3"));
  CHECK(legal(on_throne, "e5-c5"));
  CHECK_FALSE(legal(on_throne, "e5-e2"));
}

TEST_CASE("movement: white pieces never enter or pass a camp") {
  const Position p = make("c1", "", "g7", W);
  CHECK(legal(p, "c1-b1"));
  CHECK_FALSE(legal(p, "c1-d1"));
  CHECK_FALSE(legal(p, "c1-g1"));
  const Position k = make("", "", "c5", W);
  CHECK_FALSE(legal(k, "c5-b5"));
  CHECK_FALSE(legal(k, "c5-a5"));
  CHECK(legal(make("", "", "b4", W), "b4-b3"));
  CHECK_FALSE(legal(make("", "", "b4", W), "b4-a4"));
}

TEST_CASE("movement: black pawns and the camps") {
  SUBCASE("inside its camp a pawn moves within it and crosses it on the way out") {
    const Position p = make("", "a4", "g7", B);
    CHECK(legal(p, "a4-a5"));
    CHECK(legal(p, "a4-a6"));
    CHECK(legal(p, "a4-a9"));
    CHECK(legal(p, "a4-b4"));
    CHECK(legal(make("", "a5", "g7", B), "a5-b5"));
    CHECK_FALSE(legal(make("", "a4 a5", "g7", B), "a4-a9"));
  }
  SUBCASE("it never lands in or passes another camp") {
    const Position p = make("", "d1", "g7", B);
    CHECK(legal(p, "d1-d8"));
    CHECK_FALSE(legal(p, "d1-d9"));
    CHECK(legal(make("", "a4", "g7", B), "a4-h4"));
    CHECK_FALSE(legal(make("", "a4", "g7", B), "a4-i4"));
  }
  SUBCASE("once out, it never enters a camp again") {
    CHECK_FALSE(legal(make("", "a3", "g7", B), "a3-a4"));
    CHECK_FALSE(legal(make("", "a3", "g7", B), "a3-a7"));
    CHECK_FALSE(legal(make("", "c5", "g7", B), "c5-b5"));
    CHECK_FALSE(legal(make("", "c5", "g7", B), "c5-a5"));
  }
  SUBCASE("pieces block") {
    CHECK_FALSE(legal(make("a7", "a4", "g7", B), "a4-a8"));
    CHECK_FALSE(legal(make("c3", "a3", "g7", B), "a3-d3"));
    CHECK_FALSE(legal(make("", "a3", "g7", B), "a3-b2"));
  }
}

TEST_CASE("end of the game") {
  const Tablut game;
  CHECK_FALSE(game.outcome(game.start()).has_value());
  SUBCASE("king on an escape square, corners included: Black to move has lost") {
    for (const char* escape : {"a2", "a1", "i9", "c9", "i3"}) {
      const Position p = make("", "c7", escape, B);
      CHECK(game.outcome(p) == Outcome::loss(0));
      CHECK(count_moves(p) == 0);
    }
    CHECK(game.outcome(after(make("", "c7", "b2", W), "b2-b1")) == Outcome::loss(0));
  }
  SUBCASE("king captured: White to move has lost, and has no moves") {
    const Position p = make("c3", "d3", "", W);
    CHECK(game.outcome(p) == Outcome::loss(0));
    int moves = 0;
    game.for_each_move(p, [&](Move) { ++moves; });
    CHECK(moves == 0);
  }
  SUBCASE("no legal move loses") {
    CHECK(game.outcome(make("a2 b1", "a1", "g7", B)) == Outcome::loss(0));
    CHECK_FALSE(game.outcome(make("a2", "a1", "g7", B)).has_value());
  }
}

TEST_CASE("draw by repetition on the first repeated position") {
  const Tablut game;
  Position p = game.start();
  RepetitionHistory history(p);
  const char* moves[] = {"c5-c4", "d1-d2", "c4-c5", "d2-d3", "c5-c4", "d3-d2"};
  for (int i = 0; i < 6; ++i) {
    p = game.play(p, game.parse_move(p, moves[i]));
    CHECK(history.push(p) == (i == 5));
  }
  SUBCASE("a capture clears the history") {
    RepetitionHistory h(make("b3 d2", "c3 h8", "g7", W));
    Position q = after(make("b3 d2", "c3 h8", "g7", W), "d2-d3");
    CHECK_FALSE(h.push(q));
    CHECK(h.since_capture().size() == 1);
  }
}
