#pragma once
// A TateDrez position: where each of the six pieces stands (pieces not on the board are in
// hand), the side to move, and the movement plies already played (only the round limit
// reads it; it is not part of the position's identity for solving).
#include <cstdint>

#include "core/tatedrez/board.hpp"

namespace zz::tatedrez {

struct Position {
  std::array<Mask, 2> by_color{};
  std::array<Mask, kPieceTypes> by_type{};
  Color side = White;
  std::uint8_t ply = 0;

  Mask occupied() const { return by_color[White] | by_color[Black]; }
  Mask pieces(Color c, PieceType t) const { return by_color[c] & by_type[t]; }
  bool on_board(Color c, PieceType t) const { return pieces(c, t) != 0; }
  int placed() const { return __builtin_popcount(occupied()); }
  bool placement_phase() const { return placed() < 2 * kPieceTypes; }

  friend bool operator==(const Position&, const Position&) = default;
};

// kHand marks a placement (no origin square); kPass a pass (no-move=pass).
inline constexpr std::uint8_t kHand = 9;
inline constexpr std::uint8_t kPass = 15;

struct Move {
  std::uint8_t from = kPass;  // origin square, kHand or kPass
  std::uint8_t to = kPass;
  PieceType piece = Rook;  // the piece placed or moved

  bool is_pass() const { return from == kPass; }
  bool is_placement() const { return from == kHand; }
  friend bool operator==(const Move&, const Move&) = default;
};

}  // namespace zz::tatedrez
