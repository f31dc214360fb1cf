#pragma once
// The 3x3 board: squares a1=0 .. c3=8 (sq = rank*3 + file), 9-bit occupancy masks, the eight
// winning lines and each piece's reach, precomputed once.
#include <array>
#include <cstdint>

namespace zz::tatedrez {

using Mask = std::uint16_t;
inline constexpr int kSquares = 9;
inline constexpr Mask kFull = 0x1FF;

enum Color : std::uint8_t { White, Black };
enum PieceType : std::uint8_t { Rook, Bishop, Knight };
inline constexpr int kPieceTypes = 3;

constexpr Color opponent(Color c) { return c == White ? Black : White; }
constexpr Mask bit(int sq) { return static_cast<Mask>(1u << sq); }

inline constexpr std::array<Mask, 8> kLines = {
    0007, 0070, 0700,  // ranks 1..3
    0111, 0222, 0444,  // files a..c
    0421, 0124,        // diagonals a1-c3 and c1-a3
};

constexpr bool has_line(Mask pieces) {
  for (Mask line : kLines)
    if ((pieces & line) == line) return true;
  return false;
}

// For a move from -> to: whether the piece type can make it on an empty board, and the
// squares it passes over (which must be empty). Knights jump, so they pass over nothing.
struct Reach {
  std::array<std::array<Mask, kSquares>, kPieceTypes> targets{};
  std::array<std::array<Mask, kSquares>, kSquares> between{};
};

const Reach& reach();

}  // namespace zz::tatedrez
