#pragma once
// Attack sets of every piece. Leaper and line tables are computed at compile time; sliding
// attacks use "fancy" magic bitboards (or PEXT when the build targets BMI2), whose tables are
// filled once at start-up before any other static initializer of a file including this one.
#include <array>

#include "core/chess/bitboard.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace zz::chess {

using SquareTable = std::array<Bitboard, kSquareCount>;
using SquarePairTable = std::array<SquareTable, kSquareCount>;

extern const SquareTable kKnightAttacks;
extern const SquareTable kKingAttacks;
extern const std::array<SquareTable, 2> kPawnAttacks;
// Squares strictly between two squares on a common rank, file or diagonal; empty otherwise.
extern const SquarePairTable kBetween;
// The whole line (edge to edge) through two aligned squares; empty if not aligned.
extern const SquarePairTable kLine;
// Rook and bishop attacks on an empty board.
extern const SquareTable kRookRays;
extern const SquareTable kBishopRays;

// One square's slot in a sliding-attack table: the relevant occupancy (the rays without
// their last square) hashes to an index into that square's part of the table.
struct Magic {
  Bitboard mask;
  Bitboard factor;
  const Bitboard* attacks;
  unsigned shift;

  unsigned index(Bitboard occupied) const {
#if defined(__BMI2__)
    return static_cast<unsigned>(_pext_u64(occupied, mask));
#else
    return static_cast<unsigned>(((occupied & mask) * factor) >> shift);
#endif
  }
};

extern Magic rook_magics[kSquareCount];
extern Magic bishop_magics[kSquareCount];

// Fills the sliding tables, once (thread-safe; later calls cost one check). Not a static
// initializer: the 15 million instructions it takes were 85 % of every command's start-up,
// chess or not. Every way to make a chess position calls it first (parse_fen, TableIndex,
// which unrank() needs), so no position exists before the tables; a lookup before them
// would read through a null table and crash, never answer wrong.
void init_attack_tables();

inline Bitboard knight_attacks(Square s) { return kKnightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return kKingAttacks[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return kPawnAttacks[c][s]; }
inline Bitboard between(Square a, Square b) { return kBetween[a][b]; }
inline Bitboard line(Square a, Square b) { return kLine[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return (kLine[a][b] & square_bb(c)) != 0; }

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const Magic& m = rook_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const Magic& m = bishop_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Attacks of a piece of type t (not a pawn) on s on an empty board: every square it can
// attack whatever stands between. A cheap test before the sliding look-up, whose tables
// are bigger than a cache shared with a solver's random reads.
inline Bitboard empty_board_attacks(PieceType t, Square s) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return kBishopRays[s];
    case Rook: return kRookRays[s];
    case Queen: return kRookRays[s] | kBishopRays[s];
    case King: return king_attacks(s);
    default: return 0;
  }
}

// Attacks of a piece of type t (not a pawn) standing on s.
inline Bitboard attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occupied);
    case Rook: return rook_attacks(s, occupied);
    case Queen: return queen_attacks(s, occupied);
    case King: return king_attacks(s);
    default: return 0;
  }
}

}  // namespace zz::chess
