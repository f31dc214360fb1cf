#pragma once
// A Tablut position: the piece sets and the side to move. The history that the repetition
// rule needs is kept outside (repetition.hpp), so a position is a plain value.
#include <cstdint>

#include "core/tablut/board.hpp"

namespace zz::tablut {

enum class Color : std::uint8_t { White, Black };

constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }

struct Position {
  Bitboard white = 0;  // white pawns, without the king
  Bitboard black = 0;  // black pawns
  // kNoSquare once Black has captured the king: the game is over and White, to move, has lost.
  std::uint8_t king = kNoSquare;
  Color turn = Color::White;

  constexpr bool has_king() const { return king != kNoSquare; }
  constexpr Bitboard king_board() const { return has_king() ? bit(king) : Bitboard{0}; }
  constexpr Bitboard white_pieces() const { return white | king_board(); }
  constexpr Bitboard occupied() const { return white | black | king_board(); }
  constexpr int white_pawn_count() const { return popcount(white); }
  constexpr int black_pawn_count() const { return popcount(black); }
  constexpr bool king_escaped() const { return has_king() && has(kEscapes, king); }
  // The game ended with the last move (king captured or escaped); "no legal move" is not
  // included, it needs move generation.
  constexpr bool decided() const { return !has_king() || king_escaped(); }

  friend constexpr bool operator==(const Position&, const Position&) = default;
};

// Moves are a pair of squares; 2 bytes.
struct Move {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  friend constexpr bool operator==(Move, Move) = default;
};

}  // namespace zz::tablut
