#pragma once
// Legal moves. Every piece slides like a rook; what stops it, besides other pieces, is a fixed
// set of barrier squares that depends only on who moves: the throne for everybody, every camp
// for White and for a black pawn that has left its camp, the other three camps for a black pawn
// still in its own. Passing and landing are forbidden on the same squares, so one slide table
// per line (9 squares, 512 blocker patterns) answers every piece.
#include <array>
#include <bit>
#include <cstdint>

#include "core/tablut/board.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

// A board seen as 9-bit masks per row and per column.
struct Lines {
  std::array<std::uint16_t, kSide> row{};
  std::array<std::uint16_t, kSide> column{};
};

constexpr Lines lines_of(Bitboard b) {
  Lines l;
  for (int r = 0; r < kSide; ++r) l.row[r] = static_cast<std::uint16_t>((b >> (kSide * r)) & 0x1ff);
  for_each_square(b, [&](int s) { l.column[column_of(s)] |= static_cast<std::uint16_t>(1u << row_of(s)); });
  return l;
}

namespace detail {

// kSlide[i][blocked]: the squares of a line a piece on index i reaches, stopping before the
// first blocked square each way. The piece's own bit in `blocked` is ignored.
inline constexpr auto kSlide = [] {
  std::array<std::array<std::uint16_t, 512>, kSide> t{};
  for (int i = 0; i < kSide; ++i)
    for (int blocked = 0; blocked < 512; ++blocked) {
      unsigned reach = 0;
      for (int j = i + 1; j < kSide && !(blocked >> j & 1); ++j) reach |= 1u << j;
      for (int j = i - 1; j >= 0 && !(blocked >> j & 1); --j) reach |= 1u << j;
      t[i][blocked] = static_cast<std::uint16_t>(reach);
    }
  return t;
}();

// Barrier lines by mover class: 0..3 a black pawn in that camp, 4 everybody else.
inline constexpr int kOutsideCamps = kCampCount;
inline constexpr auto kBarriers = [] {
  std::array<Lines, kCampCount + 1> a{};
  for (int k = 0; k <= kCampCount; ++k)
    a[k] = lines_of(bit(kThrone) | (k == kOutsideCamps ? kCamps : kCamps & ~camp_mask(k)));
  return a;
}();

// The barrier lines a piece on `from` slides against: a black pawn still in its camp may
// cross its own camp, every other piece none.
inline const Lines& barrier_lines(bool white, int from) {
  return kBarriers[white || kCampOf[from] < 0 ? kOutsideCamps : kCampOf[from]];
}

// Calls f(from, row_reach, column_reach) for every piece of the side to move: the 9-bit masks of
// the columns it reaches along its row and the rows it reaches along its column. f returns
// false to stop early.
template <class F>
inline void for_each_reach(const Position& p, F&& f) {
  if (p.decided()) return;
  const Lines occ = lines_of(p.occupied());
  const bool white = p.turn == Color::White;
  Bitboard movers = white ? p.white_pieces() : p.black;
  while (movers) {
    const int from = pop_lsb(movers);
    const int r = row_of(from), c = column_of(from);
    const Lines& bar = barrier_lines(white, from);
    if (!f(from, unsigned{kSlide[c][occ.row[r] | bar.row[r]]}, unsigned{kSlide[r][occ.column[c] | bar.column[c]]}))
      return;
  }
}

// The escape squares by line: a king's move there ends the game.
inline constexpr Lines kEscapeLines = lines_of(kEscapes);

// Per line, the squares next to a piece of `pieces` (beside it on the line, or on the lines
// on either side): a move ending on one may capture.
constexpr Lines next_to(const Lines& pieces) {
  Lines n;
  for (int i = 0; i < kSide; ++i) {
    n.row[i] = static_cast<std::uint16_t>((pieces.row[i] << 1 | pieces.row[i] >> 1) & 0x1ff);
    n.column[i] = static_cast<std::uint16_t>((pieces.column[i] << 1 | pieces.column[i] >> 1) & 0x1ff);
    if (i > 0) n.row[i] |= pieces.row[i - 1], n.column[i] |= pieces.column[i - 1];
    if (i + 1 < kSide) n.row[i] |= pieces.row[i + 1], n.column[i] |= pieces.column[i + 1];
  }
  return n;
}

// Calls f(Move) for each move along a line from `from`: `reach` holds the line's squares
// (columns along a row, rows along a column).
template <class F>
inline void for_each_along(int from, unsigned reach, bool along_row, F&& f) {
  const int r = row_of(from), c = column_of(from);
  while (reach) {
    const int k = std::countr_zero(reach);
    reach &= reach - 1;
    f(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(along_row ? square(r, k) : square(k, c))});
  }
}

}  // namespace detail

// The moves of for_each_move, the quiet ones counted in bulk: quiet(n) for n moves at a time
// that end next to no enemy piece and are not the king's escape (those Tablut::stays_in_tier
// promises stay in the tier), f(Move) for each other one. The retrograde solver's
// initialization counts a position's in-tier children so, without a call per move.
template <class Quiet, class F>
inline void for_each_move_counting_quiet(const Position& p, Quiet&& quiet, F&& f) {
  if (p.decided()) return;
  const bool white = p.turn == Color::White;
  const Lines loud = detail::next_to(lines_of(white ? p.black : p.white_pieces()));
  detail::for_each_reach(p, [&](int from, unsigned along_row, unsigned along_column) {
    const int r = row_of(from), c = column_of(from);
    unsigned loud_row = loud.row[r], loud_column = loud.column[c];
    if (white && from == p.king) loud_row |= detail::kEscapeLines.row[r], loud_column |= detail::kEscapeLines.column[c];
    const int n = std::popcount(along_row & ~loud_row) + std::popcount(along_column & ~loud_column);
    if (n > 0) quiet(n);
    detail::for_each_along(from, along_row & loud_row, true, f);
    detail::for_each_along(from, along_column & loud_column, false, f);
    return true;
  });
}

// Calls f(Move) for every legal move; nothing once the game is decided.
template <class F>
inline void for_each_move(const Position& p, F&& f) {
  detail::for_each_reach(p, [&](int from, unsigned along_row, unsigned along_column) {
    detail::for_each_along(from, along_row, true, f);
    detail::for_each_along(from, along_column, false, f);
    return true;
  });
}

inline int count_moves(const Position& p) {
  int n = 0;
  detail::for_each_reach(p, [&](int, unsigned along_row, unsigned along_column) {
    n += std::popcount(along_row) + std::popcount(along_column);
    return true;
  });
  return n;
}

inline bool has_legal_move(const Position& p) {
  bool any = false;
  detail::for_each_reach(p, [&](int, unsigned along_row, unsigned along_column) {
    any = (along_row | along_column) != 0;
    return !any;
  });
  return any;
}

inline bool is_legal(const Position& p, Move m) {
  bool found = false;
  for_each_move(p, [&](Move legal) { found = found || legal == m; });
  return found;
}

}  // namespace zz::tablut
