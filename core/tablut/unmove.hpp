#pragma once
// Un-moves for the retrograde solver: the positions of the same tier from which a legal move
// leads to p. The side that just moved takes back a move that captured nothing (a capture
// would have come from a tier with more pawns).
//
// Candidates come from sliding each of that side's pieces backwards over squares empty in p;
// each is kept only if the forward move is legal in it and plays to exactly p. The legality
// test is the one the move generator applies, in reverse: nobody passes or lands on the
// throne (only the king may start from it), white pieces never touch a camp, and a black pawn
// touches no camp but its own and only while it still stands in it, so a black pawn on a camp
// square came from a square of that same camp.
#include <array>

#include "core/tablut/board.hpp"
#include "core/tablut/play.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

// Squares a black pawn starting on each square may neither cross nor land on (a table: the
// un-move generator asks for every candidate origin).
inline constexpr std::array<Bitboard, kSquares> kBlackBarriers = [] {
  std::array<Bitboard, kSquares> a{};
  for (int from = 0; from < kSquares; ++from)
    a[from] = bit(kThrone) | (kCampOf[from] >= 0 ? kCamps & ~camp_mask(kCampOf[from]) : kCamps);
  return a;
}();

// Squares a piece starting on `from` may neither cross nor land on.
constexpr Bitboard barriers_for(bool black_pawn, int from) {
  return black_pawn ? kBlackBarriers[from] : bit(kThrone) | kCamps;
}

// Calls f(q) for every position q with a legal, non-capturing move to p. Nothing for a
// finished game.
template <class F>
void for_each_unmove(const Position& p, F&& f) {
  if (p.decided()) return;
  const Color mover = opponent(p.turn);
  const bool black = mover == Color::Black;
  const Bitboard occupied = p.occupied();
  Bitboard pieces = black ? p.black : p.white_pieces();
  const Bitboard enemies = black ? p.white_pieces() : p.black;
  while (pieces) {
    const int to = pop_lsb(pieces);
    const bool is_king = !black && to == p.king;
    // Only a move that ends next to an enemy can capture; the rest need no replay.
    const bool may_capture = (neighbours(to) & enemies) != 0;
    for (int d = 0; d < kDirections; ++d) {
      // The squares the move crossed or landed on, growing as `from` moves away from `to`.
      Bitboard path = bit(to);
      for (int from = kSteps[to][d].next; from != kNoSquare && !has(occupied, from); from = kSteps[from][d].next) {
        const bool throne = from == kThrone;
        const bool origin_ok = black ? !throne : !has(kCamps, from) && (is_king ? !has(kEscapes, from) : !throne);
        if (origin_ok && (path & barriers_for(black, from)) == 0) {
          Position q = p;
          q.turn = mover;
          if (is_king) q.king = static_cast<std::uint8_t>(from);
          else if (black) q.black ^= bit(from) | bit(to);
          else q.white ^= bit(from) | bit(to);
          if (!may_capture || play(q, Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)}) == p)
            f(q);
        }
        if (throne) break;  // nothing crosses the throne
        path |= bit(from);
      }
    }
  }
}

}  // namespace zz::tablut
