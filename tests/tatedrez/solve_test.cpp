// The retrograde solver against an independent depth-limited minimax, across thread
// counts, and with and without un-moves.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "tests/common/solve_helpers.hpp"

#include "core/tatedrez/game.hpp"
#include "reference_rules.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::tatedrez::TateDrez;

namespace {

TateDrez make(std::vector<std::string> rules) { return TateDrez(parse_rules(TateDrez::rule_options(), rules)); }

std::map<std::string, TierTable> solve(const TateDrez& g, const SolveOptions& options = {}) {
  const std::array<int, 1> roots{g.tier_of(g.start())};
  return solve_in_memory(g, std::span<const int>(roots), options);
}

// Every movement board of the reference rules with its successors, and, for each ply
// budget, the minimax outcome when the game is drawn after that many plies. Remoteness is
// exact: the fewest plies to force a win, the most to delay a loss, within the budget.
struct LimitedMinimax {
  std::vector<reference::Board> boards;
  std::vector<std::vector<int>> next;       // successor indices; a pass is an ordinary successor
  std::vector<std::vector<Outcome>> value;  // value[budget][board]

  LimitedMinimax(bool pass, int max_budget) {
    std::string cells = "...BNRbnr";
    std::sort(cells.begin(), cells.end());
    std::unordered_map<std::string, int> index;
    do {
      for (bool white : {true, false}) {
        reference::Board b{cells, white};
        if (reference::line_of(b, white)) continue;  // the game ended before this turn
        index[reference::text(b)] = static_cast<int>(boards.size());
        boards.push_back(b);
      }
    } while (std::next_permutation(cells.begin(), cells.end()));
    next.resize(boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
      if (reference::line_of(boards[i], !boards[i].white_to_move)) continue;
      auto succ = reference::steps(boards[i]);
      if (succ.empty() && pass) {
        reference::Board p = boards[i];
        p.white_to_move = !p.white_to_move;
        succ.push_back(p);
      }
      for (const auto& s : succ) next[i].push_back(index.at(reference::text(s)));
    }
    value.assign(max_budget + 1, std::vector<Outcome>(boards.size()));
    for (int k = 0; k <= max_budget; ++k) {
      for (std::size_t i = 0; i < boards.size(); ++i) {
        Outcome& v = value[k][i];
        if (reference::line_of(boards[i], !boards[i].white_to_move)) {
          v = Outcome::loss(0);
        } else if (k == 0 || next[i].empty()) {
          v = Outcome::draw();
        } else {
          bool first = true;
          for (int c : next[i]) {
            const Outcome o = from_child(value[k - 1][c]);
            if (first || better(o, v)) v = o;
            first = false;
          }
        }
      }
    }
  }
};

}  // namespace

TEST_CASE("every movement position agrees with a depth-limited minimax at several budgets") {
  for (const char* rule : {"no-move=draw", "no-move=pass"}) {
    CAPTURE(rule);
    const TateDrez g = make({rule, "rounds=0"});
    const auto tables = solve(g);
    const TierTable& movement = tables.at("movement");
    const std::vector<int> budgets = {0, 1, 2, 3, 4, 5, 7, 10, 14, 19, 25};
    const LimitedMinimax mm(std::string(rule) == "no-move=pass", budgets.back());
    CHECK(mm.boards.size() > 100000);
    for (std::size_t i = 0; i < mm.boards.size(); ++i) {
      const auto p = g.parse(reference::text(mm.boards[i]));
      const Outcome solved = movement.outcome(g.rank(p));
      for (int k : budgets) {
        const Outcome expected = mm.value[k][i];
        const Outcome got = within_limit(solved, k);
        if (got != expected) {
          FAIL_CHECK(reference::text(mm.boards[i]) << " budget " << k << ": solver " << to_string(got.value) << " "
                                                   << got.remoteness << ", minimax " << to_string(expected.value)
                                                   << " " << expected.remoteness);
          return;
        }
      }
    }
  }
}

// With the default 30 rounds this re-derives the published first-player values from
// scratch: every placement position, the empty board included.
TEST_CASE("placement positions under a round limit agree with a memoised minimax over placements") {
  for (const auto& [rule, rounds] : {std::pair{"no-move=draw", 3}, std::pair{"no-move=pass", 3},
                                     std::pair{"no-move=draw", 30}, std::pair{"no-move=pass", 30}}) {
    CAPTURE(rule);
    CAPTURE(rounds);
    const TateDrez g = make({rule, "rounds=" + std::to_string(rounds)});
    const auto tables = solve(g);
    const LimitedMinimax mm(std::string(rule) == "no-move=pass", 2 * rounds);
    std::unordered_map<std::string, int> movement_index;
    for (std::size_t i = 0; i < mm.boards.size(); ++i) movement_index[reference::text(mm.boards[i])] = static_cast<int>(i);

    std::unordered_map<std::string, Outcome> memo;
    std::size_t compared = 0;
    auto value = [&](auto&& self, const reference::Board& b) -> Outcome {
      const std::string key = reference::text(b);
      if (reference::pieces(b) == 6) return mm.value[2 * rounds][movement_index.at(key)];
      if (auto it = memo.find(key); it != memo.end()) return it->second;
      Outcome best;
      if (reference::line_of(b, !b.white_to_move)) {
        best = Outcome::loss(0);
      } else {
        bool first = true;
        for (const auto& c : reference::placements(b)) {
          const Outcome o = from_child(self(self, c));
          if (first || better(o, best)) best = o;
          first = false;
        }
      }
      memo[key] = best;
      const auto p = g.parse(key);
      const Outcome solved = tables.at(g.tier_name(g.tier_of(p))).outcome(g.rank(p));
      ++compared;
      REQUIRE_MESSAGE(solved == best, key);
      return best;
    };
    const Outcome start = value(value, reference::Board{});
    CHECK(compared > 50000);
    if (rounds == 30) CHECK(start == (std::string(rule) == "no-move=pass" ? Outcome::win(15) : Outcome::draw()));
  }
}

TEST_CASE("sweeps and un-moves give identical tables") {
  for (const char* rule : {"no-move=draw", "no-move=pass"}) {
    for (const char* rounds : {"rounds=30", "rounds=0"}) {
      const TateDrez g = make({rule, rounds});
      SolveOptions sweeps;
      sweeps.force_sweeps = true;
      const auto a = solve(g);
      const auto b = solve(g, sweeps);
      for (const auto& [name, table] : a) {
        CAPTURE(name);
        CHECK(zz_test::same_codes(table, b.at(name)));
      }
    }
  }
}

TEST_CASE("tables are identical with 1 and 2 threads") {
  const TateDrez g = make({"no-move=pass", "rounds=30"});
  const auto one = zz_test::with_threads(1, [&] { return solve(g); });
  const auto two = zz_test::with_threads(2, [&] { return solve(g); });
  for (const auto& [name, table] : one) {
    CAPTURE(name);
    CHECK(zz_test::same_codes(table, two.at(name)));
  }
}
