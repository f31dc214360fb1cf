#pragma once
// Predecessors inside one material: the side that just moved takes back a move that
// captured nothing and promoted nothing (those come from other tables). Castling never
// appears in table positions. A predecessor is kept only if it is legal, that is if the
// side to move in p is not in check there.
#include "core/chess/position.hpp"

namespace zz::chess {

// Calls f(q) for every position q (no castling rights, no en-passant square) with a move
// from q to p. p must have no en-passant square.
template <class F>
void for_each_unmove(const Position& p, F&& f) {
  const Color us = ~p.side_to_move();  // moved last
  const Bitboard occupied = p.pieces();
  const Bitboard empty = ~occupied;
  auto emit = [&](Square from, Square to) {
    Position q = p;
    const Piece piece = q.piece_on(to);
    q.remove_piece(to);
    q.put_piece(piece, from);
    q.set_side_to_move(us);
    if (!q.opponent_in_check()) f(q);
  };
  for (Bitboard b = p.pieces(us) & ~p.pieces(Pawn); b;) {
    const Square to = pop_square(b);
    for (Bitboard from = attacks(type_of(p.piece_on(to)), to, occupied) & empty; from;) emit(pop_square(from), to);
  }
  const int up = forward(us);
  for (Bitboard b = p.pieces(us, Pawn); b;) {
    const Square to = pop_square(b);
    const Square one = Square(to - up);
    // A pawn on its second rank has not moved.
    if (relative_rank(us, to) < 2 || !(empty & square_bb(one))) continue;
    emit(one, to);
    const Square two = Square(to - 2 * up);
    if (relative_rank(us, to) == 3 && (empty & square_bb(two))) emit(two, to);
  }
}

}  // namespace zz::chess
