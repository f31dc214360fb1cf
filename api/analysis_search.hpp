#pragma once
// The search half of `analyze`: the best moves with their scores and principal variations,
// deepening while time lasts, each completed depth reported. What a game analyses with is
// its analysis tools, one class per kind:
//   - GenericAnalysisTools<G> (here): iterative-deepening alpha-beta (solver/search/
//     alphabeta.hpp) over the game's own rules and evaluation, the game itself for proof
//     search, its tables (if any) as the oracle;
//   - a game with an engine binds its own (Tablut: api/analysis_tablut.hpp), the same members.
// Tools offer: ProofGame and proof_game() (the game as the provers see it), Oracle and
// oracle() (exact values where tables cover a position), tables_found(), and search().
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <tbb/task_arena.h>

#include "solver/search/alphabeta.hpp"
#include "solver/search/oracle.hpp"

namespace zz::api {

struct SearchSettings {
  std::optional<int> max_depth;  // plies; nullopt: until the deadline
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  int lines = 1;                 // multi-PV: this many best moves with exact scores
  int threads = 1;
  const std::atomic<bool>* stop = nullptr;
};

// One line of the search: the score for the side to move (score.hpp's scale, equal to
// alphabeta.hpp's) and the moves, the first being the root's move.
struct SearchLine {
  int score = 0;
  std::vector<std::string> pv;
};

// The last completed depth.
struct SearchReport {
  int depth = 0, seldepth = 0;
  std::uint64_t nodes = 0;      // the whole search's so far
  std::vector<SearchLine> lines;  // best first
};

using SearchReporter = std::function<void(const SearchReport&)>;

template <Game G>
class GenericAnalysisTools {
 public:
  using ProofGame = G;
  using Position = typename G::Position;
  using Oracle = std::conditional_t<Enumerable<G>, TableOracle<G>, NoOracle>;

  template <class Store>
  GenericAnalysisTools(const G& game, Store& store) : game_(game), oracle_(make_oracle(game, store)) {}

  const G& proof_game() const { return game_; }
  const Oracle& oracle() const { return oracle_; }
  int tables_found() const {
    if constexpr (Enumerable<G>) return oracle_.tables_used();
    return 0;
  }

  SearchReport search(const Position& p, const SearchSettings& s, const SearchReporter& report) const {
    AlphaBetaLimits limits;
    limits.deadline = s.deadline;
    limits.stop = s.stop;
    if (s.max_depth) limits.max_depth = *s.max_depth;
    SearchReport last;
    const auto convert = [&](const LinesResult<G>& r) {
      SearchReport out{r.depth, r.depth, r.nodes, {}};
      for (const auto& line : r.lines) {
        SearchLine l{line.score, {}};
        for (const auto& m : line.pv) l.pv.push_back(game_.format_move(m));
        out.lines.push_back(std::move(l));
      }
      return out;
    };
    tbb::task_arena arena(std::max(1, s.threads));
    const LinesResult<G> r = arena.execute([&] {
      return search_lines(game_, oracle_, p, {}, limits, s.lines, [&](const LinesResult<G>& it) {
        last = convert(it);
        if (report) report(last);
      });
    });
    SearchReport final_report = convert(r);
    return final_report;
  }

 private:
  template <class Store>
  static Oracle make_oracle(const G& game, Store& store) {
    if constexpr (Enumerable<G>) return Oracle(game, store);
    else return Oracle{};
  }

  const G& game_;
  Oracle oracle_;
};

}  // namespace zz::api
