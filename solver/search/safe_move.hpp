#pragma once
// The simplest sound move choice: a move that wins at once if there is one, else one after
// which the opponent cannot win at once, else any legal move. Two plies, no evaluation.
#include <optional>

#include "solver/game.hpp"

namespace zz {

template <Game G>
std::optional<typename G::Move> choose_safe_move(const G& game, const typename G::Position& p) {
  using Move = typename G::Move;
  std::optional<Move> winning, safe, any;
  game.for_each_move(p, [&](const Move& m) {
    if (winning) return;
    if (!any) any = m;
    const auto child = game.play(p, m);
    const auto over = game.outcome(child);
    if (over && over->value == Value::Loss) {
      winning = m;
      return;
    }
    if (safe || over) return;
    bool opponent_wins = false;
    game.for_each_move(child, [&](const Move& reply) {
      if (opponent_wins) return;
      const auto end = game.outcome(game.play(child, reply));
      opponent_wins = end && end->value == Value::Loss;
    });
    if (!opponent_wins) safe = m;
  });
  if (winning) return winning;
  if (safe) return safe;
  return any;
}

}  // namespace zz
