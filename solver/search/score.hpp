#pragma once
// Scores of the game-playing engine, for the side to move. A forced result is a score beyond
// kDecisive: a win in r plies from the root scores kMate - r, a loss -(kMate - r). The values
// equal those of alphabeta.hpp (kWinScore, kDecisiveScore), so reports read the same.
#include <cstdint>
#include <cstdlib>

#include "core/common/outcome.hpp"

namespace zz::search {

inline constexpr int kMate = 1'000'000;
inline constexpr int kDecisive = 900'000;
inline constexpr int kInfinite = 2'000'000;
inline constexpr int kMaxPly = 128;

constexpr int mate_in(int ply) { return kMate - ply; }     // the side to move wins at `ply`
constexpr int mated_in(int ply) { return -kMate + ply; }  // the side to move loses at `ply`
constexpr bool decisive(int score) { return score > kDecisive || score < -kDecisive; }
// Plies from the root to the end for a decisive score.
constexpr int plies_to_end(int score) { return kMate - (score < 0 ? -score : score); }

// A table's outcome for the side to move at `ply` plies from the root.
constexpr int score_of(Outcome o, int ply) {
  if (o.value == Value::Draw) return 0;
  return o.value == Value::Win ? mate_in(ply + o.remoteness) : mated_in(ply + o.remoteness);
}

// The transposition table stores decisive scores relative to the node, not the root.
constexpr int to_table(int s, int ply) { return s > kDecisive ? s + ply : s < -kDecisive ? s - ply : s; }
constexpr int from_table(int s, int ply) { return s > kDecisive ? s - ply : s < -kDecisive ? s + ply : s; }

}  // namespace zz::search
