#include "core/chess/termination.hpp"

#include "core/chess/movegen.hpp"

namespace zz::chess {

bool insufficient_material(const Position& pos) {
  if (pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen)) return false;
  const Bitboard minors = pos.pieces(Knight) | pos.pieces(Bishop);
  if (!more_than_one(minors)) return true;
  if (pos.pieces(Knight)) return false;
  const Bitboard bishops = pos.pieces(Bishop);
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal_moves(pos) == 0; }

bool is_stalemate(const Position& pos) { return !pos.in_check() && count_legal_moves(pos) == 0; }

namespace {

// Whether the side to move has a legal move. Its king usually has a square to go to, and
// finding one is far cheaper than generating every move (the table solver asks this of
// every position it initializes).
bool has_legal_move(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  // The king leaves its square: a slider's ray through it must count as open.
  const Bitboard occupied = pos.pieces() ^ square_bb(king);
  for (Bitboard to = king_attacks(king) & ~pos.pieces(us); to;)
    if (!pos.attacked_by(~us, pop_square(to), occupied)) return true;
  return count_legal_moves(pos) > 0;
}

}  // namespace

std::optional<Outcome> outcome(const Position& pos) {
  if (!has_legal_move(pos)) return pos.in_check() ? Outcome::loss(0) : Outcome::draw();
  if (drawn_by_rule(pos)) return Outcome::draw();
  return std::nullopt;
}

}  // namespace zz::chess
