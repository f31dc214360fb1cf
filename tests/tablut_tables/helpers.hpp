#pragma once
// Positions of a material tier written out one by one, without the table index: every king
// square, every set of pawn squares the rules allow, both sides to move.
#include <random>
#include <vector>

#include "core/tablut/game.hpp"

namespace tablut_tables_test {

using namespace zz::tablut;

// Squares where a live, not yet escaped king may stand, and where pawns may stand.
inline bool king_square(int sq) { return !has(kCamps | kEscapes, sq); }
inline bool white_square(int sq) { return sq != kThrone && !has(kCamps, sq); }
inline bool black_square(int sq) { return sq != kThrone; }

// Calls f(p) for every position of material m (not "over").
template <class F>
void for_each_position(const Material& m, F&& f) {
  Position p;
  auto place = [&](auto&& self, bool black, int first, int left) -> void {
    if (left == 0) {
      if (!black) return self(self, true, 0, m.black);
      for (Color turn : {Color::White, Color::Black}) {
        p.turn = turn;
        f(p);
      }
      return;
    }
    for (int sq = first; sq < kSquares; ++sq) {
      if (has(p.occupied(), sq) || !(black ? black_square(sq) : white_square(sq))) continue;
      Bitboard& side = black ? p.black : p.white;
      side |= bit(sq);
      self(self, black, sq + 1, left - 1);
      side &= ~bit(sq);
    }
  };
  for (int k = 0; k < kSquares; ++k) {
    if (!king_square(k)) continue;
    p = Position{};
    p.king = static_cast<std::uint8_t>(k);
    place(place, false, 0, m.white);
  }
}

// A random position of material m.
inline Position random_position(const Material& m, std::mt19937_64& rng) {
  auto pick = [&](auto allowed, const Position& p) {
    for (;;) {
      const int sq = static_cast<int>(rng() % kSquares);
      if (allowed(sq) && !has(p.occupied(), sq)) return sq;
    }
  };
  Position p;
  p.king = static_cast<std::uint8_t>(pick(king_square, p));
  for (int i = 0; i < m.white; ++i) p.white |= bit(pick(white_square, p));
  for (int i = 0; i < m.black; ++i) p.black |= bit(pick(black_square, p));
  p.turn = rng() % 2 ? Color::White : Color::Black;
  return p;
}

}  // namespace tablut_tables_test
