#pragma once
// A move in 16 bits: from (6), to (6), promotion piece (2), kind (2). Castling is stored as
// the king's move (e1g1), which is also its UCI spelling.
#include <array>
#include <cstddef>
#include <cstdint>

#include "core/chess/types.hpp"

namespace zz::chess {

class Move {
 public:
  enum Kind : std::uint16_t { Normal = 0, Promotion = 1 << 14, EnPassant = 2 << 14, Castling = 3 << 14 };

  // The null move (a1a1): no legal move has it, so it marks "no move".
  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = Normal)
      : data_(static_cast<std::uint16_t>(from | (to << 6) | kind)) {}
  static constexpr Move promotion(Square from, Square to, PieceType piece) {
    Move m(from, to, Promotion);
    m.data_ |= static_cast<std::uint16_t>((piece - Knight) << 12);
    return m;
  }
  static constexpr Move from_raw(std::uint16_t raw) {
    Move m;
    m.data_ = raw;
    return m;
  }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr Kind kind() const { return Kind(data_ & (3 << 14)); }
  // Meaningful only for promotions.
  constexpr PieceType promotion_piece() const { return PieceType(((data_ >> 12) & 3) + Knight); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool is_null() const { return data_ == 0; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t data_ = 0;
};

// The most legal moves any chess position has is 218.
inline constexpr std::size_t kMaxMoves = 256;

class MoveList {
 public:
  void push_back(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

 private:
  std::array<Move, kMaxMoves> moves_;
  std::size_t size_ = 0;
};

}  // namespace zz::chess
