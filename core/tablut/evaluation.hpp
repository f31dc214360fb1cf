#pragma once
// A heuristic score for the best-move search, from the side to move's point of view. It
// knows what decides Tablut: the king's open roads to the edge (two open roads cannot both
// be closed in one move), material, and black pawns closing in on the king.
#include <algorithm>

#include "core/tablut/position.hpp"

namespace zz::tablut {

// Escape squares the king reaches in one move (rook-like over empty squares, never onto or
// over the throne or a camp).
constexpr int open_roads(const Position& p) {
  if (!p.has_king()) return 0;
  const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  int roads = 0;
  for (auto [dr, dc] : steps) {
    int r = row_of(p.king) + dr, c = column_of(p.king) + dc;
    while (r >= 0 && r < kSide && c >= 0 && c < kSide) {
      const int s = square(r, c);
      if (has(p.occupied(), s) || s == kThrone || has(kCamps, s)) break;
      if (has(kEscapes, s)) {
        ++roads;
        break;
      }
      r += dr;
      c += dc;
    }
  }
  return roads;
}

constexpr int evaluate(const Position& p) {
  if (!p.has_king()) return p.turn == Color::White ? -100000 : 100000;
  int white = 0;
  white += 100 * p.white_pawn_count() - 70 * p.black_pawn_count();
  const int roads = open_roads(p);
  white += roads >= 2 ? 5000 : roads * 600;
  // Black pawns beside the king, and the king's distance from the nearest edge.
  const int r = row_of(p.king), c = column_of(p.king);
  const int neighbours[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (auto [dr, dc] : neighbours) {
    const int rr = r + dr, cc = c + dc;
    if (rr >= 0 && rr < kSide && cc >= 0 && cc < kSide && has(p.black, square(rr, cc))) white -= 120;
  }
  const int edge = std::min({r, c, kSide - 1 - r, kSide - 1 - c});
  white -= 25 * edge;
  return p.turn == Color::White ? white : -white;
}

}  // namespace zz::tablut
