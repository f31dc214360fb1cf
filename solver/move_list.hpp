#pragma once
// A position's legal moves gathered in a vector, in for_each_move's order, by one shared
// callback. A game's move generator is a template over its callback, so every call of
// for_each_move with a lambda of its own compiles the whole generator again (chess: 4 – 12 KB
// of code per caller, both colours, in every unit that instantiates a session). Callers that
// only list the moves, or that are off the hot paths (answers, review, analysis), call
// these instead and share one instantiation per game. The solvers' loops keep their own
// callbacks: there the generator is inlined into the work done per move.
#include <vector>

#include "solver/game.hpp"

namespace zz {

// Appends p's legal moves to `moves` (which keeps its capacity: no allocation once grown).
template <Game G>
void append_moves(const G& game, const typename G::Position& p, std::vector<typename G::Move>& moves) {
  game.for_each_move(p, [&moves](const typename G::Move& m) { moves.push_back(m); });
}

template <Game G>
std::vector<typename G::Move> move_list(const G& game, const typename G::Position& p) {
  std::vector<typename G::Move> moves;
  append_moves(game, p, moves);
  return moves;
}

}  // namespace zz
