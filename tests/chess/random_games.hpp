#pragma once
// Deterministic random games for property tests: every visited position is handed to a
// visitor together with the square a pawn skipped on the move that led to it.
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/chess/fen.hpp"
#include "core/chess/movegen.hpp"

namespace zz::chess::test {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }

 private:
  std::uint64_t state_;
};

inline constexpr std::string_view kRandomGameStarts[] = {
    "startpos",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

template <class Visit>
void random_games(int games_per_start, int max_plies, Visit&& visit) {
  Random rng(0xC0FFEE);
  for (const std::string_view start : kRandomGameStarts) {
    for (int g = 0; g < games_per_start; ++g) {
      Position pos = parse_fen(start);
      Square skipped = pos.en_passant_square();
      for (int ply = 0; ply < max_plies; ++ply) {
        visit(pos, skipped);
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        const Move m = moves[rng.next() % moves.size()];
        const bool double_step = type_of(pos.piece_on(m.from())) == Pawn && (m.from() ^ m.to()) == 16;
        skipped = double_step ? Square((m.from() + m.to()) / 2) : NoSquare;
        pos = pos.play(m);
      }
    }
  }
}

}  // namespace zz::chess::test
