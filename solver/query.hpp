#pragma once
// Answers from solved tables: a position's value and the value of each of its moves, for
// the player who makes it.
#include <algorithm>
#include <vector>

#include "solver/table/store.hpp"

namespace zz {

template <Game G>
struct MoveValue {
  typename G::Move move;
  Outcome outcome;  // for the player making the move; remoteness counts the move
};

template <Enumerable G>
std::vector<MoveValue<G>> value_moves(const G& game, const typename G::Position& p, TableStore<G>& store) {
  std::vector<typename G::Move> legal;
  game.for_each_move(p, [&](const typename G::Move& m) {
    legal.push_back(m);
    store.prefetch(game.play(p, m));  // a cold table's blocks, read together
  });
  std::vector<MoveValue<G>> moves;
  moves.reserve(legal.size());
  for (const auto& m : legal) moves.push_back({m, from_child(store.probe(game.play(p, m)))});
  std::stable_sort(moves.begin(), moves.end(),
                   [](const MoveValue<G>& a, const MoveValue<G>& b) { return better(a.outcome, b.outcome); });
  return moves;
}

}  // namespace zz
