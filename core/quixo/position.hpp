#pragma once
// A Quixo position: the cubes showing each symbol (blank cubes are the squares in neither
// mask) and the side to move. Nothing else decides the future: the game has no move limit
// and no repetition rule (a game that never ends is a draw).
#include <array>

#include "core/quixo/board.hpp"

namespace zz::quixo {

struct Position {
  std::array<Mask, 2> cubes{};  // by Color
  Color side = X;

  Mask marked() const { return cubes[X] | cubes[O]; }
  friend bool operator==(const Position&, const Position&) = default;
};

}  // namespace zz::quixo
