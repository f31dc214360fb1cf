#pragma once
// A Tak Tikl position (on either board): both players' pieces, the side to move, each
// player's last move (the no-return memory) and the plies played (read only by the move
// limit; not part of the position's identity for solving).
#include <cstdint>

#include "core/taktikl/board.hpp"

namespace zz::taktikl {

// A player's last move: the square its piece arrived on and the direction it moved, or
// none (no move yet, or a pass). Its only effect: that piece may not step straight back on
// the player's next turn.
struct Memory {
  std::int8_t to = -1;
  Direction dir = Up;

  bool none() const { return to < 0; }
  // Where the piece came from; meaningful only for a move that was on the board (a memory
  // code that names a step from off the board is checked with Geometry::step instead).
  int origin() const { return to - delta(dir); }
  friend bool operator==(const Memory&, const Memory&) = default;
};

struct Position {
  std::array<Mask, 2> pieces{};
  Color side = X;
  std::array<Memory, 2> memory{};
  std::uint16_t ply = 0;

  Mask occupied() const { return pieces[X] | pieces[O]; }
  friend bool operator==(const Position&, const Position&) = default;
};

struct Move {
  std::int8_t from = -1;  // -1: a pass (rule no-move=pass)
  std::int8_t to = -1;
  bool is_pass() const { return from < 0; }
  friend bool operator==(const Move&, const Move&) = default;
};

}  // namespace zz::taktikl
