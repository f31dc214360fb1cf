// Proof-number search against the Tablut tables: on sampled positions of every small tier,
// df-pn (which reads no table) proves a forced win within n plies exactly when the table
// holds one, for either side as the attacker.
#include <doctest/doctest.h>

#include <random>

#include "solver/search/depth_first_proof.hpp"
#include "solver/search/dfpn.hpp"
#include "solver/search/oracle.hpp"
#include "tests/tablut_tables/dfpn_check.hpp"
#include "tests/tablut_tables/explicit_graph.hpp"

using namespace zz;
using namespace zz::tablut;
using namespace tablut_tables_test;

namespace {

// Every tier up to three pieces: 30 sampled positions each, horizons 1, 3 and 5 asked of both
// sides, against the table.
template <class Prover>
void check_small_tiers(Prover& prover, std::uint64_t seed) {
  const Tablut g;
  std::mt19937_64 rng(seed);
  int tiers = 0, decisive = 0;
  for (int white = 0; white <= 3; ++white)
    for (int black = 0; white + black <= 3; ++black) {
      const Material m = mat(white, black);
      const auto tables = solve(g, m);
      const TierTable& table = tables.at(g.tier_name(m));
      ++tiers;
      decisive += check_prover_on_samples(prover, g, m, table, rng, 30);
    }
  CHECK(tiers == 10);
  CHECK(decisive > 300);
}

DfpnLimits small_table() {
  DfpnLimits limits;
  limits.table_bits = 18;
  return limits;
}

}  // namespace

TEST_CASE("df-pn agrees with the tables on sampled positions of every tier up to three pieces") {
  const Tablut g;
  const NoOracle none;
  DfpnProver<Tablut, NoOracle> prover(g, none, small_table());
  check_small_tiers(prover, 17);
}

TEST_CASE("the depth-first prover agrees with the tables on sampled positions of every tier up to three pieces") {
  const Tablut g;
  const NoOracle none;
  DepthFirstProver<Tablut, NoOracle> prover(g, none, small_table());
  check_small_tiers(prover, 71);
}
