#pragma once
// Iterative-deepening alpha-beta (negamax) with a transposition table, for the best moves
// when nothing is proven. Leaves are scored by the game's evaluate(p) (side to move's view; 0
// if the game has none); finished games and positions a solved table covers score exactly.
// A position that repeats one on the current line or in the game's history scores as a
// draw. The root's moves after the first are searched in parallel (TBB), each worker with
// its own table. Several lines (multi-PV): a root move gets an exact score when it beats the
// k-th best exact score found so far (null window first, then a full search), so the k best
// moves come out exact and ordered.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/common/hash.hpp"
#include "solver/search/position_hash.hpp"
#include "solver/move_list.hpp"

namespace zz {

inline constexpr int kWinScore = 1'000'000;       // a win now; a win in r plies scores kWinScore - r
inline constexpr int kDecisiveScore = 900'000;    // beyond this a score is a forced result
inline constexpr int kInfiniteScore = 2'000'000;

struct AlphaBetaLimits {
  int max_depth = 64;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::uint64_t max_nodes = ~std::uint64_t{0};
  int table_bits = 20;  // per worker thread
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop the search
};

template <Game G>
struct ScoredLine {
  int score = 0;                      // for the side to move
  std::vector<typename G::Move> pv;   // the root's move first
};

template <Game G>
struct LinesResult {
  std::vector<ScoredLine<G>> lines;  // best first
  int depth = 0;                     // last completed iteration
  std::uint64_t nodes = 0;
};

template <Game G>
struct SearchResult {
  std::optional<typename G::Move> best;
  int score = 0;   // for the side to move
  int depth = 0;   // last completed iteration
  std::uint64_t nodes = 0;
};

// Plies to the end for a decisive score, from the root's point of view.
inline int plies_to_end(int score) { return kWinScore - std::abs(score); }

template <Hashable G, class Oracle>
class AlphaBetaWorker {
  using Position = typename G::Position;
  using Move = typename G::Move;

 public:
  AlphaBetaWorker(const G& game, const Oracle& oracle, const AlphaBetaLimits& limits)
      : game_(game), oracle_(oracle), limits_(limits), table_(std::size_t{1} << limits.table_bits), frames_(kMaxPly) {}

  // Negamax score of p for its side to move, searched `depth` plies; `ply` is its distance
  // from the root and `line` the hashes from the game's start to p's parent.
  int search(const Position& p, int depth, int alpha, int beta, int ply, std::vector<std::uint64_t>& line,
             std::atomic<bool>& stop, std::atomic<std::uint64_t>& nodes) {
    const std::uint64_t n = nodes.fetch_add(1, std::memory_order_relaxed) + 1;
    if ((n & 1023) == 0 && (n >= limits_.max_nodes || std::chrono::steady_clock::now() > limits_.deadline ||
                            (limits_.stop && limits_.stop->load(std::memory_order_relaxed))))
      stop.store(true, std::memory_order_relaxed);
    if (auto o = game_.outcome(p)) return exact(*o, ply);
    if (auto o = oracle_(p)) return exact(*o, ply);
    const std::uint64_t h = position_hash(game_, p);
    if (std::find(line.begin(), line.end(), h) != line.end()) return 0;
    if (depth == 0 || ply >= kMaxPly) return evaluate(p);
    if (stop.load(std::memory_order_relaxed)) return 0;

    Entry& slot = table_[h & (table_.size() - 1)];
    int first = -1;
    if (slot.key == h) {
      first = slot.move;
      if (slot.depth >= depth) {
        const int s = from_table(slot.score, ply);
        if (slot.bound == Bound::Exact || (slot.bound == Bound::Lower && s >= beta) ||
            (slot.bound == Bound::Upper && s <= alpha))
          return s;
      }
    }
    std::vector<Move>& moves = frames_[ply];
    moves.clear();
    append_moves(game_, p, moves);
    if (first > 0 && first < static_cast<int>(moves.size())) std::swap(moves[0], moves[first]);

    const int original_alpha = alpha;
    int best = -kInfiniteScore, best_index = 0;
    line.push_back(h);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int s = -search(game_.play(p, moves[i]), depth - 1, -beta, -alpha, ply + 1, line, stop, nodes);
      if (s > best) {
        best = s;
        best_index = static_cast<int>(i);
      }
      alpha = std::max(alpha, s);
      if (alpha >= beta) break;
    }
    line.pop_back();
    if (stop.load(std::memory_order_relaxed)) return best;
    // The index is into the generation order, undoing the swap of the table move.
    int stored = best_index;
    if (first > 0 && first < static_cast<int>(moves.size())) {
      if (best_index == 0) stored = first;
      else if (best_index == first) stored = 0;
    }
    slot = {h, to_table(best, ply), static_cast<std::int16_t>(depth), static_cast<std::int16_t>(stored),
            best <= original_alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact};
    return best;
  }

  // The moves this worker's table holds from p on, at most `length` of them: the line its
  // last search of p found (it stops where an entry was overwritten or the line repeats).
  std::vector<Move> principal_variation(Position p, int length) const {
    std::vector<Move> pv;
    std::vector<std::uint64_t> seen;
    while (static_cast<int>(pv.size()) < length && !game_.outcome(p)) {
      const std::uint64_t h = position_hash(game_, p);
      const Entry& slot = table_[h & (table_.size() - 1)];
      if (slot.key != h || std::find(seen.begin(), seen.end(), h) != seen.end()) break;
      seen.push_back(h);
      std::optional<Move> next;
      int i = 0;
      game_.for_each_move(p, [&](const Move& m) {
        if (i++ == slot.move) next = m;
      });
      if (!next) break;
      pv.push_back(*next);
      p = game_.play(p, *next);
    }
    return pv;
  }

 private:
  static constexpr int kMaxPly = 256;  // one move list per ply, allocated once
  enum class Bound : std::uint8_t { Exact, Lower, Upper };
  struct Entry {
    std::uint64_t key = 0;
    int score = 0;
    std::int16_t depth = -1;
    std::int16_t move = 0;
    Bound bound = Bound::Exact;
  };

  int evaluate(const Position& p) const {
    if constexpr (requires { { game_.evaluate(p) } -> std::convertible_to<int>; }) {
      return std::clamp(game_.evaluate(p), -kDecisiveScore + 1, kDecisiveScore - 1);
    } else {
      (void)p;
      return 0;
    }
  }
  static int exact(Outcome o, int ply) {
    if (o.value == Value::Draw) return 0;
    const int s = kWinScore - ply - o.remoteness;
    return o.value == Value::Win ? s : -s;
  }
  // Decisive scores count plies from the root; the table stores them from the node.
  static int to_table(int s, int ply) { return s > kDecisiveScore ? s + ply : s < -kDecisiveScore ? s - ply : s; }
  static int from_table(int s, int ply) { return s > kDecisiveScore ? s - ply : s < -kDecisiveScore ? s + ply : s; }

  const G& game_;
  const Oracle& oracle_;
  AlphaBetaLimits limits_;
  std::vector<Entry> table_;
  std::vector<std::vector<Move>> frames_;
};

// Searches the child of root reached by m.
template <class Worker, class G>
int search_child(Worker& worker, const G& game, const typename G::Position& root, const typename G::Move& m, int depth,
                 int alpha, int beta, std::vector<std::uint64_t>& line, std::atomic<bool>& stop,
                 std::atomic<std::uint64_t>& nodes) {
  return worker.search(game.play(root, m), depth - 1, alpha, beta, 1, line, stop, nodes);
}

// Iterative deepening from `root` for the `lines` best moves; `history` holds the hashes of
// the positions the game went through before root (for the repetition draw), oldest first.
// `report` (optional) receives every completed depth.
template <Hashable G, class Oracle, class Report = std::nullptr_t>
LinesResult<G> search_lines(const G& game, const Oracle& oracle, const typename G::Position& root,
                            std::span<const std::uint64_t> history, const AlphaBetaLimits& limits, int lines,
                            const Report& report = nullptr) {
  using Move = typename G::Move;
  LinesResult<G> result;
  std::vector<Move> moves = move_list(game, root);
  if (moves.empty()) return result;
  const std::size_t wanted = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(lines, 1)), 1, moves.size());

  tbb::enumerable_thread_specific<AlphaBetaWorker<G, Oracle>> workers(std::cref(game), std::cref(oracle), limits);
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> nodes{0};
  const auto out_of_budget = [&] {
    return std::chrono::steady_clock::now() > limits.deadline || nodes.load() >= limits.max_nodes ||
           (limits.stop && limits.stop->load(std::memory_order_relaxed));
  };
  std::vector<std::uint64_t> base(history.begin(), history.end());
  base.push_back(position_hash(game, root));

  for (int depth = 1; depth <= limits.max_depth; ++depth) {
    // Exact scores found at this depth, by move index; the k-th best is the bar to beat.
    std::vector<std::optional<ScoredLine<G>>> exact(moves.size());
    std::vector<int> best_scores;  // sorted, best first, at most `wanted`
    std::mutex improve;
    const auto bar = [&] { return best_scores.size() < wanted ? -kInfiniteScore : best_scores.back(); };
    const auto search_move = [&](std::size_t i) {
      auto& worker = workers.local();
      std::vector<std::uint64_t> line = base;
      int a;
      {
        std::lock_guard<std::mutex> lock(improve);
        a = bar();
      }
      int s;
      if (a == -kInfiniteScore) {
        s = -search_child(worker, game, root, moves[i], depth, -kInfiniteScore, kInfiniteScore, line, stop, nodes);
      } else {
        s = -search_child(worker, game, root, moves[i], depth, -(a + 1), -a, line, stop, nodes);
        if (s <= a || stop.load()) return;
        s = -search_child(worker, game, root, moves[i], depth, -kInfiniteScore, -a, line, stop, nodes);
        if (s <= a) return;  // not above the bar after all: a bound, not a line
      }
      if (stop.load()) return;
      ScoredLine<G> scored{s, {moves[i]}};
      for (const Move& m : worker.principal_variation(game.play(root, moves[i]), depth - 1)) scored.pv.push_back(m);
      std::lock_guard<std::mutex> lock(improve);
      exact[i] = std::move(scored);
      best_scores.insert(std::upper_bound(best_scores.begin(), best_scores.end(), s, std::greater<int>()), s);
      if (best_scores.size() > wanted) best_scores.pop_back();
    };
    // The best move so far first; its score sets the bar for the others.
    search_move(0);
    tbb::parallel_for(std::size_t{1}, moves.size(), [&](std::size_t i) {
      if (stop.load()) return;
      if (out_of_budget()) {
        stop = true;
        return;
      }
      search_move(i);
    });
    if (stop.load() || out_of_budget()) break;
    // Exact lines first, best first (stable: ties keep the earlier order).
    std::vector<std::size_t> order(moves.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (!exact[a] || !exact[b]) return exact[a].has_value() && !exact[b].has_value();
      return exact[a]->score > exact[b]->score;
    });
    std::vector<Move> reordered;
    result.lines.clear();
    for (std::size_t i : order) {
      reordered.push_back(moves[i]);
      if (exact[i] && result.lines.size() < wanted) result.lines.push_back(*exact[i]);
    }
    moves = std::move(reordered);
    result.depth = depth;
    result.nodes = nodes.load();
    if constexpr (!std::is_same_v<Report, std::nullptr_t>) report(result);
    // A forced result for every line: deeper adds nothing.
    if (std::all_of(result.lines.begin(), result.lines.end(),
                    [](const ScoredLine<G>& l) { return std::abs(l.score) > kDecisiveScore; }))
      break;
  }
  result.nodes = nodes.load();
  return result;
}

// The best move alone (one line).
template <Hashable G, class Oracle>
SearchResult<G> best_move(const G& game, const Oracle& oracle, const typename G::Position& root,
                          std::span<const std::uint64_t> history, const AlphaBetaLimits& limits) {
  SearchResult<G> result;
  if (const auto moves = move_list(game, root); !moves.empty()) result.best = moves.front();
  const LinesResult<G> r = search_lines(game, oracle, root, history, limits, 1);
  if (!r.lines.empty()) {
    result.best = r.lines.front().pv.front();
    result.score = r.lines.front().score;
  }
  result.depth = r.depth;
  result.nodes = r.nodes;
  return result;
}

}  // namespace zz
