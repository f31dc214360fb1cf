#include <doctest/doctest.h>

#include "core/chess/attacks.hpp"
#include "tests/chess/random_games.hpp"

using namespace zz::chess;

namespace {

// Ray walking, independent of the tables.
Bitboard walk(Square s, Bitboard occupied, bool diagonal) {
  Bitboard attacks = 0;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if ((!df && !dr) || (df && dr) != diagonal) continue;
      for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
        attacks |= square_bb(make_square(f, r));
        if (occupied & square_bb(make_square(f, r))) break;
      }
    }
  return attacks;
}

}  // namespace

TEST_CASE("sliding attacks equal ray walking for random occupancies") {
  init_attack_tables();
  test::Random rng(42);
  for (int sq = 0; sq < 64; ++sq)
    for (int i = 0; i < 2000; ++i) {
      // Sparse and dense boards alike.
      const Bitboard occupied = i % 2 ? rng.next() & rng.next() : rng.next() | rng.next();
      const Square s = Square(sq);
      if (rook_attacks(s, occupied) != walk(s, occupied, false) ||
          bishop_attacks(s, occupied) != walk(s, occupied, true))
        FAIL_CHECK("wrong attacks from square " << sq);
    }
}

TEST_CASE("leaper and line tables") {
  CHECK(knight_attacks(A1) == (square_bb(B3) | square_bb(C2)));
  CHECK(std::popcount(knight_attacks(D4)) == 8);
  CHECK(king_attacks(H8) == (square_bb(G8) | square_bb(G7) | square_bb(H7)));
  CHECK(pawn_attacks(White, E4) == (square_bb(D5) | square_bb(F5)));
  CHECK(pawn_attacks(Black, A5) == square_bb(B4));
  CHECK(between(A1, D4) == (square_bb(B2) | square_bb(C3)));
  CHECK(between(E1, E2) == 0);
  CHECK(between(A1, B3) == 0);
  CHECK(line(C3, E5) == 0x8040201008040201ULL);
  CHECK(line(A2, C2) == kRank2);
  CHECK(line(A1, B3) == 0);
  CHECK(aligned(A1, H8, D4));
  CHECK_FALSE(aligned(A1, H8, D5));
}
