// The index of a capture's or a promotion's child in its (smaller) table, found from the
// parent's bitboards with the move applied, instead of playing the move (a 160-byte copy
// with its hash) and finding the child's material twice (for its table and for its rank).
// The solver asks this for every capture of every position of a table it initializes.
#include <algorithm>

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
  const auto pieces = [&by](Color c, PieceType t) { return by[c][t]; };

  // As rank() does for the played child, whose side to move is the mover's opponent.
  const Color side = Color(~mover ^ flip);
  const int f = flip ? 56 : 0;
  const int w = lsb_square(by[White ^ flip][King]) ^ f, b = lsb_square(by[Black ^ flip][King]) ^ f;
  const KingPairs& kp = *kings_;
  std::uint64_t rest = rest_rank_of(pieces, flip, kp.syms[w][b][0]);
  if (kp.sym_count[w][b] == 2) rest = std::min(rest, rest_rank_of(pieces, flip, kp.syms[w][b][1]));
  return (side * pairs_ + static_cast<std::uint64_t>(kp.pair[w][b])) * rest_ + rest;
}

}  // namespace zz::chess
