#pragma once
// The king's roads to the edge, the tactic that decides most Tablut games. A road is an
// open line from the king to an escape square: with White to move the king escapes at once;
// with Black to move one road can be blocked, two cannot (a black move lands on one square,
// and two roads share none), so Black then loses unless it captures the king first.
#include <cstdint>

#include "core/tablut/engine/lines.hpp"

namespace zz::tablut::engine {

struct Roads {
  int count = 0;          // open roads (escape squares the king reaches in one move)
  Bitboard escapes = 0;   // those escape squares
  Bitboard squares = 0;   // every square of every open road, escape squares included
};

// The open roads of a king standing on `king` when the other pieces are `occupied`.
inline Roads roads_from(int king, Bitboard occupied) {
  Roads roads;
  const Bitboard reach = slide(occupied | kOutsideBarriers, king);
  roads.escapes = reach & kEscapes;
  roads.count = popcount(roads.escapes);
  for (Bitboard e = roads.escapes; e;) {
    const int s = pop_lsb(e);
    roads.squares |= between(king, s) | bit(s);
  }
  return roads;
}

inline Roads roads(const Position& p) {
  return p.has_king() ? roads_from(p.king, p.occupied() & ~bit(p.king)) : Roads{};
}

// The number of open roads the king would have after moving to each square it reaches:
// `threats` counts destinations with at least one road, `forks` those with two or more.
struct KingPlans {
  int mobility = 0;  // squares the king reaches
  int threats = 0;
  int forks = 0;
  Bitboard fork_squares = 0;
};

inline KingPlans king_plans(const Position& p) {
  KingPlans plans;
  if (!p.has_king()) return plans;
  const Bitboard others = p.occupied() & ~bit(p.king);
  Bitboard reach = slide(others | kOutsideBarriers, p.king) & ~kEscapes;
  plans.mobility = popcount(reach);
  while (reach) {
    const int s = pop_lsb(reach);
    const int n = popcount(slide(others | kOutsideBarriers, s) & kEscapes);
    plans.threats += n >= 1;
    if (n >= 2) {
      ++plans.forks;
      plans.fork_squares |= bit(s);
    }
  }
  return plans;
}

}  // namespace zz::tablut::engine
