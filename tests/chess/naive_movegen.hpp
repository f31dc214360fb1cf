#pragma once
// An independent move generator for cross-checking: walks rays square by square on the
// board array, produces pseudo-legal moves and keeps those after which the mover's king is
// not attacked. Slow and simple on purpose; it shares no pin, check-mask or magic logic with
// the real generator.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/chess/position.hpp"

namespace zz::chess::test {

inline bool naive_attacked(const Position& pos, Square s, Color by) {
  const int f0 = file_of(s), r0 = rank_of(s);
  auto piece_at = [&](int f, int r) -> Piece {
    if (f < 0 || f > 7 || r < 0 || r > 7) return NoPiece;
    return pos.piece_on(make_square(f, r));
  };
  auto is = [&](Piece p, PieceType t) { return p != NoPiece && color_of(p) == by && type_of(p) == t; };
  const int pawn_rank = by == White ? r0 - 1 : r0 + 1;
  if (is(piece_at(f0 - 1, pawn_rank), Pawn) || is(piece_at(f0 + 1, pawn_rank), Pawn)) return true;
  constexpr int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (const auto& d : knight)
    if (is(piece_at(f0 + d[0], r0 + d[1]), Knight)) return true;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if (!df && !dr) continue;
      if (is(piece_at(f0 + df, r0 + dr), King)) return true;
      const bool diagonal = df && dr;
      for (int f = f0 + df, r = r0 + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
        const Piece p = piece_at(f, r);
        if (p == NoPiece) continue;
        if (is(p, Queen) || is(p, diagonal ? Bishop : Rook)) return true;
        break;
      }
    }
  return false;
}

// ep is the square a pawn skipped on the last move (NoSquare if none): the generator tries
// the en-passant capture itself instead of trusting the position's en-passant field.
inline std::vector<std::uint16_t> naive_legal_moves(const Position& pos, Square ep) {
  const Color us = pos.side_to_move();
  std::vector<Move> pseudo;
  auto own = [&](int f, int r) {
    const Piece p = pos.piece_on(make_square(f, r));
    return p != NoPiece && color_of(p) == us;
  };
  auto empty = [&](int f, int r) { return pos.piece_on(make_square(f, r)) == NoPiece; };
  auto inside = [](int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; };
  for (int sq = 0; sq < 64; ++sq) {
    const Square from = Square(sq);
    const Piece p = pos.piece_on(from);
    if (p == NoPiece || color_of(p) != us) continue;
    const int f0 = file_of(from), r0 = rank_of(from);
    auto add_pawn = [&](int f, int r) {
      const Square to = make_square(f, r);
      if (r == 0 || r == 7)
        for (const PieceType t : {Queen, Rook, Bishop, Knight}) pseudo.push_back(Move::promotion(from, to, t));
      else
        pseudo.push_back(Move(from, to));
    };
    switch (type_of(p)) {
      case Pawn: {
        const int dir = us == White ? 1 : -1;
        if (inside(f0, r0 + dir) && empty(f0, r0 + dir)) {
          add_pawn(f0, r0 + dir);
          const int start = us == White ? 1 : 6;
          if (r0 == start && empty(f0, r0 + 2 * dir)) pseudo.push_back(Move(from, make_square(f0, r0 + 2 * dir)));
        }
        for (const int df : {-1, 1}) {
          const int f = f0 + df, r = r0 + dir;
          if (!inside(f, r)) continue;
          if (!empty(f, r) && !own(f, r)) add_pawn(f, r);
          const Square target = make_square(f, r);
          if (target == ep) pseudo.push_back(Move(from, target, Move::EnPassant));
        }
        break;
      }
      case Knight:
      case King: {
        const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        const int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
        for (int i = 0; i < 8; ++i) {
          const int* d = type_of(p) == Knight ? knight[i] : king[i];
          const int f = f0 + d[0], r = r0 + d[1];
          if (inside(f, r) && !own(f, r)) pseudo.push_back(Move(from, make_square(f, r)));
        }
        break;
      }
      default:
        for (int df = -1; df <= 1; ++df)
          for (int dr = -1; dr <= 1; ++dr) {
            if (!df && !dr) continue;
            const bool diagonal = df && dr;
            if (type_of(p) == Bishop && !diagonal) continue;
            if (type_of(p) == Rook && diagonal) continue;
            for (int f = f0 + df, r = r0 + dr; inside(f, r) && !own(f, r); f += df, r += dr) {
              pseudo.push_back(Move(from, make_square(f, r)));
              if (!empty(f, r)) break;
            }
          }
    }
  }
  // Castling: rights, empty squares between king and rook, and no attack on the king's
  // start, passage and arrival squares.
  const Square home = us == White ? E1 : E8;
  const Color them = ~us;
  const CastlingRight king_side = us == White ? WhiteKingSide : BlackKingSide;
  const CastlingRight queen_side = us == White ? WhiteQueenSide : BlackQueenSide;
  auto is_empty = [&](int s) { return pos.piece_on(Square(s)) == NoPiece; };
  auto safe = [&](int s) { return !naive_attacked(pos, Square(s), them); };
  if (pos.can_castle(king_side) && is_empty(home + 1) && is_empty(home + 2) && safe(home) &&
      safe(home + 1) && safe(home + 2))
    pseudo.push_back(Move(home, Square(home + 2), Move::Castling));
  if (pos.can_castle(queen_side) && is_empty(home - 1) && is_empty(home - 2) && is_empty(home - 3) &&
      safe(home) && safe(home - 1) && safe(home - 2))
    pseudo.push_back(Move(home, Square(home - 2), Move::Castling));

  std::vector<std::uint16_t> legal;
  for (const Move m : pseudo) {
    const Position child = pos.play(m);
    if (!naive_attacked(child, child.king_square(us), them)) legal.push_back(m.raw());
  }
  std::sort(legal.begin(), legal.end());
  return legal;
}

}  // namespace zz::chess::test
