#pragma once
// Bitboard constants and shifts. Shifts drop the bits that would wrap around a board edge.
#include <bit>

#include "core/chess/types.hpp"

namespace zz::chess {

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank2 = kRank1 << 8;
inline constexpr Bitboard kRank3 = kRank1 << 16;
inline constexpr Bitboard kRank6 = kRank1 << 40;
inline constexpr Bitboard kRank7 = kRank1 << 48;
inline constexpr Bitboard kRank8 = kRank1 << 56;
inline constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }
constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }

constexpr Square lsb_square(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square pop_square(Bitboard& b) {
  const Square s = lsb_square(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Directions as square offsets.
enum Direction : int {
  North = 8, South = -8, East = 1, West = -1,
  NorthEast = 9, NorthWest = 7, SouthEast = -7, SouthWest = -9,
};

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == North) return b << 8;
  else if constexpr (D == South) return b >> 8;
  else if constexpr (D == East) return (b & ~kFileH) << 1;
  else if constexpr (D == West) return (b & ~kFileA) >> 1;
  else if constexpr (D == NorthEast) return (b & ~kFileH) << 9;
  else if constexpr (D == NorthWest) return (b & ~kFileA) << 7;
  else if constexpr (D == SouthEast) return (b & ~kFileH) >> 7;
  else return (b & ~kFileA) >> 9;
}

constexpr Direction forward(Color c) { return c == White ? North : South; }

}  // namespace zz::chess
