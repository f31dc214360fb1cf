#pragma once
// Perft: the number of legal move sequences of a given length, ignoring draw rules. The
// last ply is counted from target-set popcounts, never played.
#include <cstdint>

#include "core/chess/movegen.hpp"

namespace zz::chess {

std::uint64_t perft(const Position& pos, int depth);

// Calls f(move, count) for every legal move with the perft count below it (depth >= 1).
template <class F>
void perft_divide(const Position& pos, int depth, F&& f) {
  for_each_legal_move(pos, [&](Move m) { f(m, perft(pos.play(m), depth - 1)); });
}

}  // namespace zz::chess
