#include "core/tatedrez/board.hpp"

#include <cstdlib>

namespace zz::tatedrez {
namespace {

Reach build_reach() {
  Reach r;
  for (int from = 0; from < kSquares; ++from) {
    const int ff = from % 3, fr = from / 3;
    for (int to = 0; to < kSquares; ++to) {
      if (to == from) continue;
      const int df = to % 3 - ff, dr = to / 3 - fr;
      const bool straight = df == 0 || dr == 0;
      const bool diagonal = std::abs(df) == std::abs(dr);
      if (straight) r.targets[Rook][from] |= bit(to);
      if (diagonal) r.targets[Bishop][from] |= bit(to);
      if (std::abs(df * dr) == 2) r.targets[Knight][from] |= bit(to);
      if (straight || diagonal) {
        // On 3x3 a slide passes over at most one square: the midpoint of a two-step move.
        if (std::abs(df) == 2 || std::abs(dr) == 2) r.between[from][to] = bit((from + to) / 2);
      }
    }
  }
  return r;
}

}  // namespace

const Reach& reach() {
  static const Reach r = build_reach();
  return r;
}

}  // namespace zz::tatedrez
