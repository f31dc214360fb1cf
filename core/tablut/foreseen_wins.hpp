#pragma once
// Positions won in one ply that a look at the board tells apart: White to move with the king
// on a free line to an escape square (the king's slide there ends the game). The retrograde
// solver counts a Black position's moves into such positions as known losses when it first
// counts its children, and never un-moves from them (solver/game.hpp, HasForeseenWins): in a
// Tablut table a quarter of the slots or more are such positions, and un-moving from each one
// to count its predecessors down was a quarter of the solve.
//
// The test reads only the king's row and column, so a move changes its answer only when it
// leaves or enters one of them; the count over a position's moves is made per line of slides,
// not per move. tests/tablut/foreseen_wins_test.cpp checks both against playing every move.
#include <array>
#include <bit>

#include "core/tablut/movegen.hpp"
#include "core/tablut/play.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

namespace foreseen_detail {

// The occupied squares of the king's row (bit = column) and column (bit = row).
inline unsigned row_bits(Bitboard b, int row) { return static_cast<unsigned>(b >> (kSide * row)) & 0x1ff; }
inline constexpr auto kColumnMasks = [] {
  std::array<Bitboard, kSide> masks{};
  for (int c = 0; c < kSide; ++c)
    for (int r = 0; r < kSide; ++r) masks[static_cast<std::size_t>(c)] |= bit(square(r, c));
  return masks;
}();
inline constexpr auto kRowMasks = [] {
  std::array<Bitboard, kSide> masks{};
  for (int r = 0; r < kSide; ++r) masks[static_cast<std::size_t>(r)] = Bitboard{0x1ff} << (kSide * r);
  return masks;
}();
inline unsigned column_bits(Bitboard b, int column) {
  unsigned bits = 0;  // a column holds few pieces: one step per piece, not per square
  for (Bitboard on = b & kColumnMasks[static_cast<std::size_t>(column)]; on;) bits |= 1u << row_of(pop_lsb(on));
  return bits;
}

// Whether a king on `king` reaches an escape square along its row or column, given the
// occupied squares of both (its own bit ignored), as for_each_reach slides it.
inline bool escape_open(int king, unsigned row_occupied, unsigned column_occupied) {
  const int r = row_of(king), c = column_of(king);
  const Lines& bar = detail::barrier_lines(true, king);  // the king: White
  return (detail::kSlide[c][row_occupied | bar.row[r]] & detail::kEscapeLines.row[r]) != 0 ||
         (detail::kSlide[r][column_occupied | bar.column[c]] & detail::kEscapeLines.column[c]) != 0;
}

// The same, given the whole board's occupied squares.
inline bool escape_open_on(int king, Bitboard occupied) {
  return escape_open(king, row_bits(occupied, row_of(king)), column_bits(occupied, column_of(king)));
}

}  // namespace foreseen_detail

// True when p, White to move, is won in one ply by the king's slide to an escape square.
inline bool king_escapes_next(const Position& p) {
  if (p.decided() || p.turn != Color::White) return false;
  return foreseen_detail::escape_open_on(p.king, p.occupied());
}

// king_escapes_next of the child of Black's move m of p, for a move that captures nothing.
inline bool escape_opened_by(const Position& p, Move m) {
  if (p.decided() || p.turn != Color::Black) return false;
  return foreseen_detail::escape_open_on(p.king, p.occupied() ^ bit(m.from) ^ bit(m.to));
}

// How many of p's moves that capture nothing (Black to move; 0 for White) lead to positions
// king_escapes_next holds of: the moves Tablut::stays_in_tier keeps in the tier.
inline int escapes_opened(const Position& p) {
  using namespace foreseen_detail;
  if (p.decided() || p.turn != Color::Black) return 0;
  const int king = p.king, king_row = row_of(king), king_column = column_of(king);
  const Bitboard occupied = p.occupied();
  const unsigned row_occupied = row_bits(occupied, king_row), column_occupied = column_bits(occupied, king_column);
  // A move of Black's adds a black pawn to the king's lines or takes one away; it cannot
  // open a line that the white pieces and the barriers close (the camps close the middle
  // rows and columns whatever stands there).
  const Bitboard white = p.white_pieces();
  if (!escape_open(king, row_bits(white, king_row), column_bits(white, king_column))) return 0;
  // With the king's lines closed now, only a pawn that alone closes one can open it, by
  // leaving: the other pawns' moves leave them closed, and are not looked at.
  Bitboard movers = p.black;
  if (!escape_open(king, row_occupied, column_occupied)) {
    movers = 0;
    for (Bitboard on = p.black & (kRowMasks[static_cast<std::size_t>(king_row)] |
                                  kColumnMasks[static_cast<std::size_t>(king_column)]);
         on;) {
      const int sq = pop_lsb(on);
      const unsigned r = row_of(sq) == king_row ? 1u << column_of(sq) : 0u;
      const unsigned c = column_of(sq) == king_column ? 1u << row_of(sq) : 0u;
      if (escape_open(king, row_occupied & ~r, column_occupied & ~c)) movers |= bit(sq);
    }
    if (!movers) return 0;
  }
  const Lines loud = detail::next_to(lines_of(white));
  int n = 0;
  // The moves next to a white piece may capture: each is tested, as stays_in_tier tests it.
  const auto one_by_one = [&](Move m) { n += !captures(p, m) && escape_opened_by(p, m); };
  // The slides of each pawn of `movers`, as for_each_reach finds them.
  for (Bitboard left = movers; left;) {
    const int from = pop_lsb(left);
    const int r = row_of(from), c = column_of(from);
    const Lines& bar = detail::barrier_lines(false, from);
    const unsigned along_row = detail::kSlide[c][row_bits(occupied, r) | bar.row[r]];
    const unsigned along_column = detail::kSlide[r][column_bits(occupied, c) | bar.column[c]];
    // The king's lines without the moving pawn.
    const unsigned row_left = r == king_row ? row_occupied & ~(1u << c) : row_occupied;
    const unsigned column_left = c == king_column ? column_occupied & ~(1u << r) : column_occupied;
    const unsigned quiet_row = along_row & ~loud.row[r], quiet_column = along_column & ~loud.column[c];
    // Slides along the pawn's row: on the king's row each lands on it; otherwise only the
    // one to the king's column changes what the pawn's leaving made of the king's lines.
    if (r == king_row) {
      for (unsigned q = quiet_row; q; q &= q - 1) n += escape_open(king, row_left | 1u << std::countr_zero(q), column_left);
    } else {
      const unsigned crossing = quiet_row & 1u << king_column;
      if (escape_open(king, row_left, column_left)) n += std::popcount(quiet_row & ~crossing);
      if (crossing) n += escape_open(king, row_left, column_left | 1u << r);
    }
    // Slides along its column, the same way.
    if (c == king_column) {
      for (unsigned q = quiet_column; q; q &= q - 1)
        n += escape_open(king, row_left, column_left | 1u << std::countr_zero(q));
    } else {
      const unsigned crossing = quiet_column & 1u << king_row;
      if (escape_open(king, row_left, column_left)) n += std::popcount(quiet_column & ~crossing);
      if (crossing) n += escape_open(king, row_left | 1u << c, column_left);
    }
    detail::for_each_along(from, along_row & loud.row[r], true, one_by_one);
    detail::for_each_along(from, along_column & loud.column[c], false, one_by_one);
  }
  return n;
}

}  // namespace zz::tablut
