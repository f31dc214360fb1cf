#pragma once
// What a proof search knows of a node without expanding it, the same for every prover of
// "does the attacker force a win within N plies?" (df-pn, the depth-first prover):
//   - a finished game: won or lost, whatever the horizon;
//   - a position the oracle (endgame tables) knows: a win for the attacker within its
//     remoteness, if that is at most `plies`;
//   - no plies left: no win;
//   - otherwise the game's own quick verdict, if it has the hook
//     `forced_within(p, attacker_moves, plies)` (Tablut: an escape or a capture available at
//     once, two open roads that cannot both be blocked, no win possible within two plies).
// true: the attacker has won; false: it cannot win within `plies`; nullopt: still open.
#include <concepts>
#include <optional>

#include "core/common/outcome.hpp"

namespace zz {

template <class G, class Oracle>
std::optional<bool> proof_leaf(const G& game, const Oracle& oracle, const typename G::Position& p,
                               bool attacker_moves, int plies) {
  if (auto o = game.outcome(p)) return attacker_moves ? o->value == Value::Win : o->value == Value::Loss;
  if (auto o = oracle(p)) {
    const bool attacker_wins = attacker_moves ? o->value == Value::Win : o->value == Value::Loss;
    return attacker_wins && o->remoteness <= plies;
  }
  if (plies == 0) return false;
  if constexpr (requires { { game.forced_within(p, attacker_moves, plies) } -> std::same_as<std::optional<bool>>; })
    return game.forced_within(p, attacker_moves, plies);
  return std::nullopt;
}

}  // namespace zz
