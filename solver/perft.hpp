#pragma once
// Counts legal move sequences of a given length. Games with a faster counter of their own
// (bulk counting at the last ply) provide perft(p, depth).
#include <cstdint>

#include "solver/game.hpp"

namespace zz {

template <Game G>
std::uint64_t perft(const G& game, const typename G::Position& p, int depth) {
  if constexpr (requires { { game.perft(p, depth) } -> std::convertible_to<std::uint64_t>; }) {
    return game.perft(p, depth);
  } else {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    game.for_each_move(p, [&](const typename G::Move& m) {
      n += depth == 1 ? 1 : perft(game, game.play(p, m), depth - 1);
    });
    return n;
  }
}

}  // namespace zz
