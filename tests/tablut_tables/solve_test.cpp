// The Tablut tables against independent re-computation: an explicit-graph solver over every
// position of a material and of everything it captures down to, written out without the
// table index, its symmetries or the un-move generator. Also: un-move mode against sweep mode,
// and one thread against two.
#include <doctest/doctest.h>

#include <map>
#include <string>


#include "tests/tablut_tables/explicit_graph.hpp"

using namespace zz;
using namespace zz::tablut;
using namespace tablut_tables_test;


TEST_CASE("the king alone: White to move wins at once, Black to move has lost") {
  const Tablut g;
  const auto tables = solve(g, mat(0, 0));
  const TierTable& t = tables.at("K0W0B");
  Position p;
  for (std::uint64_t i = 0; i < t.size(); ++i) {
    REQUIRE(g.unrank(mat(0, 0), i, p));
    CHECK(t.outcome(i) == (p.turn == Color::White ? Outcome::win(1) : Outcome::loss(0)));
  }
}

TEST_CASE("an explicit-graph solver agrees on every position: king and one white pawn against one black pawn") {
  check_against_graph(mat(1, 1));
}

TEST_CASE("an explicit-graph solver agrees on every position: lone king against two black pawns") {
  check_against_graph(mat(0, 2));
}

TEST_CASE("an explicit-graph solver agrees on every position: king and two white pawns") {
  check_against_graph(mat(2, 0));
}

TEST_CASE("un-move mode and sweep mode build identical tables") {
  const Tablut g;
  SolveOptions sweeps;
  sweeps.force_sweeps = true;
  for (const Material root : {mat(1, 1), mat(0, 2), mat(2, 0)}) {
    CAPTURE(g.tier_name(root));
    check_same_tables(solve(g, root), solve(g, root, sweeps));
  }
}

TEST_CASE("one thread and two threads build identical tables") {
  const Tablut g;
  check_same_tables(solve_with_threads(g, mat(0, 3), 1), solve_with_threads(g, mat(0, 3), 2));
}
