#pragma once
// Proof-number search at the root of the game-playing engine: short forced wins and losses,
// found exactly. Horizons grow one ply at a time, alternating the two questions (odd: does
// the side to move win within n? even: does the opponent?), with one df-pn table for all of
// them, so the first horizon proven is the exact distance of the result. A win comes with a
// move that keeps it; a loss with a move that delays it longest.
#include <cstdint>
#include <optional>

#include "solver/search/dfpn.hpp"

namespace zz::search {

template <class Move>
struct RootVerdict {
  enum class Kind { None, Win, Loss };
  Kind kind = Kind::None;
  int plies = 0;               // the exact distance of the win or loss
  std::optional<Move> move;    // the winning move, or the longest defence
  int horizon = 0;             // no forced result for either side within this many plies
  std::uint64_t nodes = 0;
};

// `prover` searches for `game` (its table may hold proofs of earlier calls: they stay true).
template <Hashable G, class Oracle>
RootVerdict<typename G::Move> prove_root(DfpnProver<G, Oracle>& prover, const G& game,
                                         const typename G::Position& root, int max_plies) {
  using Move = typename G::Move;
  using Verdict = RootVerdict<Move>;
  Verdict v;
  const auto move_at = [&](int index) {
    std::optional<Move> found;
    int i = 0;
    game.for_each_move(root, [&](const Move& m) {
      if (i++ == index) found = m;
    });
    return found;
  };
  for (int n = 1; n <= max_plies; ++n) {
    const bool mover_attacks = n % 2 == 1;
    const ProofResult r = prover.prove(root, mover_attacks, n);
    v.nodes += r.nodes;
    if (r.status == ProofStatus::Unknown) break;
    if (r.status == ProofStatus::Disproven) {
      v.horizon = n;
      continue;
    }
    v.plies = n;
    if (mover_attacks) {
      v.kind = Verdict::Kind::Win;
      v.move = move_at(r.proving_move);
      if (!v.move) v.kind = Verdict::Kind::None;  // the proof's move was evicted: leave it to the search
      return v;
    }
    // Lost within n: a move after which the opponent needs n - 1 plies, not n - 3.
    v.kind = Verdict::Kind::Loss;
    std::optional<Move> first, longest;
    game.for_each_move(root, [&](const Move& m) {
      if (!first) first = m;
      if (longest || n <= 2) return;
      const ProofResult rest = prover.prove(game.play(root, m), true, n - 3);
      v.nodes += rest.nodes;
      if (rest.status == ProofStatus::Disproven) longest = m;
    });
    v.move = longest ? longest : first;
    return v;
  }
  return v;
}

}  // namespace zz::search
