#pragma once
// One-move tactics the engine must see without searching: can Black capture the king with
// its next move (and from where), and which pawns of either side hang (can be captured by
// the opponent's next move). The rules are those of play.hpp, asked in reverse: for a
// square next to a piece, which enemy piece can slide there, and is the square beyond an
// anvil.
#include <cstdint>

#include "core/tablut/engine/lines.hpp"
#include "core/tablut/play.hpp"

namespace zz::tablut::engine {

// The direction index d with kSteps[from][d].next == to, for neighbouring squares.
inline int direction_to(int from, int to) {
  for (int d = 0; d < kDirections; ++d)
    if (kSteps[from][d].next == to) return d;
  return -1;
}

// Black's one-move threats on the king: the squares where a black arrival captures it, the
// pawns that can make such an arrival, and the squares they cross on the way (where a white
// piece could block). Asked whoever is to move.
struct KingDanger {
  Bitboard targets = 0;
  Bitboard attackers = 0;
  Bitboard paths = 0;
  bool any() const { return targets != 0; }
};

inline KingDanger king_danger(const Position& p) {
  KingDanger danger;
  if (!p.has_king()) return danger;
  const Bitboard occupied = p.occupied();
  const int king = p.king;
  for (const Step& around : kSteps[king]) {
    const int n = around.next;
    if (n == kNoSquare || has(occupied, n)) continue;
    Bitboard movers = movers_reaching(p.black, occupied, n, true);
    if (!movers) continue;
    const int d = direction_to(n, king);
    const int beyond = kSteps[n][d].beyond;
    while (movers) {
      const int q = pop_lsb(movers);
      const Bitboard black_after = (p.black & ~bit(q)) | bit(n);
      if (!king_captured(black_after, king, beyond)) continue;
      danger.targets |= bit(n);
      danger.attackers |= bit(q);
      danger.paths |= between(q, n);
    }
  }
  return danger;
}

// Pawns the opponent of their owner could capture with one move, whoever is to move.
struct Hanging {
  int white = 0;  // white pawns Black can take next move
  int black = 0;  // black pawns White can take next move
};

inline Hanging hanging_pawns(const Position& p) {
  Hanging h;
  const Bitboard occupied = p.occupied();
  // White pawns: taken when a black pawn arrives beside them and the square beyond is a black
  // pawn, a camp or the throne.
  const Bitboard black_anvils = p.black | kCamps | bit(kThrone);
  for (Bitboard w = p.white; w;) {
    const int s = pop_lsb(w);
    for (int d = 0; d < kDirections; ++d) {
      const int n = kSteps[s][d].next, beyond = kSteps[s][d ^ 1].next;
      if (n == kNoSquare || beyond == kNoSquare || has(occupied, n) || !has(black_anvils, beyond)) continue;
      if (movers_reaching(p.black, occupied, n, true)) {
        ++h.white;
        break;
      }
    }
  }
  // Black pawns: taken when a white piece arrives beside them and the square beyond is a
  // white piece, the throne or a camp square other than the middle of a camp's base.
  if (!p.has_king()) return h;
  const Bitboard white_pieces = p.white_pieces();
  const Bitboard white_anvils = white_pieces | bit(kThrone) | kWhiteAnvilCamps;
  for (Bitboard b = p.black; b;) {
    const int s = pop_lsb(b);
    for (int d = 0; d < kDirections; ++d) {
      const int n = kSteps[s][d].next, beyond = kSteps[s][d ^ 1].next;
      if (n == kNoSquare || beyond == kNoSquare || has(occupied, n) || !has(white_anvils, beyond)) continue;
      if (movers_reaching(white_pieces, occupied, n, false)) {
        ++h.black;
        break;
      }
    }
  }
  return h;
}

}  // namespace zz::tablut::engine
