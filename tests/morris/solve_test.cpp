// Morris endgame tables against a plain retrograde analysis written for the test: every
// position of a tier listed as text, its children found by the naive rules
// (reference_rules.hpp), values fixed level by level. Also: the same tables with and without
// un-moves (sweeps only).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/morris/game.hpp"
#include "reference_rules.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::morris::Morris;

namespace {

// Every board with `w` white and `b` black stones among the points, White to move, no hands.
std::vector<std::string> all_boards(const ref_morris::Rules& r, int w, int b) {
  std::vector<std::string> out;
  const int n = static_cast<int>(r.points.size());
  std::string cells(static_cast<std::size_t>(n), '.');
  const auto place = [&](auto&& self, int at, int ws, int bs) -> void {
    if (at == n) {
      if (ws == 0 && bs == 0) out.push_back(cells + " w 0 0");
      return;
    }
    if (n - at < ws + bs) return;
    for (char c : {'.', 'W', 'B'}) {
      if ((c == 'W' && ws == 0) || (c == 'B' && bs == 0)) continue;
      cells[static_cast<std::size_t>(at)] = c;
      self(self, at + 1, ws - (c == 'W'), bs - (c == 'B'));
    }
    cells[static_cast<std::size_t>(at)] = '.';
  };
  place(place, 0, w, b);
  return out;
}

// The position with the colours exchanged: Black to move becomes White to move.
std::string as_white_to_move(const std::string& text) {
  std::string s = text;
  for (char& c : s) c = c == 'W' ? 'B' : c == 'B' ? 'W' : c;
  const auto space = s.find(' ');
  s[space + 1] = 'w';
  return s;
}

// Values of every position of tier 3-3-0-0 (White to move), by plain retrograde analysis: a
// move that removes a stone leaves the opponent two and wins at once; otherwise the children
// are positions of the same tier.
std::unordered_map<std::string, Outcome> reference_values(const ref_morris::Rules& r) {
  const auto boards = all_boards(r, 3, 3);
  std::unordered_map<std::string, int> id;
  for (std::size_t i = 0; i < boards.size(); ++i) id[boards[i]] = static_cast<int>(i);
  std::vector<std::vector<int>> children(boards.size());
  std::vector<std::optional<Outcome>> value(boards.size());
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const auto s = ref_morris::read(r, boards[i]);
    const auto moves = ref_morris::moves(r, s);
    if (moves.empty()) value[i] = Outcome::loss(0);
    for (const auto& m : moves) {
      if (m.find('x') != std::string::npos) {
        value[i] = Outcome::win(1);
        break;
      }
      children[i].push_back(id.at(as_white_to_move(ref_morris::write(r, ref_morris::apply(r, s, m)))));
    }
  }
  for (int level = 1;; ++level) {
    std::vector<std::pair<std::size_t, Outcome>> fixed;
    for (std::size_t i = 0; i < boards.size(); ++i) {
      if (value[i]) continue;
      bool win = false, all_lost = true;
      for (int c : children[i]) {
        const auto& v = value[static_cast<std::size_t>(c)];
        win = win || (v && v->value == Value::Loss && v->remoteness == level - 1);
        all_lost = all_lost && v && v->value == Value::Win && v->remoteness <= level - 1;
      }
      if (win) fixed.push_back({i, Outcome::win(level)});
      else if (all_lost) fixed.push_back({i, Outcome::loss(level)});
    }
    if (fixed.empty() && level > 2) break;
    for (const auto& [i, o] : fixed) value[i] = o;
  }
  std::unordered_map<std::string, Outcome> out;
  for (std::size_t i = 0; i < boards.size(); ++i) out[boards[i]] = value[i].value_or(Outcome::draw());
  return out;
}

void check_three_against_three(const std::string& variant) {
  CAPTURE(variant);
  const Morris g(RuleValues{{"variant", variant}});
  const auto roots = g.solve_roots("3-3-0-0");
  const auto tables = solve_in_memory(g, std::span<const Morris::Tier>(roots));
  const TierTable& table = tables.at("3-3-0-0");
  const auto expected = reference_values(ref_morris::rules_for(variant));
  std::map<std::string, int> counts;
  for (const auto& [text, o] : expected) {
    CAPTURE(text);
    REQUIRE(table.outcome(g.rank(g.parse(text))) == o);
    ++counts[std::string(to_string(o.value))];
  }
  MESSAGE(variant << " 3-3-0-0, all positions with White to move: " << counts["win"] << " wins, " << counts["loss"]
                  << " losses, " << counts["draw"] << " draws");
  // The same tables without un-moves (sweeps only).
  SolveOptions sweeps;
  sweeps.force_sweeps = true;
  const auto again = solve_in_memory(g, std::span<const Morris::Tier>(roots), sweeps);
  const TierTable& other = again.at("3-3-0-0");
  for (std::uint64_t i = 0; i < g.tier_size(roots.front()); ++i) REQUIRE(other.outcome(i) == table.outcome(i));
}

}  // namespace

TEST_CASE("Six Men's Morris, 3 stones against 3: every position against a plain retrograde analysis") {
  check_three_against_three("six");
}

TEST_CASE("Nine Men's Morris, 3 stones against 3: every position against a plain retrograde analysis") {
  check_three_against_three("nine");
}
