// The 3x3 tables against an independent brute force: every position reachable from the
// start under the reference rules, solved by counting on the explicit graph. Also: the same
// tables with sweeps instead of un-moves and with 1 or 2 threads.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "tests/common/solve_helpers.hpp"

#include "core/quixo/game.hpp"
#include "reference_rules.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::quixo::Quixo;

namespace {

Quixo make(int n) {
  const std::vector<std::string> rules{"size=" + std::to_string(n)};
  return Quixo(parse_rules(Quixo::rule_options(), rules));
}

std::map<std::string, TierTable> solve(const Quixo& g, const SolveOptions& options = {}) {
  const std::vector<quixo::Tier> roots{g.tier_of(g.start())};
  return solve_in_memory(g, std::span<const quixo::Tier>(roots), options);
}

// Minimax values of every position reachable from the start: terminal positions first,
// then a position is won when a successor is lost, lost when all are won (remoteness the
// fastest win, the slowest loss); the rest are draws.
std::unordered_map<std::string, Outcome> brute_force(int n, std::vector<reference::State>& states) {
  std::unordered_map<std::string, int> id;
  states.push_back(reference::State(n));
  id.emplace(states[0].key(), 0);
  std::vector<std::vector<int>> preds(1);
  std::vector<int> open;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const auto next = reference::pushes(states[i]);
    open.push_back(0);
    std::vector<int> seen;
    for (const auto& p : next) {
      auto [it, fresh] = id.emplace(p.child.key(), static_cast<int>(states.size()));
      if (fresh) {
        states.push_back(p.child);
        preds.emplace_back();
      }
      if (std::find(seen.begin(), seen.end(), it->second) != seen.end()) continue;
      seen.push_back(it->second);
      preds[static_cast<std::size_t>(it->second)].push_back(static_cast<int>(i));
      ++open[i];
    }
  }
  std::vector<Outcome> value(states.size(), Outcome::draw());
  std::vector<bool> decided(states.size(), false);
  std::vector<int> frontier;
  for (std::size_t i = 0; i < states.size(); ++i)
    if (const int r = reference::result(states[i])) {
      value[i] = r > 0 ? Outcome::win(0) : Outcome::loss(0);
      decided[i] = true;
      frontier.push_back(static_cast<int>(i));
    }
  for (int level = 1; !frontier.empty(); ++level) {
    std::vector<int> next;
    for (int c : frontier)
      for (int p : preds[static_cast<std::size_t>(c)]) {
        if (decided[static_cast<std::size_t>(p)]) continue;
        if (value[static_cast<std::size_t>(c)].value == Value::Loss) {
          value[static_cast<std::size_t>(p)] = Outcome::win(level);
          decided[static_cast<std::size_t>(p)] = true;
          next.push_back(p);
        } else if (--open[static_cast<std::size_t>(p)] == 0) {
          value[static_cast<std::size_t>(p)] = Outcome::loss(level);
          decided[static_cast<std::size_t>(p)] = true;
          next.push_back(p);
        }
      }
    frontier = std::move(next);
  }
  std::unordered_map<std::string, Outcome> out;
  for (std::size_t i = 0; i < states.size(); ++i) out.emplace(states[i].key(), value[i]);
  return out;
}

Outcome probe(const Quixo& g, const std::map<std::string, TierTable>& tables, const Quixo::Position& p) {
  if (auto o = g.outcome(p)) return *o;
  return tables.at(g.tier_name(g.tier_of(p))).outcome(g.rank(p));
}

}  // namespace

TEST_CASE("3x3: every reachable position's value and remoteness equal the brute force") {
  const Quixo g = make(3);
  const auto tables = solve(g);
  std::vector<reference::State> states;
  const auto truth = brute_force(3, states);
  MESSAGE("3x3: " << states.size() << " positions reachable from the start");
  CHECK(states.size() > 5000);
  int checked = 0;
  for (const auto& s : states) {
    const Outcome want = truth.at(s.key());
    const Outcome got = probe(g, tables, g.parse(reference::text(s)));
    if (got != want) {
      FAIL_CHECK(reference::text(s) << ": table " << to_string(got.value) << " " << got.remoteness << ", brute force "
                                    << to_string(want.value) << " " << want.remoteness);
      if (++checked > 5) break;
    }
  }
  const Outcome start = probe(g, tables, g.start());
  MESSAGE("3x3 start: " << to_string(start.value) << " in " << start.remoteness);
  CHECK(start == truth.at(reference::State(3).key()));
}

TEST_CASE("3x3: sweeps and un-moves, 1 and 2 threads give the same tables") {
  const Quixo g = make(3);
  const auto unmoves = zz_test::with_threads(1, [&] { return solve(g); });
  const auto two = zz_test::with_threads(2, [&] { return solve(g); });
  SolveOptions sweeps;
  sweeps.force_sweeps = true;
  const auto swept = solve(g, sweeps);
  CHECK(unmoves.size() == two.size());
  for (const auto& [name, table] : unmoves) {
    CAPTURE(name);
    CHECK(zz_test::same_codes(table, two.at(name)));
    CHECK(zz_test::same_codes(table, swept.at(name)));
  }
}

TEST_CASE("3x3: the tier DAG covers every count pair and the slot count") {
  const Quixo g = make(3);
  const auto tables = solve(g);
  std::uint64_t slots = 0;
  for (const auto& [name, table] : tables) slots += table.size();
  CHECK(tables.size() == 30);  // pairs large >= small with large + small <= 9
  MESSAGE("3x3: " << tables.size() << " tiers, " << slots << " slots");
}
