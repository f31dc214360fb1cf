// Larger tiers, opt-in (ZUGZWANG_HEAVY_TESTS): the explicit-graph solver on a tier with draws,
// un-move mode against sweep mode and one thread against two on tiers of a few million slots.
#include <doctest/doctest.h>


#include "tests/tablut_tables/explicit_graph.hpp"

using namespace zz;
using namespace zz::tablut;
using namespace tablut_tables_test;

TEST_CASE("an explicit-graph solver agrees on every position: lone king against three black pawns (with draws)") {
  check_against_graph(mat(0, 3));
}

TEST_CASE("un-move mode and sweep mode build identical tables on three pawns") {
  const Tablut g;
  SolveOptions sweeps;
  sweeps.force_sweeps = true;
  for (const Material root : {mat(0, 3), mat(1, 2), mat(2, 1)}) {
    CAPTURE(g.tier_name(root));
    check_same_tables(solve(g, root), solve(g, root, sweeps));
  }
}

TEST_CASE("one thread and two threads build identical tables on four pawns") {
  const Tablut g;
  check_same_tables(solve_with_threads(g, mat(2, 2), 1), solve_with_threads(g, mat(2, 2), 2));
}
