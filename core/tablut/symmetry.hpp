#pragma once
// The Ashton board (throne, camps, escape squares, capture anvils) is invariant under all 8
// symmetries of the square, so a transformed position plays exactly like the original.
#include "core/common/symmetry.hpp"
#include "core/tablut/board.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

inline constexpr SquareMaps<kSide> kSquareMaps{};

inline Bitboard transform(Symmetry s, Bitboard b) {
  const auto& map = kSquareMaps.map[static_cast<int>(s)];
  Bitboard out = 0;
  for_each_square(b, [&](int sq) { out |= bit(map[sq]); });
  return out;
}

inline Position transform(Symmetry s, const Position& p) {
  Position q = p;
  q.white = transform(s, p.white);
  q.black = transform(s, p.black);
  if (p.has_king()) q.king = static_cast<std::uint8_t>(kSquareMaps.map[static_cast<int>(s)][p.king]);
  return q;
}

inline Move transform(Symmetry s, Move m) {
  const auto& map = kSquareMaps.map[static_cast<int>(s)];
  return {static_cast<std::uint8_t>(map[m.from]), static_cast<std::uint8_t>(map[m.to])};
}

}  // namespace zz::tablut
