// The Tak Tikl tables against independent re-computation: an explicit-graph solver over
// every position without the no-return memory, and a depth-limited search carrying the
// memory explicitly with it.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "tests/common/solve_helpers.hpp"

#include "core/taktikl/game.hpp"
#include "reference_rules.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::taktikl::TakTikl;

namespace {

TakTikl make(std::vector<std::string> rules) { return TakTikl(parse_rules(TakTikl::rule_options(), rules)); }

const taktikl::Tier kAll{};

TierTable solve(const TakTikl& g, const SolveOptions& options = {}) {
  const std::array<taktikl::Tier, 1> roots{kAll};
  return std::move(solve_in_memory(g, std::span<const taktikl::Tier>(roots), options).at("all"));
}

reference::NoMove reference_no_move(const std::string& rule) {
  return rule == "no-move=pass" ? reference::NoMove::Pass
         : rule == "no-move=loss" ? reference::NoMove::Loss
                                  : reference::NoMove::Draw;
}

// Every board with either side to move, as a graph, solved by counting: a position is lost
// when all its successors are won, won when one is lost; the rest are draws.
std::vector<Outcome> explicit_graph_values(std::vector<reference::State>& states, reference::NoMove no_move) {
  std::string cells = "....ooooxxxx....";
  std::sort(cells.begin(), cells.end());
  std::unordered_map<std::string, int> id;
  do {
    for (char side : {'x', 'o'}) {
      reference::State s;
      s.cells = cells;
      s.side = side;
      if (reference::three_in_a_row(s, side)) continue;  // the game ended before this turn
      id.emplace(s.key(), static_cast<int>(states.size()));
      states.push_back(s);
    }
  } while (std::next_permutation(cells.begin(), cells.end()));
  const std::size_t n = states.size();
  std::vector<std::vector<int>> preds(n);
  std::vector<int> open(n, 0);
  std::vector<Outcome> value(n, Outcome::draw());
  std::vector<bool> decided(n, false);
  std::vector<int> frontier;
  const reference::Rules rules{false, no_move};
  for (std::size_t i = 0; i < n; ++i) {
    if (reference::three_in_a_row(states[i], states[i].side == 'x' ? 'o' : 'x')) {
      value[i] = Outcome::loss(0);
      decided[i] = true;
      frontier.push_back(static_cast<int>(i));
      continue;
    }
    auto next = reference::successors(states[i], rules);
    if (next.empty()) {
      decided[i] = true;
      if (no_move == reference::NoMove::Loss) {
        value[i] = Outcome::loss(0);
        frontier.push_back(static_cast<int>(i));
      }
      continue;
    }
    for (auto& s : next) {
      s.last_from[0] = s.last_from[1] = s.last_to[0] = s.last_to[1] = -1;
      preds[id.at(s.key())].push_back(static_cast<int>(i));
    }
    open[i] = static_cast<int>(next.size());
  }
  for (int level = 1; !frontier.empty(); ++level) {
    std::vector<int> next;
    for (int c : frontier)
      for (int p : preds[c]) {
        if (decided[p]) continue;
        if (value[c].value == Value::Loss) {
          value[p] = Outcome::win(level);
          decided[p] = true;
          next.push_back(p);
        } else if (--open[p] == 0) {
          value[p] = Outcome::loss(level);
          decided[p] = true;
          next.push_back(p);
        }
      }
    frontier = std::move(next);
  }
  return value;
}

}  // namespace

TEST_CASE("without the no-return rule an explicit-graph solver agrees on every position") {
  for (const char* no_move : {"no-move=draw", "no-move=pass", "no-move=loss"}) {
    CAPTURE(no_move);
    const TakTikl g = make({"no-return=off", no_move});
    const TierTable table = solve(g);
    std::vector<reference::State> states;
    const auto values = explicit_graph_values(states, reference_no_move(no_move));
    CHECK(states.size() > 1'500'000);
    for (std::size_t i = 0; i < states.size(); ++i) {
      const auto p = g.parse(reference::text(states[i]));
      const Outcome got = table.outcome(g.rank(p));
      if (got != values[i]) {
        FAIL_CHECK(reference::text(states[i]) << ": table " << to_string(got.value) << " " << got.remoteness
                                              << ", graph " << to_string(values[i].value) << " " << values[i].remoteness);
        break;
      }
    }
  }
}

// The no-return table, solved once for the tests below.
const TakTikl& no_return_game() {
  static const TakTikl g = make({});
  return g;
}
const TierTable& no_return_table() {
  static const TierTable t = solve(no_return_game());
  return t;
}

// Checks a table outcome against the limited search: a win or loss in r plies must be
// decided at depth r and not at r-1; anything beyond `depth` must be undecided there.
void check_with_search(reference::LimitedSearch& search, const reference::State& s, Outcome o, int depth) {
  CAPTURE(reference::text(s));
  CAPTURE(to_string(o.value));
  CAPTURE(o.remoteness);
  if (o.value != Value::Draw && o.remoteness <= depth) {
    CHECK(search.value(s, o.remoteness) == (o.value == Value::Win ? 1 : -1));
    if (o.remoteness > 0) CHECK(search.value(s, o.remoteness - 1) == 0);
  } else {
    CHECK(search.value(s, depth) == 0);
  }
}

TEST_CASE("with the no-return rule a memory-carrying search agrees on 10,000 sampled positions") {
  const TakTikl& g = no_return_game();
  const TierTable& table = no_return_table();
  std::mt19937_64 rng(2024);
  reference::LimitedSearch search({true, reference::NoMove::Draw});
  int sampled = 0, decided = 0;
  TakTikl::Position p;
  while (sampled < 10000) {
    const std::uint64_t i = rng() % table.size();
    if (!table.used(i)) continue;
    g.unrank(kAll, i, p);
    // Seen from a random angle and in random colours.
    const auto s = reference::transformed(reference::from_text(g.format(p)), static_cast<int>(rng() % 8), rng() % 2);
    const Outcome o = table.outcome(g.rank(g.parse(reference::text(s))));
    CHECK(o == table.outcome(i));
    check_with_search(search, s, o, 5);
    decided += o.value != Value::Draw && o.remoteness <= 5;
    if (++sampled % 500 == 0) search.clear();
  }
  CHECK(decided > 1000);
}

TEST_CASE("the same board with different last moves has different values, and the search confirms it") {
  const TakTikl& g = no_return_game();
  const TierTable& table = no_return_table();
  reference::LimitedSearch search({true, reference::NoMove::Draw});
  const std::uint64_t per_board = taktikl::kMemoryCodes * taktikl::kMemoryCodes;
  int pairs = 0;
  TakTikl::Position p, q;
  for (std::uint64_t board = 0; board * per_board < table.size() && pairs < 200; board += 37) {
    std::vector<std::uint64_t> used;
    for (std::uint64_t k = 0; k < per_board; ++k)
      if (table.used(board * per_board + k)) used.push_back(board * per_board + k);
    for (std::size_t a = 0; a + 1 < used.size(); ++a) {
      const Outcome oa = table.outcome(used[a]), ob = table.outcome(used[a + 1]);
      if (oa == ob || std::max(oa.remoteness, ob.remoteness) > 7) continue;
      g.unrank(kAll, used[a], p);
      g.unrank(kAll, used[a + 1], q);
      REQUIRE(p.pieces == q.pieces);
      check_with_search(search, reference::from_text(g.format(p)), oa, 7);
      check_with_search(search, reference::from_text(g.format(q)), ob, 7);
      ++pairs;
      break;
    }
    search.clear();
  }
  CHECK(pairs >= 100);
}

TEST_CASE("from the start the first player loses in 10 plies with the no-return rule") {
  const TakTikl& g = no_return_game();
  const Outcome o = no_return_table().outcome(g.rank(g.start()));
  CHECK(o == Outcome::loss(10));
  reference::LimitedSearch search({true, reference::NoMove::Draw});
  check_with_search(search, reference::start(), o, 10);
}

TEST_CASE("tables are identical with 1 and 2 threads, with and without sweeps") {
  for (const char* no_move : {"no-move=draw", "no-move=pass", "no-move=loss"}) {
    CAPTURE(no_move);
    const TakTikl g = make({"no-return=off", no_move});
    SolveOptions sweeps;
    sweeps.force_sweeps = true;
    const TierTable one = zz_test::with_threads(1, [&] { return solve(g); });
    const TierTable two = zz_test::with_threads(2, [&] { return solve(g); });
    const TierTable swept = zz_test::with_threads(2, [&] { return solve(g, sweeps); });
    CHECK(zz_test::same_codes(one, two));
    CHECK(zz_test::same_codes(one, swept));
  }
}
