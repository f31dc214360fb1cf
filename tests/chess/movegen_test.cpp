// Hand-checked positions for the rules that perft counts exercise only in bulk.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/chess/fen.hpp"
#include "core/chess/movegen.hpp"
#include "core/chess/uci.hpp"

using namespace zz::chess;

namespace {

std::set<std::string> moves_of(const Position& pos) {
  std::set<std::string> moves;
  for_each_legal_move(pos, [&](Move m) { moves.insert(format_uci(m)); });
  return moves;
}

std::set<std::string> moves_of(std::string_view fen) { return moves_of(parse_fen(fen)); }

}  // namespace

TEST_CASE("en passant that would expose the king along the rank is illegal") {
  // Black plays c7c5; bxc6 would take both pawns off rank 5 and open the rook's line.
  const Position before = parse_fen("4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1");
  const Position after = before.play(parse_uci(before, "c7c5"));
  CHECK(after.en_passant_square() == NoSquare);
  CHECK(moves_of(after) == std::set<std::string>{"a5a4", "a5a6", "a5b6", "b5b6"});

  // Without the rook the same capture is legal and recorded.
  const Position open = parse_fen("4k3/2p5/8/KP6/8/8/8/8 b - - 0 1");
  const Position open_after = open.play(parse_uci(open, "c7c5"));
  CHECK(open_after.en_passant_square() == C6);
  CHECK(moves_of(open_after) == std::set<std::string>{"a5a4", "a5a6", "a5b6", "b5b6", "b5c6"});
  const Position captured = open_after.play(parse_uci(open_after, "b5c6"));
  CHECK(captured.piece_on(C5) == NoPiece);
  CHECK(captured.piece_on(C6) == WhitePawn);
}

TEST_CASE("of two en-passant captures, the one by a pinned pawn is illegal") {
  // The pawn on d5 is pinned on the d-file; the one on f5 is free.
  const Position before = parse_fen("3rk3/4p3/8/3P1P2/8/8/8/3K4 b - - 0 1");
  const Position after = before.play(parse_uci(before, "e7e5"));
  CHECK(after.en_passant_square() == E6);
  CHECK(moves_of(after) == std::set<std::string>{"d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d5d6",
                                                 "f5f6", "f5e6"});
}

TEST_CASE("en passant can capture a checking pawn") {
  // d7d5 gives check to the king on e4; exd6 removes the checker.
  const Position before = parse_fen("k7/3p4/8/4P3/4K3/8/8/8 b - - 0 1");
  const Position after = before.play(parse_uci(before, "d7d5"));
  CHECK(after.in_check());
  CHECK(moves_of(after).count("e5d6") == 1);
}

TEST_CASE("castling never passes through, lands on or starts from an attacked square") {
  // The rook on f2 covers f1: no short castling. b1 is attacked, which does not matter.
  CHECK(moves_of("1r2k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1").count("e1g1") == 0);
  CHECK(moves_of("1r2k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1").count("e1c1") == 1);
  // The rook on g8 covers g1: castling into check.
  CHECK(moves_of("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1").count("e1g1") == 0);
  CHECK(moves_of("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1").count("e1c1") == 1);
  // In check from the rook on e5: no castling at all.
  const auto in_check = moves_of("4k3/8/8/4r3/8/8/8/R3K2R w KQ - 0 1");
  CHECK(in_check.count("e1g1") == 0);
  CHECK(in_check.count("e1c1") == 0);
  // Pieces in between block; a knight on b8 blocks only the long castling of Black.
  const auto black = moves_of("rn2k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
  CHECK(black.count("e8g8") == 1);
  CHECK(black.count("e8c8") == 0);
}

TEST_CASE("castling moves the rook and removes the rights") {
  const Position pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Position short_castle = pos.play(parse_uci(pos, "e1g1"));
  CHECK(short_castle.piece_on(G1) == WhiteKing);
  CHECK(short_castle.piece_on(F1) == WhiteRook);
  CHECK(short_castle.piece_on(H1) == NoPiece);
  CHECK(short_castle.castling_rights() == (BlackKingSide | BlackQueenSide));
  const Position long_castle = short_castle.play(parse_uci(short_castle, "e8c8"));
  CHECK(long_castle.piece_on(C8) == BlackKing);
  CHECK(long_castle.piece_on(D8) == BlackRook);
  CHECK(long_castle.castling_rights() == NoCastling);
  // Capturing a rook on its home square removes that side's right.
  const Position capture = pos.play(parse_uci(pos, "a1a8"));
  CHECK(capture.castling_rights() == (WhiteKingSide | BlackKingSide));
}

TEST_CASE("promotion with capture") {
  const Position pos = parse_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 5 40");
  const auto moves = moves_of(pos);
  CHECK(moves.size() == 13);  // 4 pushes, 4 captures, 5 king moves
  for (const char* m : {"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"})
    CHECK(moves.count(m) == 1);
  const Position after = pos.play(parse_uci(pos, "a7b8r"));
  CHECK(after.piece_on(B8) == WhiteRook);
  CHECK(after.piece_on(A7) == NoPiece);
  CHECK(after.pieces(Black) == after.pieces(Black, King));
  CHECK(after.pieces(Pawn) == 0);
  CHECK(after.halfmove_clock() == 0);
}

TEST_CASE("under-promotion to a knight is the only promotion that gives check") {
  const Position pos = parse_fen("8/5P1k/8/8/8/8/8/K7 w - - 0 1");
  for (const char* m : {"f7f8q", "f7f8r", "f7f8b"}) CHECK_FALSE(pos.play(parse_uci(pos, m)).in_check());
  const Position knight = pos.play(parse_uci(pos, "f7f8n"));
  CHECK(knight.in_check());
  CHECK(moves_of(knight) == std::set<std::string>{"h7g7", "h7g8", "h7h6", "h7h8"});
}

TEST_CASE("in double check only the king moves") {
  // The rook on e1 and the bishop on a4 both check; the queen could otherwise block.
  const Position pos = parse_fen("r3k3/8/8/8/B6q/8/8/K3R3 b - - 0 1");
  CHECK(std::popcount(pos.checkers()) == 2);
  CHECK(moves_of(pos) == std::set<std::string>{"e8d8", "e8f7", "e8f8"});
}

TEST_CASE("a single check is met by capture, block or king move") {
  // The rook on e8 checks the king on e1; the queen on h5 can capture it or block.
  const Position pos = parse_fen("k3r3/8/8/7Q/8/8/8/4K3 w - - 0 1");
  const auto moves = moves_of(pos);
  // King: d1, d2, f1, f2 (e2 stays on the file). Queen: takes on e8, blocks on e5 or e2.
  CHECK(moves == std::set<std::string>{"e1d1", "e1d2", "e1f1", "e1f2", "h5e8", "h5e5", "h5e2"});
}

TEST_CASE("the king cannot step back along the checking ray") {
  CHECK(moves_of("k3r3/8/8/8/4K3/8/8/8 w - - 0 1") ==
        std::set<std::string>{"e4d3", "e4d4", "e4d5", "e4f3", "e4f4", "e4f5"});
}

TEST_CASE("pinned pieces move only along the pin") {
  // Rook pinned on the e-file: it slides along the file, up to taking the pinner.
  CHECK(moves_of("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1") ==
        std::set<std::string>{"e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7"});
  // A pinned knight never moves.
  CHECK(moves_of("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1") ==
        std::set<std::string>{"e1d1", "e1d2", "e1f1", "e1f2"});
  // A pawn pinned on a diagonal may only capture the pinner.
  CHECK(moves_of("4k3/8/8/8/8/6b1/5P2/4K3 w - - 0 1") ==
        std::set<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "f2g3"});
  // A pawn pinned on its file may still push.
  CHECK(moves_of("4r2k/8/8/8/8/8/4P3/4K3 w - - 0 1") ==
        std::set<std::string>{"e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4"});
}

TEST_CASE("move counts and lists agree") {
  for (const char* fen : {"startpos", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "r3k3/8/8/8/B6q/8/8/K3R3 b - - 0 1", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"}) {
    const Position pos = parse_fen(fen);
    CHECK(count_legal_moves(pos) == static_cast<int>(legal_moves(pos).size()));
  }
}
