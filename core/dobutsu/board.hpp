#pragma once
// The 3x4 board: squares a1=0 .. c4=11 (sq = (rank-1)*3 + file), 12-bit masks, and the
// squares each kind of piece reaches in one step. Sente (first player) starts on rank 4 and
// moves toward rank 1; Gote starts on rank 1. Every step of Gote is the negation of
// Sente's, so "a Sente piece on x reaches y" is "a Gote piece of the same kind on y reaches
// x": the same tables answer both moves and attacks.
#include <array>
#include <cstdint>

namespace zz::dobutsu {

using Mask = std::uint16_t;
inline constexpr int kSquares = 12;
inline constexpr Mask kBoard = 0x0FFF;

enum Side : std::uint8_t { Sente, Gote };
constexpr Side opponent(Side s) { return s == Sente ? Gote : Sente; }

// Kinds on the board; only the first three (elephant, giraffe, chick) are ever in a hand.
enum Kind : std::uint8_t { Elephant, Giraffe, Chick, Hen, Lion };
inline constexpr int kKinds = 5;
inline constexpr int kHandKinds = 3;

constexpr Mask bit(int sq) { return static_cast<Mask>(1u << sq); }
constexpr int file_of(int sq) { return sq % 3; }
constexpr int rank_of(int sq) { return sq / 3 + 1; }  // 1..4

// The rank a side's pieces move toward (chicks promote there, a lion there tries) and the
// rank it starts on.
constexpr Mask kRank1 = 0x0007, kRank4 = 0x0E00;
constexpr Mask far_rank(Side s) { return s == Sente ? kRank1 : kRank4; }
constexpr Mask home_rank(Side s) { return s == Sente ? kRank4 : kRank1; }

// Half-turn rotation (the board seen from the other side) and left-right mirror.
constexpr int rotate(int sq) { return kSquares - 1 - sq; }
constexpr int mirror(int sq) { return sq - file_of(sq) + (2 - file_of(sq)); }

struct StepTables {
  // reach[side][kind][sq]: squares a piece of that side and kind on sq moves to.
  std::array<std::array<std::array<Mask, kSquares>, kKinds>, 2> reach{};
  constexpr StepTables() {
    // Steps as (file, rank) deltas for Sente, whose forward is toward rank 1 (rank - 1).
    struct D {
      int df, dr;
    };
    const D diag[4] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    const D orth[4] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    const D gold[6] = {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}};
    for (int side = 0; side < 2; ++side)
      for (int sq = 0; sq < kSquares; ++sq) {
        const int f = sq % 3, r = sq / 3;
        const int sign = side == Sente ? 1 : -1;
        auto add = [&](Kind k, D d) {
          const int nf = f + sign * d.df, nr = r + sign * d.dr;
          if (nf >= 0 && nf < 3 && nr >= 0 && nr < 4) reach[side][k][sq] |= bit(nr * 3 + nf);
        };
        for (D d : diag) add(Elephant, d), add(Lion, d);
        for (D d : orth) add(Giraffe, d), add(Lion, d);
        for (D d : gold) add(Hen, d);
        add(Chick, D{0, -1});
      }
  }
};
inline constexpr StepTables kSteps{};

constexpr Mask reach(Side s, Kind k, int sq) { return kSteps.reach[s][k][sq]; }

}  // namespace zz::dobutsu
