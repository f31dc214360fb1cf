#pragma once
// Checks table values against the independent mate search on a random sample of positions
// of one table: positions decided within the horizon exactly (a mate in exactly r plies, not
// r - 2), the others (longer mates and draws) as "no mate within the horizon" for either side.
#include <doctest/doctest.h>

#include "helpers.hpp"
#include "mate_search.hpp"

namespace chess_tables {

struct CrossCheckCounts {
  int exact = 0, beyond = 0;
};

inline CrossCheckCounts cross_check(Tables& tables, const std::string& name, int horizon, std::size_t sample,
                                    std::size_t short_sample) {
  const Chess& g = tables.game();
  const Material m = material(name);
  const zz::TierTable& table = tables.get(m);
  MateSearch search;
  CrossCheckCounts counts;
  auto check = [&](std::uint64_t i) {
    Position p;
    REQUIRE(g.unrank(m, i, p));
    const zz::Outcome o = table.outcome(i);
    INFO(name << " " << zz::chess::format_fen(p) << " stored " << zz::to_string(o.value) << " " << o.remoteness);
    search.clear();
    if (o.value != zz::Value::Draw && o.remoteness <= horizon) {
      const int r = o.remoteness;
      if (o.value == zz::Value::Win) {
        CHECK(search.wins_within(p, r));
        CHECK_FALSE(search.wins_within(p, r - 2));
      } else {
        CHECK(search.loses_within(p, r));
        if (r >= 2) CHECK_FALSE(search.loses_within(p, r - 2));
      }
      ++counts.exact;
    } else {
      const int odd = horizon % 2 ? horizon : horizon - 1;
      CHECK_FALSE(search.wins_within(p, odd));
      CHECK_FALSE(search.loses_within(p, odd - 1));
      ++counts.beyond;
    }
  };
  for (std::uint64_t i : sample_used(g, m, sample, 11)) check(i);
  // Short mates are rare in most tables; draw more until enough are found.
  std::size_t found = 0;
  for (std::uint64_t i : sample_used(g, m, 400 * short_sample, 13)) {
    if (found == short_sample) break;
    const zz::Outcome o = table.outcome(i);
    if (o.value == zz::Value::Draw || o.remoteness > horizon) continue;
    check(i);
    ++found;
  }
  return counts;
}

}  // namespace chess_tables
