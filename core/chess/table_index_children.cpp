// The index of a capture's or a promotion's child in its (smaller) table, found from the
// parent's bitboards with the move applied, instead of playing the move (a 160-byte copy
// with its hash) and finding the child's material twice (for its table and for its rank).
// The solver asks this for every capture of every position of a table it initializes.

#include "core/chess/table_index.hpp"
#include "core/chess/table_index_parts.hpp"

namespace zz::chess {

std::uint64_t TableIndex::rank_after(const Position& p, Move m, bool flip) const {
  const Color mover = p.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece moving = p.piece_on(from), captured = p.piece_on(to);
  const PieceType placed = m.kind() == Move::Promotion ? m.promotion_piece() : type_of(moving);
  // The child's pieces: each colour and type with the move applied.
  Bitboard by[2][6];
  for (Color c : {White, Black})
    for (int t = Pawn; t <= King; ++t) by[c][t] = p.pieces(c, PieceType(t));
  by[mover][type_of(moving)] ^= square_bb(from);
  if (captured != NoPiece) by[color_of(captured)][type_of(captured)] ^= square_bb(to);
  by[mover][placed] |= square_bb(to);
  // As rank() does for the played child, whose side to move is the mover's opponent.
  return rank_of([&by](Color c, PieceType t) { return by[c][t]; }, Color(~mover ^ flip), flip);
}

}  // namespace zz::chess
