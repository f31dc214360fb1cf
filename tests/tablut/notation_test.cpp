// Position and move text: both input forms, exact round trips, and a reason for every rejection.
#include <doctest/doctest.h>

#include <string>

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "tests/tablut/helpers.hpp"

using namespace zz::tablut;
using namespace zz::tablut::test;

namespace {

// The InputError message parse gives for text, or "" when it parses.
std::string rejection(std::string_view text) {
  try {
    parse_position(text);
  } catch (const zz::InputError& e) {
    return e.what();
  }
  return {};
}

bool mentions(const std::string& message, std::string_view part) { return message.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the start position in both forms") {
  const Tablut game;
  const Position start = game.start();
  CHECK(game.format(start) == kStartText);
  CHECK(start.white_pawn_count() == 8);
  CHECK(start.black_pawn_count() == 16);
  CHECK(start.king == at("e5"));
  CHECK(start.turn == Color::White);
  CHECK(format_server_board(start) ==
        "OOOBBBOOOOOOOBOOOOOOOOWOOOOBOOOWOOOBBBWWKWWBBBOOOWOOOBOOOOWOOOOOOOOBOOOOOOOBBBOOOW");
  CHECK(game.parse("OOOBBBOOOOOOOBOOOOOOOOWOOOOBOOOWOOOBBBWWKWWBBBOOOWOOOBOOOOWOOOOOOOOBOOOOOOOBBBOOOW") == start);
  CHECK(game.parse("OOOBBBOOOOOOOBOOOOOOOOWOOOOBOOOWOOOBBBWWKWWBBBOOOWOOOBOOOOWOOOOOOOOBOOOOOOOBBBOOO W") == start);
  CHECK(game.parse("  3BBB3/4B4/4W4/B3W3B/BBWWKWWBB/B3W3B/4W4/4B4/3BBB3   w \n") == start);
}

TEST_CASE("format and parse are inverse, the server form too") {
  const Tablut game;
  for (const Position& p : {game.start(), make("c3", "d3 a4", "g7", Color::Black), make("c3", "d3", "", Color::White),
                            make("", "", "e4", Color::White), make("", "a5 e2", "a2", Color::Black)}) {
    CHECK(game.parse(game.format(p)) == p);
    CHECK(game.parse(format_server_board(p)) == p);
  }
  CHECK(game.format(game.parse("9/9/9/9/4K4/9/9/9/9 b")) == "9/9/9/9/4K4/9/9/9/9 b");
  CHECK(game.format(game.parse("45/9/9/9/4K4/9/9/9/9 b")) == "9/9/9/9/4K4/9/9/9/9 b");
  CHECK_FALSE(game.parse(std::string(81, 'O') + "W").has_king());
  CHECK(game.parse(std::string(80, 'O') + "K b").king == at("i9"));
}

TEST_CASE("bad positions are rejected with what and where") {
  const std::string nine_rows = "9/9/9/9/4K4/9/9/9/9";
  CHECK(mentions(rejection(""), "empty"));
  CHECK(mentions(rejection("9/9/9/9/4K4/9/9/9 w"), "8 rows"));
  CHECK(mentions(rejection("9/9/9/9/4K4/9/9/9/9/9 w"), "10 rows"));
  CHECK(mentions(rejection("9/9/8/9/4K4/9/9/9/9 w"), "row 3 has 8 squares"));
  CHECK(mentions(rejection("9/9/9/9/4K5/9/9/9/9 w"), "row 5 has 10 squares"));
  CHECK(mentions(rejection("9/9/9/9/4Q4/9/9/9/9 w"), "row 5: bad character 'Q'"));
  CHECK(mentions(rejection("9/9/9/9/4K4/9/9/9/0 w"), "row 9: bad character '0'"));
  CHECK(mentions(rejection(nine_rows), "missing side to move"));
  CHECK(mentions(rejection(nine_rows + " x"), "bad side to move 'x'"));
  CHECK(mentions(rejection(nine_rows + " white"), "bad side to move"));
  CHECK(mentions(rejection("K8/9/9/9/4K4/9/9/9/9 b"), "two kings, on a1 and e5"));
  CHECK(mentions(rejection("9/9/9/9/4W4/9/9/9/9 w"), "white pawn on the throne"));
  CHECK(mentions(rejection("9/9/9/9/4B4/9/9/9/9 w"), "black pawn on the throne"));
  CHECK(mentions(rejection("9/9/9/W8/4K4/9/9/9/9 w"), "white pawn on the camp square a4"));
  CHECK(mentions(rejection("9/4K4/9/9/9/9/9/9/9 w"), "king on the camp square e2"));
  CHECK(mentions(rejection("9/9/WWWWWWWWW/9/4K4/9/9/9/9 b"), "9 white pawns"));
  CHECK(mentions(rejection("BBBBBBBBB/BBBBBBBB1/9/9/4K4/9/9/9/9 w"), "17 black pawns"));
  CHECK(mentions(rejection("9/9/9/9/9/9/9/9/9 b"), "no king with Black to move"));
  CHECK(mentions(rejection("9/K8/9/9/9/9/9/9/9 w"), "escape square a2 with White to move"));
  CHECK(rejection("9/K8/9/9/9/9/9/9/9 b").empty());
}

TEST_CASE("bad server boards are rejected with what and where") {
  const std::string empty81(81, 'O');
  std::string king = empty81;
  king[40] = 'K';
  CHECK(rejection(king + "W").empty());
  CHECK(mentions(rejection(king.substr(1) + "W"), "80 squares"));
  CHECK(mentions(rejection(king + "OW"), "82 squares"));
  CHECK(mentions(rejection(king + "X"), "bad side to move 'X'"));
  std::string bad = king;
  bad[22] = 'x';
  CHECK(mentions(rejection(bad + "W"), "bad character 'x' on e3"));
  bad = king;
  bad[0] = 'T';
  CHECK(mentions(rejection(bad + "W"), "'T' (the empty throne) on a1"));
  bad = king;
  bad[3] = 'W';
  CHECK(mentions(rejection(bad + "W"), "white pawn on the camp square d1"));
  bad = king;
  bad[5] = '\x01';
  CHECK(mentions(rejection(bad + "W"), "byte 0x01 on f1"));
}

TEST_CASE("moves: both spellings, any case; errors say why") {
  const Tablut game;
  const Position start = game.start();
  const Move m = game.parse_move(start, "e3-f3");
  CHECK(game.format_move(m) == "e3-f3");
  CHECK(game.parse_move(start, "e3f3") == m);
  CHECK(game.parse_move(start, "E3-F3") == m);
  CHECK(game.parse_move(start, " E3f3 ") == m);
  auto reason = [&](std::string_view text) {
    try {
      game.parse_move(start, text);
    } catch (const zz::InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(mentions(reason("e3"), "expected two squares"));
  CHECK(mentions(reason("e3-f33"), "expected two squares"));
  CHECK(mentions(reason("j3-f3"), "expected two squares"));
  CHECK(mentions(reason("e0-f3"), "expected two squares"));
  CHECK(mentions(reason("e3_f3"), "expected two squares"));
  CHECK(mentions(reason("a1-a2"), "no piece on a1"));
  CHECK(mentions(reason("a4-a3"), "holds a black piece and White is to move"));
  CHECK(mentions(reason("e3-f4"), "not on one row or column"));
  CHECK(mentions(reason("e3-e3"), "does not move"));
  CHECK(mentions(reason("e4-e3"), "e3 is occupied"));
  CHECK(mentions(reason("e3-e1"), "the piece on e2 is in the way"));
  CHECK(mentions(illegal_reason(make("c1", "", "g7", Color::White), parse_move_text("c1-g1")), "camp square d1"));
  CHECK(reason("c5-c4").empty());
  CHECK(mentions(illegal_reason(make("e4", "", "g7", Color::White), parse_move_text("e4-e6")), "throne"));
  CHECK(mentions(illegal_reason(make("", "a3", "g7", Color::Black), parse_move_text("a3-a4")), "has left its camp"));
  CHECK(mentions(illegal_reason(make("", "d1", "g7", Color::Black), parse_move_text("d1-d9")), "another camp"));
  CHECK(mentions(illegal_reason(make("", "d1", "a2", Color::Black), parse_move_text("d1-d2")), "game is over"));
}
