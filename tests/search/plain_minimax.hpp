#pragma once
// The question df-pn answers, answered the plainest way: full recursion over the Game
// contract, no table, no transposition, no proof numbers.
#include "solver/game.hpp"

namespace search_test {

// Does the attacker (the side to move if attacker_moves) force a win within `plies`?
template <class G>
bool forces_win(const G& game, const typename G::Position& p, bool attacker_moves, int plies) {
  if (auto o = game.outcome(p)) return attacker_moves ? o->value == zz::Value::Win : o->value == zz::Value::Loss;
  if (plies == 0) return false;
  bool any = false, all = true;
  game.for_each_move(p, [&](const auto& m) {
    if (attacker_moves ? any : !all) return;
    const bool wins = forces_win(game, game.play(p, m), !attacker_moves, plies - 1);
    any = any || wins;
    all = all && wins;
  });
  return attacker_moves ? any : all;
}

}  // namespace search_test
