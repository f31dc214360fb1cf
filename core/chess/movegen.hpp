#pragma once
// Legal move generation without trying moves: a check mask (the squares that capture or
// block a single checker), pin lines (a pinned piece stays on the line through its king) and
// attack tests for the king's targets and castling paths decide legality up front. Only en
// passant, which can uncover a rank attack by removing two pieces, is tested by a direct
// occupancy check.
//
// The generator hands moves to a sink by whole target sets, so the same code both lists
// moves and counts them with popcounts (perft's bulk counting) without building a list.
#include <bit>
#include <cstdint>

#include "core/chess/position.hpp"

namespace zz::chess {

namespace detail {

// A sink receives: the targets of one piece; pawn targets with the offset back to their
// origins; promotion targets the same way (each is four moves); and single moves.
template <class F>
struct CallbackSink {
  F& f;
  void piece_moves(Square from, Bitboard targets) {
    while (targets) f(Move(from, pop_square(targets)));
  }
  void pawn_moves(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_square(targets);
      f(Move(Square(to - offset), to));
    }
  }
  void promotions(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_square(targets), from = Square(to - offset);
      f(Move::promotion(from, to, Queen));
      f(Move::promotion(from, to, Rook));
      f(Move::promotion(from, to, Bishop));
      f(Move::promotion(from, to, Knight));
    }
  }
  void move(Move m) { f(m); }
};

// Counts the quiet moves that keep the material and leave no en-passant right (no capture,
// no promotion, no double step) in bulk, by popcount, and calls f(Move) for every other
// move: what a table solver needs at initialization, where those moves are only counted.
template <class Quiet, class F>
struct QuietCountingSink {
  Quiet& quiet;
  F& f;
  Bitboard enemies;
  void piece_moves(Square from, Bitboard targets) {
    if (const Bitboard q = targets & ~enemies) quiet(std::popcount(q));
    for (Bitboard c = targets & enemies; c;) f(Move(from, pop_square(c)));
  }
  void pawn_moves(Bitboard targets, int offset) {
    if (offset == 8 || offset == -8) {  // single steps: never a capture (promotions come apart)
      if (targets) quiet(std::popcount(targets));
      return;
    }
    while (targets) {
      const Square to = pop_square(targets);
      f(Move(Square(to - offset), to));
    }
  }
  void promotions(Bitboard targets, int offset) { CallbackSink<F>{f}.promotions(targets, offset); }
  void move(Move m) { f(m); }
};

struct CountingSink {
  std::uint64_t count = 0;
  void piece_moves(Square, Bitboard targets) { count += static_cast<unsigned>(std::popcount(targets)); }
  void pawn_moves(Bitboard targets, int) { count += static_cast<unsigned>(std::popcount(targets)); }
  void promotions(Bitboard targets, int) { count += 4u * static_cast<unsigned>(std::popcount(targets)); }
  void move(Move) { ++count; }
};

template <Color Us, class Sink>
inline void pawn_moves(Bitboard pawns, Bitboard empty, Bitboard enemies, Bitboard target, Sink& sink) {
  constexpr Direction Up = Us == White ? North : South;
  constexpr Direction CaptureWest = Us == White ? NorthWest : SouthWest;
  constexpr Direction CaptureEast = Us == White ? NorthEast : SouthEast;
  constexpr Bitboard AfterOneStep = Us == White ? kRank3 : kRank6;
  constexpr Bitboard LastRank = Us == White ? kRank8 : kRank1;

  Bitboard one = shift<Up>(pawns) & empty;
  const Bitboard two = shift<Up>(one & AfterOneStep) & empty & target;
  one &= target;
  const Bitboard west = shift<CaptureWest>(pawns) & enemies & target;
  const Bitboard east = shift<CaptureEast>(pawns) & enemies & target;
  sink.pawn_moves(one & ~LastRank, Up);
  sink.pawn_moves(two, 2 * Up);
  sink.pawn_moves(west & ~LastRank, CaptureWest);
  sink.pawn_moves(east & ~LastRank, CaptureEast);
  if ((one | west | east) & LastRank) {
    sink.promotions(one & LastRank, Up);
    sink.promotions(west & LastRank, CaptureWest);
    sink.promotions(east & LastRank, CaptureEast);
  }
}

template <Color Us, class Sink>
inline void generate_legal(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr Square KingHome = Us == White ? E1 : E8;
  constexpr CastlingRight KingSide = Us == White ? WhiteKingSide : BlackKingSide;
  constexpr CastlingRight QueenSide = Us == White ? WhiteQueenSide : BlackQueenSide;

  const Bitboard own = pos.pieces(Us), enemies = pos.pieces(Them), occupied = own | enemies;
  const Square king = pos.king_square(Us);
  const Bitboard their_diagonal = pos.pieces(Them, Bishop, Queen);
  const Bitboard their_orthogonal = pos.pieces(Them, Rook, Queen);
  const Bitboard checkers = (pawn_attacks(Us, king) & pos.pieces(Them, Pawn)) |
                            (knight_attacks(king) & pos.pieces(Them, Knight)) |
                            (bishop_attacks(king, occupied) & their_diagonal) |
                            (rook_attacks(king, occupied) & their_orthogonal);

  // The king may not step along a checking ray away from the checker, so it is taken off
  // the board for its own attack tests.
  Bitboard king_targets = king_attacks(king) & ~own;
  Bitboard safe = 0;
  const Bitboard without_king = occupied ^ square_bb(king);
  while (king_targets) {
    const Square to = pop_square(king_targets);
    if (!pos.attacked_by(Them, to, without_king)) safe |= square_bb(to);
  }
  sink.piece_moves(king, safe);
  if (more_than_one(checkers)) return;

  const Bitboard target = checkers ? between(king, lsb_square(checkers)) | checkers : ~own;

  Bitboard pinned = 0;
  Bitboard snipers = (kRookRays[king] & their_orthogonal) | (kBishopRays[king] & their_diagonal);
  while (snipers) {
    const Bitboard blockers = between(king, pop_square(snipers)) & occupied;
    if (!more_than_one(blockers)) pinned |= blockers & own;
  }

  for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
    const Square s = pop_square(b);
    sink.piece_moves(s, knight_attacks(s) & target);
  }
  const Bitboard diagonal = pos.pieces(Us, Bishop, Queen);
  const Bitboard orthogonal = pos.pieces(Us, Rook, Queen);
  for (Bitboard b = diagonal & ~pinned; b;) {
    const Square s = pop_square(b);
    sink.piece_moves(s, bishop_attacks(s, occupied) & target);
  }
  for (Bitboard b = orthogonal & ~pinned; b;) {
    const Square s = pop_square(b);
    sink.piece_moves(s, rook_attacks(s, occupied) & target);
  }

  const Bitboard pawns = pos.pieces(Us, Pawn);
  pawn_moves<Us>(pawns & ~pinned, ~occupied, enemies, target, sink);

  // A pinned piece cannot capture or block a checker, so pins matter only out of check.
  if (!checkers) {
    for (Bitboard b = pinned & ~pos.pieces(Us, Knight); b;) {
      const Square s = pop_square(b);
      const Bitboard on_line = line(king, s);
      switch (type_of(pos.piece_on(s))) {
        case Pawn: pawn_moves<Us>(square_bb(s), ~occupied, enemies, on_line, sink); break;
        case Bishop: sink.piece_moves(s, bishop_attacks(s, occupied) & ~own & on_line); break;
        case Rook: sink.piece_moves(s, rook_attacks(s, occupied) & ~own & on_line); break;
        default: sink.piece_moves(s, queen_attacks(s, occupied) & ~own & on_line); break;
      }
    }
    if (pos.can_castle(KingSide) && !(occupied & between(KingHome, Square(KingHome + 3))) &&
        !pos.attacked_by(Them, Square(KingHome + 1), occupied) &&
        !pos.attacked_by(Them, Square(KingHome + 2), occupied))
      sink.move(Move(KingHome, Square(KingHome + 2), Move::Castling));
    if (pos.can_castle(QueenSide) && !(occupied & between(KingHome, Square(KingHome - 4))) &&
        !pos.attacked_by(Them, Square(KingHome - 1), occupied) &&
        !pos.attacked_by(Them, Square(KingHome - 2), occupied))
      sink.move(Move(KingHome, Square(KingHome - 2), Move::Castling));
  }

  const Square ep = pos.en_passant_square();
  if (ep != NoSquare) {
    for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
      const Square from = pop_square(b);
      if (pos.en_passant_legal(from, ep)) sink.move(Move(from, ep, Move::EnPassant));
    }
  }
}

}  // namespace detail

// Hands every legal move to sink (see detail::CallbackSink for the interface).
template <class Sink>
inline void generate_legal(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == White)
    detail::generate_legal<White>(pos, sink);
  else
    detail::generate_legal<Black>(pos, sink);
}

// Calls f(Move) for every legal move; allocates nothing.
template <class F>
inline void for_each_legal_move(const Position& pos, F&& f) {
  detail::CallbackSink<F> sink{f};
  generate_legal(pos, sink);
}

// quiet(n) for n legal moves at a time that neither capture, promote nor step a pawn two
// squares; f(Move) for each other legal move.
template <class Quiet, class F>
inline void for_each_legal_move_counting_quiet(const Position& pos, Quiet&& quiet, F&& f) {
  detail::QuietCountingSink<Quiet, F> sink{quiet, f, pos.pieces(~pos.side_to_move())};
  generate_legal(pos, sink);
}

inline int count_legal_moves(const Position& pos) {
  detail::CountingSink sink;
  generate_legal(pos, sink);
  return static_cast<int>(sink.count);
}

inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  for_each_legal_move(pos, [&](Move m) { list.push_back(m); });
  return list;
}

}  // namespace zz::chess
