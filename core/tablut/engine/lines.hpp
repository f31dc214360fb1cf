#pragma once
// Rook-like reach on the 9x9 board for the engine's tactics: where a piece slides from a
// square, given the squares that stop it. The move generator works on whole-board line masks
// (movegen.hpp); the engine asks about one square at a time (where can the king go, which
// black pawn can reach this square), so it extracts only the row and the column it needs.
#include <cstdint>

#include "core/tablut/board.hpp"
#include "core/tablut/movegen.hpp"

namespace zz::tablut::engine {

// The 9-bit mask of row r (bit i = column i) and of column c (bit i = row i).
inline unsigned row_bits(Bitboard b, int r) { return static_cast<unsigned>(b >> (kSide * r)) & 0x1ffu; }
inline unsigned column_bits(Bitboard b, int c) {
  b >>= c;
  unsigned m = 0;
  for (int r = 0; r < kSide; ++r) m |= static_cast<unsigned>(b >> (kSide * r) & 1) << r;
  return m;
}
inline Bitboard row_board(unsigned mask, int r) { return static_cast<Bitboard>(mask) << (kSide * r); }
inline Bitboard column_board(unsigned mask, int c) {
  Bitboard b = 0;
  for (; mask; mask &= mask - 1) b |= bit(square(std::countr_zero(mask), c));
  return b;
}

// Squares that stop every white piece and every black pawn that has left its camp.
inline constexpr Bitboard kOutsideBarriers = kCamps | bit(kThrone);

// Squares reached from `from` by a slide that stops before any square of `blocked` (the
// mover's own square is ignored).
inline Bitboard slide(Bitboard blocked, int from) {
  const int r = row_of(from), c = column_of(from);
  return row_board(detail::kSlide[c][row_bits(blocked, r)], r) |
         column_board(detail::kSlide[r][column_bits(blocked, c)], c);
}

// The squares the king reaches in one move.
inline Bitboard king_reach(const Position& p) {
  return p.has_king() ? slide(p.occupied() | kOutsideBarriers, p.king) : Bitboard{0};
}

// Squares that stop a black pawn standing on `from`: the throne, and every camp except its
// own while it stands in one.
inline Bitboard black_barriers(int from) {
  const int camp = kCampOf[from];
  return camp < 0 ? kOutsideBarriers : (kCamps & ~camp_mask(camp)) | bit(kThrone);
}

// Whether some piece of `movers` slides to the empty square `target` in one move, and which:
// the squares of the movers that do. `black` selects the camp rules of black pawns (a pawn in
// a camp crosses its own camp's squares); white pieces never cross a camp or the throne.
inline Bitboard movers_reaching(Bitboard movers, Bitboard occupied, int target, bool black) {
  Bitboard found = 0;
  static constexpr int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int d = 0; d < 4; ++d) {
    int r = row_of(target), c = column_of(target);
    // Camp squares walked over, target included: a black pawn may cross them only if they
    // are all in its own camp.
    int camp_seen = kCampOf[target];
    bool mixed_camps = false, crossed_throne = target == kThrone;
    for (;;) {
      r += dr[d];
      c += dc[d];
      if (r < 0 || r >= kSide || c < 0 || c >= kSide) break;
      const int s = square(r, c);
      if (has(occupied, s)) {
        if (has(movers, s) && !crossed_throne) {
          const int own = kCampOf[s];
          const bool ok = black ? (camp_seen < 0 || (own >= 0 && own == camp_seen && !mixed_camps)) : camp_seen < 0;
          if (ok) found |= bit(s);
        }
        break;
      }
      if (s == kThrone) crossed_throne = true;
      if (kCampOf[s] >= 0) {
        if (camp_seen >= 0 && camp_seen != kCampOf[s]) mixed_camps = true;
        camp_seen = kCampOf[s];
      }
      if (crossed_throne) break;
    }
  }
  return found;
}

// The squares between `from` and `to` on one line, both excluded.
inline Bitboard between(int from, int to) {
  Bitboard b = 0;
  const int dr = (row_of(to) > row_of(from)) - (row_of(to) < row_of(from));
  const int dc = (column_of(to) > column_of(from)) - (column_of(to) < column_of(from));
  for (int s = from + dr * kSide + dc; s != to; s += dr * kSide + dc) b |= bit(s);
  return b;
}

}  // namespace zz::tablut::engine
