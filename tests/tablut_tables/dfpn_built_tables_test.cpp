// Proof-number search against tables too large to build inside a test: the tables built by
// `ZZ_DATA=DIR tools/make-results tablut` (and `tablut-5`) in DIR, named at configure time
// with -DZUGZWANG_TABLUT_DATA=DIR. On sampled positions of every table found there (every
// table up to four pawns must be), df-pn, which reads no table, proves a forced win within
// n plies exactly when the table holds one, for either side as the attacker.
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>

#include "solver/search/dfpn.hpp"
#include "solver/search/oracle.hpp"
#include "solver/table/store.hpp"
#include "tests/tablut_tables/explicit_graph.hpp"

using namespace zz;
using namespace zz::tablut;
using namespace tablut_tables_test;

TEST_CASE("df-pn agrees with every built table on sampled positions") {
  const char* dir = std::getenv("ZUGZWANG_TABLUT_DATA");
  REQUIRE_MESSAGE(dir != nullptr, "ZUGZWANG_TABLUT_DATA names no table directory");
  const Tablut g;
  const NoOracle none;
  DfpnLimits limits;
  limits.table_bits = 20;
  DfpnProver<Tablut, NoOracle> prover(g, none, limits);
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
      Position p;
      for (int sampled = 0; sampled < 12;) {
        const std::uint64_t i = rng() % table.size();
        if (!table.used(i)) continue;
        REQUIRE(g.unrank(m, i, p));
        ++sampled;
        const Outcome o = table.outcome(i);
        for (int n : {1, 3, 5}) {
          CAPTURE(g.format(p));
          CAPTURE(n);
          const ProofResult attack = prover.prove(p, true, n);
          const ProofResult defence = prover.prove(p, false, n);
          REQUIRE(attack.status != ProofStatus::Unknown);
          REQUIRE(defence.status != ProofStatus::Unknown);
          const bool mover_wins = o.value == Value::Win && o.remoteness <= n;
          const bool mover_loses = o.value == Value::Loss && o.remoteness <= n;
          CHECK((attack.status == ProofStatus::Proven) == mover_wins);
          CHECK((defence.status == ProofStatus::Proven) == mover_loses);
          decisive += mover_wins || mover_loses;
        }
      }
    }
  MESSAGE(tiers, " tables, ", decisive, " of their sampled (position, horizon) pairs decisive");
  CHECK(tiers >= 15);
  CHECK(decisive > 100);
}
