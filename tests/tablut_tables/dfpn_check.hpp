#pragma once
// The check the proof-search tests make on a table: for sampled positions, the prover (df-pn
// or the depth-first one, reading no table) proves "the side to move forces a win within n
// plies" and "the opponent does" exactly when the table's value says so.
#include <doctest/doctest.h>

#include <random>

#include "core/tablut/game.hpp"
#include "solver/search/dfpn.hpp"
#include "solver/search/oracle.hpp"
#include "solver/table/tier_table.hpp"

namespace tablut_tables_test {

// Returns how many (position, horizon) answers were decisive (a win or loss within n).
template <class Prover>
int check_prover_on_samples(Prover& prover, const zz::tablut::Tablut& g, const zz::tablut::Material& m,
                            const zz::TierTable& table, std::mt19937_64& rng, int samples) {
  using zz::Value;
  int decisive = 0;
  zz::tablut::Position p;
  for (int sampled = 0; sampled < samples;) {
    const std::uint64_t i = rng() % table.size();
    if (!table.used(i)) continue;
    REQUIRE(g.unrank(m, i, p));
    ++sampled;
    const zz::Outcome o = table.outcome(i);
    for (int n : {1, 3, 5}) {
      CAPTURE(g.format(p));
      CAPTURE(n);
      const zz::ProofResult attack = prover.prove(p, true, n);
      const zz::ProofResult defence = prover.prove(p, false, n);
      REQUIRE(attack.status != zz::ProofStatus::Unknown);
      REQUIRE(defence.status != zz::ProofStatus::Unknown);
      const bool mover_wins = o.value == Value::Win && o.remoteness <= n;
      const bool mover_loses = o.value == Value::Loss && o.remoteness <= n;
      CHECK((attack.status == zz::ProofStatus::Proven) == mover_wins);
      CHECK((defence.status == zz::ProofStatus::Proven) == mover_loses);
      decisive += mover_wins || mover_loses;
    }
  }
  return decisive;
}

}  // namespace tablut_tables_test
