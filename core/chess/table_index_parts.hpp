#pragma once
// The parts of the table index (table_index.hpp) that both its ranking (table_index.cpp)
// and its kernels (table_index_unmoves.cpp, table_index_children.cpp) use: binomials, the
// square maps of the symmetries, the king pairs and the ranking from bitboards. Only those
// files include this.
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/chess/table_index.hpp"
#include "core/common/symmetry.hpp"

namespace zz::chess::index_parts {

inline constexpr int kMaxGroup = kMaxTablePieces - 2;

struct Binomials {
  std::array<std::array<std::uint64_t, kMaxGroup + 2>, 65> c{};
  constexpr Binomials() {
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= kMaxGroup + 1; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
inline constexpr Binomials kChoose;

// Square maps for (flip, symmetry): flipping mirrors the ranks before the symmetry applies.
struct Maps {
  std::array<std::array<std::array<std::uint8_t, 64>, kSymmetryCount>, 2> to{};
  constexpr Maps() {
    for (int f = 0; f < 2; ++f)
      for (int s = 0; s < kSymmetryCount; ++s)
        for (int sq = 0; sq < 64; ++sq)
          to[f][s][sq] = static_cast<std::uint8_t>(transform_square(Symmetry(s), f ? sq ^ 56 : sq, 8));
  }
};
inline constexpr Maps kMaps;

inline constexpr int kPawnOffset = TableIndex::kPawnOffset;
inline int squares_for(PieceType t) { return t == Pawn ? 48 : 64; }

const TableIndex::KingPairs& king_pairs(bool pawns);

}  // namespace zz::chess::index_parts

namespace zz::chess {

// The king pairs of one symmetry group: for each placement (white king, black king) its
// pair number and the symmetries that carry it onto its representative (the orbit's least
// placement); -1 for kings on one square or side by side.
struct TableIndex::KingPairs {
  std::array<std::array<std::int16_t, 64>, 64> pair{};
  std::array<std::array<std::array<std::uint8_t, 2>, 64>, 64> syms{};
  std::array<std::array<std::uint8_t, 64>, 64> sym_count{};
  std::vector<std::pair<Square, Square>> representative;

  explicit KingPairs(bool pawns);
};

namespace index_parts {

// One group's part of the index: the subset its squares (b, under the square map) form
// among the squares the group's type may stand on, in the combinatorial number system.
inline std::uint64_t group_rank(const std::array<std::uint8_t, 64>& map, Bitboard b, bool pawns) {
  std::array<int, kMaxGroup> sq{};
  int n = 0;
  while (b) {
    int x = map[pop_square(b)];
    if (pawns) x -= kPawnOffset;
    int j = n++;
    for (; j > 0 && sq[j - 1] > x; --j) sq[j] = sq[j - 1];
    sq[j] = x;
  }
  std::uint64_t sub = 0;
  for (int i = 0; i < n; ++i) sub += kChoose.c[sq[i]][i + 1];
  return sub;
}

}  // namespace index_parts

template <class Pieces>
std::uint64_t TableIndex::rest_rank_of(const Pieces& pieces, bool flip, int s) const {
  const auto& map = index_parts::kMaps.to[flip][s];
  std::uint64_t r = 0;
  for (int g = 0; g < group_count_; ++g) {
    const Group& group = groups_[g];
    r = r * group.size + index_parts::group_rank(map, pieces(Color(group.color ^ flip), group.type), group.type == Pawn);
  }
  return r;
}

template <class Pieces>
std::uint64_t TableIndex::rank_of(const Pieces& pieces, Color side, bool flip) const {
  const int f = flip ? 56 : 0;
  const int w = lsb_square(pieces(Color(White ^ flip), King)) ^ f;
  const int b = lsb_square(pieces(Color(Black ^ flip), King)) ^ f;
  const KingPairs& kp = *kings_;
  std::uint64_t rest = rest_rank_of(pieces, flip, kp.syms[w][b][0]);
  if (kp.sym_count[w][b] == 2) rest = std::min(rest, rest_rank_of(pieces, flip, kp.syms[w][b][1]));
  return (side * pairs_ + static_cast<std::uint64_t>(kp.pair[w][b])) * rest_ + rest;
}

}  // namespace zz::chess
