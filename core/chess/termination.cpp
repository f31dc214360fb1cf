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

std::optional<Outcome> outcome(const Position& pos) {
  if (count_legal_moves(pos) == 0) return pos.in_check() ? Outcome::loss(0) : Outcome::draw();
  if (drawn_by_rule(pos)) return Outcome::draw();
  return std::nullopt;
}

}  // namespace zz::chess
