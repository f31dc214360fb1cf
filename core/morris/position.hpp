#pragma once
// A morris position: each colour's stones on the board, the stones each still has to place,
// and the side to move. Nothing else decides the future: there is no move counter, and a
// game neither side can force to an end is a draw, which the solver makes of positions it
// never decides.
#include <array>
#include <cstdint>

#include "core/morris/board.hpp"

namespace zz::morris {

enum Colour : std::uint8_t { White, Black };
constexpr Colour other(Colour c) { return c == White ? Black : White; }

struct Position {
  std::array<Mask, 2> stones{};        // by colour
  std::array<std::uint8_t, 2> hand{};  // stones still to place, by colour
  Colour to_move = White;

  Mask occupied() const { return stones[White] | stones[Black]; }
  int on_board(Colour c) const { return __builtin_popcount(stones[c]); }
  // Stones on the board plus in hand: fewer than 3 loses.
  int total(Colour c) const { return on_board(c) + hand[c]; }
  friend bool operator==(const Position&, const Position&) = default;
};

inline constexpr std::int8_t kNone = -1;

// A placement (from = kNone) or a slide or flight, to `to`; `remove` is the opposing stone a
// closed mill removes (kNone when the move closes no mill).
struct Move {
  std::int8_t from = kNone;
  std::int8_t to = kNone;
  std::int8_t remove = kNone;
  bool is_placement() const { return from == kNone; }
  friend bool operator==(const Move&, const Move&) = default;
};

}  // namespace zz::morris
