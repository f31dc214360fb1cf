// Proof-number search against tables too large to build inside a test: the tables built by
// `ZZ_DATA=DIR tools/make-results tablut` (and `tablut-5`) in DIR, named at configure time
// with -DZUGZWANG_TABLUT_DATA=DIR. On sampled positions of every table found there (every
// table up to four pawns must be), df-pn, which reads no table, proves a forced win within
// n plies exactly when the table holds one, for either side as the attacker.
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>

#include "solver/search/depth_first_proof.hpp"
#include "solver/search/dfpn.hpp"
#include "solver/search/oracle.hpp"
#include "solver/table/store.hpp"
#include "tests/tablut_tables/dfpn_check.hpp"
#include "tests/tablut_tables/explicit_graph.hpp"

using namespace zz;
using namespace zz::tablut;
using namespace tablut_tables_test;

TEST_CASE("df-pn and the depth-first prover agree with every built table on sampled positions") {
  const char* dir = std::getenv("ZUGZWANG_TABLUT_DATA");
  REQUIRE_MESSAGE(dir != nullptr, "ZUGZWANG_TABLUT_DATA names no table directory");
  const Tablut g;
  const NoOracle none;
  DfpnLimits limits;
  limits.table_bits = 20;
  DfpnProver<Tablut, NoOracle> dfpn(g, none, limits);
  DepthFirstProver<Tablut, NoOracle> depth_first(g, none, limits);
  std::mt19937_64 rng(29);
  int tiers = 0, decisive = 0;
  for (int pawns = 0; pawns <= 6; ++pawns)  // the solver tabulates at most six pawns
    for (int white = 0; white <= pawns; ++white) {
      const Material m = mat(white, pawns - white);
      TableStore<Tablut> store(g, dir);  // one table in memory at a time
      if (!store.exists(m)) {
        CHECK_MESSAGE(pawns > 4, "missing table ", g.tier_name(m));
        continue;
      }
      const TierTable& table = store.load(m);
      ++tiers;
      MESSAGE("checking ", g.tier_name(m));
      decisive += check_prover_on_samples(dfpn, g, m, table, rng, 12);
      decisive += check_prover_on_samples(depth_first, g, m, table, rng, 12);
    }
  MESSAGE(tiers, " tables, ", decisive, " of their sampled (position, horizon) pairs decisive");
  CHECK(tiers >= 15);
  CHECK(decisive > 100);
}
