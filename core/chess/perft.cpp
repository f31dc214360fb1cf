#include "core/chess/perft.hpp"

namespace zz::chess {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(count_legal_moves(pos));
  std::uint64_t nodes = 0;
  if (depth == 2) {
    for_each_legal_move(pos, [&](Move m) { nodes += static_cast<std::uint64_t>(count_legal_moves(pos.play(m))); });
  } else {
    for_each_legal_move(pos, [&](Move m) { nodes += perft(pos.play(m), depth - 1); });
  }
  return nodes;
}

}  // namespace zz::chess
