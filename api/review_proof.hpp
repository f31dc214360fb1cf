#pragma once
// review beyond the tables: the value of a position for its side to move by proof-number
// search, when it is a forced result within a horizon. Horizons grow one ply at a time and
// alternate the two questions (odd n: does the side to move win within n plies? even n: does
// the opponent?), because a move never loses for the player who makes it: each side wins only
// on its own moves. The first horizon proven is therefore the exact distance of the result,
// the same remoteness a table would give; when every horizon up to N is disproven, neither
// side forces a win within N plies. One prover (one table) serves every position of a game,
// so what one position proved helps the next.
#include <cstdint>
#include <optional>

#include "core/common/outcome.hpp"
#include "solver/search/dfpn.hpp"

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
      : game_(game), nodes_(nodes_per_position), prover_(game, oracle, limits(nodes_per_position)) {}

  ProofValue value(const typename G::Position& p, int max_plies) {
    ProofValue v;
    for (int n = 1; n <= max_plies && v.nodes < nodes_; ++n) {
      prover_.set_limits(limits(nodes_ - v.nodes));
      const bool mover_attacks = n % 2 == 1;
      const ProofResult r = prover_.prove(p, mover_attacks, n);
      v.nodes += r.nodes;
      if (r.status == ProofStatus::Unknown) break;
      if (r.status == ProofStatus::Proven) {
        v.value = mover_attacks ? Outcome::win(n) : Outcome::loss(n);
        if (mover_attacks && r.proving_move >= 0) v.proving_move = r.proving_move;
        return v;
      }
      v.unforced_within = n;
    }
    return v;
  }

 private:
  static DfpnLimits limits(std::uint64_t nodes) {
    DfpnLimits l;
    l.max_nodes = nodes;
    l.table_bits = 20;
    return l;
  }

  const G& game_;
  std::uint64_t nodes_;
  DfpnProver<G, Oracle> prover_;
};

}  // namespace zz::api
