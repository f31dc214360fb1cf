#pragma once
// The 4x4 board: squares a1=0 .. d4=15 (sq = rank*4 + file), 16-bit masks, orthogonal steps
// and the 24 winning triples.
#include <array>
#include <cstdint>

namespace zz::taktikl {

using Mask = std::uint16_t;
inline constexpr int kSquares = 16;

enum Color : std::uint8_t { X, O };
constexpr Color opponent(Color c) { return c == X ? O : X; }
constexpr Mask bit(int sq) { return static_cast<Mask>(1u << sq); }

enum Direction : std::uint8_t { Up, Down, Right, Left };
inline constexpr int kDirections = 4;
constexpr Direction reverse(Direction d) { return static_cast<Direction>(d ^ 1); }

// The square one step from sq, or -1 off the board.
constexpr int step(int sq, Direction d) {
  const int f = sq % 4, r = sq / 4;
  switch (d) {
    case Up: return r < 3 ? sq + 4 : -1;
    case Down: return r > 0 ? sq - 4 : -1;
    case Right: return f < 3 ? sq + 1 : -1;
    case Left: return f > 0 ? sq - 1 : -1;
  }
  return -1;
}

// The direction of a one-step move from -> to, or -1 if it is not one orthogonal step.
constexpr int direction_of(int from, int to) {
  for (int d = 0; d < kDirections; ++d)
    if (step(from, static_cast<Direction>(d)) == to) return d;
  return -1;
}

// Three consecutive squares in a rank, file or diagonal.
struct Lines {
  std::array<Mask, 24> triples{};
  constexpr Lines() {
    int n = 0;
    const int deltas[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (auto [df, dr] : deltas)
      for (int r = 0; r < 4; ++r)
        for (int f = 0; f < 4; ++f) {
          const int f2 = f + 2 * df, r2 = r + 2 * dr;
          if (f2 < 0 || f2 > 3 || r2 < 0 || r2 > 3) continue;
          triples[n++] = static_cast<Mask>(bit(r * 4 + f) | bit((r + dr) * 4 + f + df) | bit(r2 * 4 + f2));
        }
  }
};
inline constexpr Lines kLines{};

constexpr bool has_line(Mask pieces) {
  for (Mask t : kLines.triples)
    if ((pieces & t) == t) return true;
  return false;
}

}  // namespace zz::taktikl
