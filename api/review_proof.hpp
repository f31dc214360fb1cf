#pragma once
// review beyond the tables: the value of a position for its side to move by the analysis'
// proofs (api/analysis_proof.hpp: the depth-first prover, on the game as the analysis tools
// give it to provers), when it is a forced result within a horizon. Horizons grow one ply at
// a time, so the first horizon proven is the exact distance of the result, the same
// remoteness a table would give; when every horizon up to N is disproven for both sides,
// neither forces a win within N plies. One prover (one table) serves every position of a
// game, so what one position proved helps the next.
#include <cstdint>
#include <optional>

#include "api/analysis_proof.hpp"
#include "core/common/outcome.hpp"

namespace zz::api {

struct ProofValue {
  std::optional<Outcome> value;  // a forced win or loss, at its exact distance
  int unforced_within = 0;       // no forced result for either side within this many plies
  std::optional<int> proving_move;  // a win: the index of a move keeping it (for_each_move order)
  std::uint64_t nodes = 0;
};

template <Hashable G, class Oracle>
class ProofValuer {
 public:
  ProofValuer(const G& game, const Oracle& oracle, std::uint64_t nodes_per_position)
      : nodes_(nodes_per_position), ladder_(game, oracle, 20) {}

  ProofValue value(const typename G::Position& p, int max_plies) {
    LadderLimits limits;
    limits.max_plies = max_plies;
    limits.root_nodes = nodes_;
    const std::uint64_t before = ladder_.nodes();
    ladder_.prove_root(p, limits, {});
    ProofValue v;
    v.nodes = ladder_.nodes() - before;
    const SideProof& mover = ladder_.side(true);
    const SideProof& other = ladder_.side(false);
    if (mover.proven_at) {
      v.value = Outcome::win(*mover.proven_at);
      if (mover.proving_move >= 0) v.proving_move = mover.proving_move;
    } else if (other.proven_at) {
      v.value = Outcome::loss(*other.proven_at);
    } else {
      v.unforced_within = ladder_.unforced_within().value_or(0);
    }
    return v;
  }

 private:
  std::uint64_t nodes_;
  ProofLadder<G, Oracle> ladder_;
};

}  // namespace zz::api
