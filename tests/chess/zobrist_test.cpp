#include <doctest/doctest.h>

#include <set>

#include "core/chess/fen.hpp"
#include "core/chess/uci.hpp"
#include "tests/chess/random_games.hpp"

using namespace zz::chess;

TEST_CASE("the incremental key equals the key computed from scratch along random games") {
  int positions = 0;
  test::random_games(40, 200, [&](const Position& pos, Square) {
    if (pos.key() != pos.compute_key()) FAIL_CHECK("key drifted in " << format_fen(pos));
    // Re-reading the FEN builds the key by a different path (piece by piece).
    if (parse_fen(format_fen(pos)).key() != pos.key()) FAIL_CHECK("FEN key differs in " << format_fen(pos));
    ++positions;
  });
  CHECK(positions > 10000);
}

TEST_CASE("keys tell apart side to move, castling rights and en passant") {
  std::set<std::uint64_t> keys;
  for (const char* fen : {
           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
           "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1",
       })
    keys.insert(parse_fen(fen).key());
  CHECK(keys.size() == 6);
  // The clocks are not part of the key.
  CHECK(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key() == parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 37 90").key());
}

TEST_CASE("transpositions reach the same key") {
  Position a = parse_fen("startpos"), b = a;
  for (const char* m : {"g1f3", "d7d5", "d2d4"}) a = a.play(parse_uci(a, m));
  for (const char* m : {"d2d4", "d7d5", "g1f3"}) b = b.play(parse_uci(b, m));
  CHECK(a.key() == b.key());
  CHECK(format_fen(a) == "rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 0 2");
  CHECK(format_fen(b) == "rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2");
}
