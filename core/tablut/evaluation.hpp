#pragma once
// The heuristic score of a position for the side to move, used by the searches when nothing
// is proven: the sum over the features of core/tablut/engine/features.hpp of weight x count,
// with weights fitted to self-play results (core/tablut/engine/weights.hpp, tools/tuning).
//
// The game engine evaluates only quiet positions (no open road for the king with White to
// move, none with Black to move, which it resolves by search). Searches without that
// knowledge (the plain alpha-beta of `analyze`) also call this on positions where a road is
// open, so those get the value the tactics give them.
#include "core/tablut/engine/features.hpp"
#include "core/tablut/engine/weights.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

// The tuned features alone, from White's point of view (a live position).
inline int evaluate_white(const Position& p) {
  int score = 0;
  engine::visit_features(p, [&](int feature, int count) { score += engine::kWeights[feature] * count; });
  return score;
}

inline int evaluate(const Position& p) {
  const int sign = p.turn == Color::White ? 1 : -1;
  if (!p.has_king()) return -sign * 100'000;  // captured: White, to move, has lost
  if (p.king_escaped()) return sign * 100'000;  // escaped: Black, to move, has lost
  int white = evaluate_white(p);
  // Open roads: White to move escapes; Black to move blocks one road, never two.
  const int roads = engine::roads(p).count;
  if (roads > 0) white += p.turn == Color::White || roads >= 2 ? 50'000 : 300;
  return sign * white;
}

}  // namespace zz::tablut
