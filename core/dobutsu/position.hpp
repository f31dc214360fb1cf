#pragma once
// A Dobutsu Shogi position: the pieces on the board (by side and by kind), both hands and
// the side to move. Nothing else decides the future: the game has no move counter, and a
// position repeated forever is a draw, which the solver makes of positions it never decides.
#include <array>
#include <cstdint>

#include "core/dobutsu/board.hpp"

namespace zz::dobutsu {

struct Position {
  std::array<Mask, 2> side_mask{};     // squares of each side's pieces
  std::array<Mask, kKinds> kind_mask{};  // squares of each kind, both sides
  std::array<std::array<std::uint8_t, kHandKinds>, 2> hand{};  // [side][elephant, giraffe, chick]
  Side to_move = Sente;

  Mask occupied() const { return static_cast<Mask>(side_mask[Sente] | side_mask[Gote]); }
  // The side's pieces of one kind.
  Mask pieces(Side s, Kind k) const { return static_cast<Mask>(side_mask[s] & kind_mask[k]); }
  int lion(Side s) const { return __builtin_ctz(pieces(s, Lion)); }
  Kind kind_at(int sq) const {
    for (int k = 0; k < kKinds; ++k)
      if (kind_mask[k] & bit(sq)) return static_cast<Kind>(k);
    return Lion;  // not reached for an occupied square
  }
  bool hand_empty(Side s) const { return (hand[s][0] | hand[s][1] | hand[s][2]) == 0; }
  friend bool operator==(const Position&, const Position&) = default;
};

// A board move (from, to), or a drop (from = -1) of `drop` from the hand onto `to`.
// Promotion is not chosen: a chick moving onto its far rank always becomes a hen.
struct Move {
  std::int8_t from = -1;
  std::int8_t to = -1;
  Kind drop = Elephant;
  bool is_drop() const { return from < 0; }
  friend bool operator==(const Move&, const Move&) = default;
};

// Squares from which side s's pieces reach sq (see board.hpp: the other side's steps from sq).
inline Mask attackers(const Position& p, Side s, int sq) {
  const Side o = opponent(s);
  Mask a = 0;
  for (int k = 0; k < kKinds; ++k) a |= static_cast<Mask>(reach(o, static_cast<Kind>(k), sq) & p.pieces(s, static_cast<Kind>(k)));
  return a;
}

}  // namespace zz::dobutsu
