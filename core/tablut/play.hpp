#pragma once
// Making a move: the piece slides, then only the piece that moved captures, looking at its four
// neighbours. Several captures in one move are possible; a piece that moves between two
// enemies is safe because nothing else is examined.
#include "core/tablut/board.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

// Whether the king on `king` is captured by Black, given that a black pawn has just arrived
// next to it from direction `d` (the square beyond the king is kSteps[mover][d].beyond).
inline bool king_captured(Bitboard black, int king, int beyond) {
  if (king == kThrone) return (neighbours(kThrone) & ~black) == 0;
  const Bitboard around = neighbours(king);
  // Next to the throne the throne is no anvil: Black needs the other three sides.
  if (has(around, kThrone)) return (around & ~bit(kThrone) & ~black) == 0;
  return beyond != kNoSquare && has(black | kCamps, beyond);
}

// Whether move m of p ends next to an enemy piece. Only the piece that moved captures, and
// only its neighbours, so a move for which this is false captures nothing.
inline bool ends_next_to_enemy(const Position& p, Move m) {
  return (neighbours(m.to) & (p.turn == Color::White ? p.black : p.white_pieces())) != 0;
}

// Whether a piece of the side that moved, having just slid onto `to` of `board` (the pieces
// after the slide, before any capture), captures: the test play makes below, on the board
// it makes it on.
inline bool arrival_captures(const Position& board, int to, bool black_moved) {
  if (!black_moved) {
    const Bitboard anvils = board.white | board.king_board() | bit(kThrone) | kWhiteAnvilCamps;
    for (const Step& s : kSteps[to])
      if (s.next != kNoSquare && has(board.black, s.next) && s.beyond != kNoSquare && has(anvils, s.beyond))
        return true;
    return false;
  }
  const Bitboard anvils = board.black | kCamps | bit(kThrone);
  for (const Step& s : kSteps[to]) {
    if (s.next == kNoSquare) continue;
    if (has(board.white, s.next)) {
      if (s.beyond != kNoSquare && has(anvils, s.beyond)) return true;
    } else if (s.next == board.king && king_captured(board.black, board.king, s.beyond)) {
      return true;
    }
  }
  return false;
}

// Whether legal move m of p captures a pawn or the king.
inline bool captures(const Position& p, Move m) {
  if (!ends_next_to_enemy(p, m)) return false;
  Position slid = p;
  const Bitboard path = bit(m.from) | bit(m.to);
  if (p.turn == Color::Black) slid.black ^= path;
  else if (p.king == m.from) slid.king = m.to;
  else slid.white ^= path;
  return arrival_captures(slid, m.to, p.turn == Color::Black);
}

// The position after a legal move m.
inline Position play(const Position& p, Move m) {
  Position q = p;
  const Bitboard path = bit(m.from) | bit(m.to);
  const int to = m.to;
  // Most moves end next to no enemy piece and capture nothing: one test skips the search.
  const bool may_capture = ends_next_to_enemy(p, m);
  if (p.turn == Color::White) {
    if (p.king == m.from) q.king = m.to;
    else q.white ^= path;
    if (!may_capture) {
      q.turn = Color::Black;
      return q;
    }
    const Bitboard anvils = q.white | q.king_board() | bit(kThrone) | kWhiteAnvilCamps;
    for (const Step& s : kSteps[to])
      if (s.next != kNoSquare && has(q.black, s.next) && s.beyond != kNoSquare && has(anvils, s.beyond))
        q.black &= ~bit(s.next);
  } else {
    q.black ^= path;
    if (!may_capture) {
      q.turn = Color::White;
      return q;
    }
    // The throne is an anvil against white pawns whether it is empty or holds the king.
    const Bitboard anvils = q.black | kCamps | bit(kThrone);
    for (const Step& s : kSteps[to]) {
      if (s.next == kNoSquare) continue;
      if (has(q.white, s.next)) {
        if (s.beyond != kNoSquare && has(anvils, s.beyond)) q.white &= ~bit(s.next);
      } else if (s.next == q.king && king_captured(q.black, q.king, s.beyond)) {
        q.king = kNoSquare;
      }
    }
  }
  q.turn = opponent(p.turn);
  return q;
}

}  // namespace zz::tablut
