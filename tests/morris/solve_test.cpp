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

using Values = std::unordered_map<std::string, Outcome>;

// Values of every position with `a` stones against `b` (either side to move, written with White
// to move), no stones in hand, by plain retrograde analysis: a child outside the tier is a
// position of `known` (fewer stones), or lost when its side to move has two stones left.
Values reference_values(const ref_morris::Rules& r, int a, int b, const Values& known) {
  auto boards = all_boards(r, a, b);
  if (a != b) {
    const auto other = all_boards(r, b, a);
    boards.insert(boards.end(), other.begin(), other.end());
  }
  const std::size_t inside = boards.size();
  std::unordered_map<std::string, int> id;
  for (std::size_t i = 0; i < boards.size(); ++i) id[boards[i]] = static_cast<int>(i);
  std::vector<std::vector<int>> children(inside);
  std::vector<std::optional<Outcome>> value(inside);
  for (std::size_t i = 0; i < inside; ++i) {
    const auto s = ref_morris::read(r, boards[i]);
    const auto moves = ref_morris::moves(r, s);
    if (moves.empty()) value[i] = Outcome::loss(0);
    for (const auto& m : moves) {
      const std::string c = as_white_to_move(ref_morris::write(r, ref_morris::apply(r, s, m)));
      auto it = id.find(c);
      if (it == id.end()) {  // a stone was removed: a fixed value from outside the tier
        const auto cs = ref_morris::read(r, c);
        const Outcome o = ref_morris::count(cs, 'W') < 3 ? Outcome::loss(0) : known.at(c);
        it = id.emplace(c, static_cast<int>(boards.size())).first;
        boards.push_back(c);
        value.push_back(o);
      }
      children[i].push_back(it->second);
    }
  }
  for (int level = 1;; ++level) {
    std::vector<std::pair<std::size_t, Outcome>> fixed;
    for (std::size_t i = 0; i < inside; ++i) {
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
  Values out;
  for (std::size_t i = 0; i < inside; ++i) out[boards[i]] = value[i].value_or(Outcome::draw());
  return out;
}

// Every position of the solver's table for `tier` against the reference values.
void compare(const Morris& g, const std::map<std::string, TierTable>& tables, const std::string& tier,
             const Values& expected) {
  const TierTable& table = tables.at(tier);
  std::map<std::string, int> counts;
  for (const auto& [text, o] : expected) {
    CAPTURE(text);
    REQUIRE(table.outcome(g.rank(g.parse(text))) == o);
    ++counts[std::string(to_string(o.value))];
  }
  MESSAGE(g.variant().name << " " << tier << ", all positions written with White to move: " << counts["win"]
                           << " wins, " << counts["loss"] << " losses, " << counts["draw"] << " draws");
}

// Tiers 3-3-0-0 and, when `four`, 4-3-0-0 against the reference; and the same tables solved
// without un-moves (sweeps only).
void check_endgame(const std::string& variant, bool four) {
  CAPTURE(variant);
  const Morris g(RuleValues{{"variant", variant}});
  const auto r = ref_morris::rules_for(variant);
  const auto roots = g.solve_roots(four ? "4-3-0-0" : "3-3-0-0");
  const auto tables = solve_in_memory(g, std::span<const Morris::Tier>(roots));
  const Values three = reference_values(r, 3, 3, {});
  compare(g, tables, "3-3-0-0", three);
  if (four) compare(g, tables, "4-3-0-0", reference_values(r, 4, 3, three));
  SolveOptions sweeps;
  sweeps.force_sweeps = true;
  const auto again = solve_in_memory(g, std::span<const Morris::Tier>(roots), sweeps);
  for (const auto& [name, table] : tables) {
    CAPTURE(name);
    for (std::uint64_t i = 0; i < table.size(); ++i) REQUIRE(again.at(name).outcome(i) == table.outcome(i));
  }
}

}  // namespace

TEST_CASE("Six Men's Morris, 3 and 4 stones against 3: every position against a plain retrograde analysis") {
  check_endgame("six", true);
}

// Opt-in (2.7 million positions through the naive rules, several CPU-minutes): --no-skip.
TEST_CASE("Nine Men's Morris, 3 stones against 3: every position against a plain retrograde analysis" *
          doctest::skip()) {
  check_endgame("nine", false);
}
