// Opt-in (ZUGZWANG_HEAVY_TESTS): every 3- and 4-piece table against the independent mate
// search, and the en-passant tables (KPvKP) against themselves and the search.
#include <doctest/doctest.h>

#include <algorithm>

#include "tests/common/solve_helpers.hpp"

#include "cross_check.hpp"

using namespace chess_tables;

TEST_CASE("every 3- and 4-piece table agrees with an independent mate search") {
  for (int pieces : {3, 4})
    for (const Material& m : zz::chess::all_materials(pieces)) {
      const std::string name = zz::chess::material_name(m);
      CAPTURE(name);
      const CrossCheckCounts c = cross_check(shared_tables(), name, 7, 100, 100);
      CHECK(c.exact + c.beyond >= 100);
    }
}

TEST_CASE("KPvKP: positions where a double step allows en passant agree with the mate search") {
  Tables& tables = shared_tables();
  const Chess& g = tables.game();
  const Material m = material("KPvKP");
  const zz::TierTable& table = tables.get(m);
  MateSearch search;
  int exact = 0, beyond = 0;
  Position p;
  for (std::uint64_t i : sample_used(g, m, 200000, 17)) {
    if (exact + beyond >= 400) break;
    g.unrank(m, i, p);
    bool en_passant = false;
    g.for_each_move(p, [&](zz::chess::Move mv) { en_passant = en_passant || g.transient(g.play(p, mv)); });
    if (!en_passant) continue;
    const zz::Outcome o = table.outcome(i);
    INFO(zz::chess::format_fen(p) << " stored " << zz::to_string(o.value) << " " << o.remoteness);
    search.clear();
    if (o.value == zz::Value::Win && o.remoteness <= 9) {
      CHECK(search.wins_within(p, o.remoteness));
      CHECK_FALSE(search.wins_within(p, o.remoteness - 2));
      ++exact;
    } else if (o.value == zz::Value::Loss && o.remoteness <= 8) {
      CHECK(search.loses_within(p, o.remoteness));
      if (o.remoteness >= 2) CHECK_FALSE(search.loses_within(p, o.remoteness - 2));
      ++exact;
    } else {
      CHECK_FALSE(search.wins_within(p, 7));
      CHECK_FALSE(search.loses_within(p, 6));
      ++beyond;
    }
  }
  // Mates within the horizon are rare here; most of these are checked as "no mate within 7
  // plies" for either side, which still catches a wrong win or loss next to a double step.
  CHECK(exact + beyond >= 400);
}

TEST_CASE("KPvKP: identical with 1 and 2 threads, with un-moves and with sweeps") {
  Tables& tables = shared_tables();
  const Material m = material("KPvKP");
  const auto deps = tables.dependencies(m);
  const std::span<const zz::SolvedTier<Material>> solved(deps);
  const zz::TierTable one = zz_test::with_threads(1, [&] { return zz::solve_tier(tables.game(), m, solved); });
  CHECK(zz_test::same_codes(one, tables.get(m)));
  zz::SolveOptions sweeps;
  sweeps.force_sweeps = true;
  CHECK(zz_test::same_codes(zz::solve_tier(tables.game(), m, solved, sweeps), tables.get(m)));
}
