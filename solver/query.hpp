#pragma once
// Answers from solved tables: a position's value and the value of each of its moves, for
// the player who makes it.
#include <algorithm>
#include <utility>
#include <vector>

#include "solver/move_list.hpp"
#include "solver/table/store.hpp"

namespace zz {

template <Game G>
struct MoveValue {
  typename G::Move move;
  Outcome outcome;  // for the player making the move; remoteness counts the move
};

template <Enumerable G>
std::vector<MoveValue<G>> value_moves(const G& game, const typename G::Position& p, TableStore<G>& store) {
  // Every child's table block is asked for before any is read: a cold table's blocks come
  // from disk together.
  std::vector<std::pair<typename G::Move, typename G::Position>> children;
  for (const auto& m : move_list(game, p)) {
    children.emplace_back(m, game.play(p, m));
    store.prefetch(children.back().second);
  }
  std::vector<MoveValue<G>> moves;
  moves.reserve(children.size());
  for (const auto& [m, child] : children) moves.push_back({m, from_child(store.probe(child))});
  std::stable_sort(moves.begin(), moves.end(),
                   [](const MoveValue<G>& a, const MoveValue<G>& b) { return better(a.outcome, b.outcome); });
  return moves;
}

}  // namespace zz
