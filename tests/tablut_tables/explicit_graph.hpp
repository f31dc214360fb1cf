#pragma once
// An explicit-graph solver for the Tablut tables to be checked against: every position of a
// material and of everything it captures down to, written out without the table index, its
// symmetries or the un-move generator, and solved by counting. Also: solving into memory and
// comparing two sets of tables.
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "tests/common/solve_helpers.hpp"

#include <doctest/doctest.h>

#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "solver/solve_tiers.hpp"
#include "tests/tablut_tables/helpers.hpp"

namespace tablut_tables_test {

using namespace zz;

inline Material mat(int w, int b) { return {w, b, false}; }

inline std::map<std::string, TierTable> solve(const Tablut& g, Material root, const SolveOptions& options = {}) {
  const std::array<Material, 1> roots{root};
  return solve_in_memory(g, std::span<const Material>(roots), options);
}

// The same solve with TBB limited to `threads` workers.
inline std::map<std::string, TierTable> solve_with_threads(const Tablut& g, Material root, int threads) {
  return zz_test::with_threads(threads, [&] { return solve(g, root); });
}

// The game's own position hash, as a key for the graph's maps.
struct PositionHash {
  std::size_t operator()(const Position& p) const { return Tablut().hash(p); }
};

// Every position with at most m.white white and m.black black pawns, as a graph solved by
// counting: lost when every successor is won (the slowest decides the remoteness), won when
// some successor is lost (the fastest decides), drawn otherwise. Moves that end the game lead
// to one node that is lost for its side to move.
struct ExplicitGraph {
  std::vector<Position> positions;
  std::unordered_map<Position, int, PositionHash> id;
  std::vector<Outcome> value;

  explicit ExplicitGraph(Material m) {
    const Tablut g;
    const int ended = 0;
    positions.push_back(Position{});
    for (int w = 0; w <= m.white; ++w)
      for (int b = 0; b <= m.black; ++b)
        for_each_position(mat(w, b), [&](const Position& p) {
          id.emplace(p, static_cast<int>(positions.size()));
          positions.push_back(p);
        });
    const std::size_t n = positions.size();
    std::vector<std::vector<int>> preds(n);
    std::vector<int> open(n, 0);
    value.assign(n, Outcome::draw());
    std::vector<bool> decided(n, false);
    std::vector<int> frontier{ended};
    value[ended] = Outcome::loss(0);
    decided[ended] = true;
    for (std::size_t i = 1; i < n; ++i) {
      const Position& p = positions[i];
      std::vector<int> next;
      g.for_each_move(p, [&](Move mv) {
        const Position c = g.play(p, mv);
        next.push_back(c.decided() ? ended : id.at(c));
      });
      if (next.empty()) {  // no legal move: lost
        value[i] = Outcome::loss(0);
        decided[i] = true;
        frontier.push_back(static_cast<int>(i));
        continue;
      }
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      for (int c : next) preds[c].push_back(static_cast<int>(i));
      open[i] = static_cast<int>(next.size());
    }
    for (int level = 1; !frontier.empty(); ++level) {
      std::vector<int> next;
      for (int c : frontier)
        for (int q : preds[c]) {
          if (decided[q]) continue;
          if (value[c].value == Value::Loss) {
            value[q] = Outcome::win(level);
          } else if (--open[q] > 0) {
            continue;
          } else {
            value[q] = Outcome::loss(level);
          }
          decided[q] = true;
          next.push_back(q);
        }
      frontier = std::move(next);
    }
  }
};

inline void check_against_graph(Material root) {
  const Tablut g;
  const auto tables = solve(g, root);
  const ExplicitGraph graph(root);
  std::array<std::size_t, 3> counts{};
  std::size_t mismatches = 0;
  for (std::size_t i = 1; i < graph.positions.size(); ++i) {
    const Position& p = graph.positions[i];
    const Outcome got = tables.at(g.tier_name(g.tier_of(p))).outcome(g.rank(p));
    const Outcome want = graph.value[i];
    ++counts[static_cast<int>(want.value)];
    if (got != want && ++mismatches <= 10)
      FAIL_CHECK(format_position(p) << ": table " << to_string(got.value) << " " << got.remoteness << ", graph "
                                    << to_string(want.value) << " " << want.remoteness);
  }
  CHECK(mismatches == 0);
  MESSAGE(g.tier_name(root), " and below: ", graph.positions.size() - 1, " positions, ", counts[2], " won, ", counts[0],
          " lost, ", counts[1], " drawn for the side to move");
}

inline void check_same_tables(const std::map<std::string, TierTable>& a, const std::map<std::string, TierTable>& b) {
  REQUIRE(a.size() == b.size());
  for (const auto& [name, table] : a) {
    CAPTURE(name);
    REQUIRE(zz_test::same_codes(table, b.at(name)));
  }
}

}  // namespace tablut_tables_test
