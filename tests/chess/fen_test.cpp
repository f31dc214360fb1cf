#include <doctest/doctest.h>

#include <string>

#include "core/chess/fen.hpp"
#include "core/chess/game.hpp"
#include "core/chess/movegen.hpp"
#include "core/common/error.hpp"
#include "tests/chess/random_games.hpp"

using namespace zz::chess;

namespace {

// The reason parse_fen gives, or "" if it accepts the text.
std::string rejection(std::string_view fen) {
  try {
    parse_fen(fen);
  } catch (const zz::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("FEN round trip") {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3",
           "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 41",
           "8/8/8/8/8/8/8/K6k b - - 99 300",
       }) {
    CHECK(format_fen(parse_fen(fen)) == fen);
  }
}

TEST_CASE("startpos, missing clocks and extra spaces") {
  CHECK(format_fen(parse_fen("startpos")) == kStartFen);
  CHECK(format_fen(parse_fen("  startpos \n")) == kStartFen);
  CHECK(format_fen(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")) == kStartFen);
  CHECK(format_fen(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w  KQkq  -  0  1")) == kStartFen);
  CHECK(Chess().format(Chess().start()) == Chess::start_text());  // what the registry shows
}

TEST_CASE("an en-passant square without a legal capture is dropped") {
  // After 1.e4 the square e3 is written by many programs, but no black pawn can take.
  CHECK(format_fen(parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")) ==
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE("FEN rejections say what is wrong in one line") {
  const struct {
    const char* fen;
    const char* reason;
  } cases[] = {
      {"", "expected 6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "expected 6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "expected 6 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "9 ranks"},
      {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad character 'x' in rank 7"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad character '9'"},
      {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white has 2 kings"},
      {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on the first or last rank (a1)"},
      {"3pk3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on the first or last rank (d8)"},
      {"4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", "white has more than 8 pawns"},
      {"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) is in check"},
      {"4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling right k needs the king on e8 and a rook on h8"},
      {"4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1", "castling right K needs the king on e1 and a rook on h1"},
      {"4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "bad castling field 'KK'"},
      {"4k3/8/8/8/8/8/8/R3K2R w X - 0 1", "bad castling field 'X'"},
      {"4k3/8/8/8/3pP3/8/8/4K3 b - e4 0 1", "en-passant square e4 is not on rank 3"},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "en-passant square d3 is not on rank 6"},
      {"4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1", "needs a white pawn on e4"},
      {"4k3/8/8/8/3pP3/4N3/8/4K3 b - e3 0 1", "is occupied"},
      {"4k3/8/8/8/3pP3/8/4N3/4K3 b - e3 0 1", "is occupied"},
      {"4k3/8/8/8/3pP3/8/8/4K3 b - z9 0 1", "bad en-passant square 'z9'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "bad halfmove clock '-1'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "bad halfmove clock 'x'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "bad fullmove number '0'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1x", "bad fullmove number '1x'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999", "bad fullmove number"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.fen);
    const std::string reason = rejection(c.fen);
    CHECK(reason.find(c.reason) != std::string::npos);
    CHECK(reason.rfind("invalid FEN: ", 0) == 0);
    CHECK(reason.find('\n') == std::string::npos);
  }
}

TEST_CASE("queries on a parsed position") {
  const Position pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 3 17");
  CHECK(pos.side_to_move() == White);
  CHECK(pos.piece_on(E5) == WhiteKnight);
  CHECK(pos.piece_on(E7) == BlackQueen);
  CHECK(pos.piece_on(D4) == NoPiece);
  CHECK(pos.king_square(Black) == E8);
  CHECK(pos.pieces(White, Pawn) == 0x000000081000E700ULL);
  CHECK(std::popcount(pos.pieces(Black)) == 16);
  CHECK(pos.castling_rights() == AllCastling);
  CHECK(pos.halfmove_clock() == 3);
  CHECK(pos.fullmove_number() == 17);
  CHECK_FALSE(pos.in_check());
}

TEST_CASE("mangled FEN text is rejected or parsed, never anything worse") {
  test::Random rng(7);
  constexpr std::string_view alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqae36019x";
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string fen(test::kRandomGameStarts[rng.next() % std::size(test::kRandomGameStarts)]);
    if (fen == "startpos") fen = kStartFen;
    for (int edits = 1 + static_cast<int>(rng.next() % 3); edits > 0; --edits) {
      const std::size_t at = rng.next() % fen.size();
      switch (rng.next() % 3) {
        case 0: fen[at] = alphabet[rng.next() % alphabet.size()]; break;
        case 1: fen.erase(at, 1); break;
        default: fen.insert(at, 1, alphabet[rng.next() % alphabet.size()]); break;
      }
    }
    try {
      const Position pos = parse_fen(fen);
      // Whatever is accepted must be a position the rest of the code can work with.
      CHECK(parse_fen(format_fen(pos)) == pos);
      CHECK(count_legal_moves(pos) >= 0);
      ++accepted;
    } catch (const zz::InputError&) {
    }
  }
  CHECK(accepted > 0);
}
