#pragma once
// The game-playing engine: chooses a move under a time limit.
//   1. A position the tables cover is played from the tables (the fastest win, the longest
//      loss), never repeating an earlier position when another move is as good.
//   2. Proof-number search at the root (root_proof.hpp, given by the game's binding) looks
//      for a short forced win or loss with a small part of the time.
//   3. Iterative deepening of principal-variation search (pvs.hpp) with aspiration windows,
//      on `threads` threads at once (Lazy SMP: the helpers search the same root, one ply
//      deeper every other thread, and share only the transposition table; the main thread's
//      result is played).
// Time: deepening stops at the soft deadline when the best move has been stable, otherwise
// the search runs to the hard deadline and plays the best move found so far.
// Analysis (analyse()) runs step 3 alone, for `lines` best moves at once (multi-PV: each
// depth searches the root for the best move, then the remaining moves for the second, and
// so on, each line with its own aspiration window), and reports every depth's lines.
#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "solver/search/pvs.hpp"
#include "solver/search/root_proof.hpp"
#include "solver/search/time_manager.hpp"

namespace zz::search {

struct EngineConfig {
  int threads = 1;
  std::size_t hash_megabytes = 64;
  SearchOptions options;
  double proof_share = 0.1;  // of the move's time, for the root proof search
  int proof_plies = 9;       // its longest horizon
};

struct ThinkLimits {
  MoveBudget budget{Clock::now(), Clock::time_point::max(), Clock::time_point::max()};
  int max_depth = kMaxPly - 8;
  std::uint64_t max_nodes = ~std::uint64_t{0};
  const std::atomic<bool>* stop = nullptr;
  int lines = 1;  // multi-PV: this many best moves with exact scores (play uses one)
};

// One best move, its score and principal variation (the move first).
template <class Move>
struct Line {
  int score = 0;
  std::vector<Move> pv;
};

template <class Move>
struct Iteration {
  int depth = 0, seldepth = 0, score = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
  std::vector<Line<Move>> lines;  // best first; lines[0] is score and pv
};

template <class Move>
struct Decision {
  std::optional<Move> move;
  int score = 0;  // for the side to move (score.hpp)
  int depth = 0;  // the last completed iteration
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
  std::string source;  // "tables", "proof", "search", "only move"
  int seldepth = 0;
  std::vector<Line<Move>> lines;  // the search's, of its last completed depth, best first
};

template <EngineKnowledge K, class Oracle>
class Engine {
 public:
  using Position = typename K::Position;
  using Move = typename K::Move;
  // Called by think() with the root and the time it may use; returns a proof's verdict.
  using Prover = std::function<RootVerdict<Move>(const Position&, Clock::time_point deadline)>;
  using Report = std::function<void(const Iteration<Move>&)>;

  Engine(const K& knowledge, const Oracle& oracle, EngineConfig config = {})
      : k_(knowledge), oracle_(oracle), config_(config), tt_(config.hash_megabytes) {
    const int threads = std::max(1, config.threads);
    for (int i = 0; i < threads; ++i)
      searchers_.push_back(std::make_unique<Searcher<K, Oracle>>(k_, oracle_, tt_, control_, config.options));
  }

  void set_prover(Prover prover) { prover_ = std::move(prover); }
  const EngineConfig& config() const { return config_; }
  // A new game: the table and the history heuristics start empty.
  void new_game() { tt_.clear(); }

  // `history`: the keys (K::hash) of the game's positions since its last irreversible move,
  // root included and last.
  Decision<Move> think(const Position& root, std::span<const std::uint64_t> history, const ThinkLimits& limits,
                       const Report& report = {}) {
    Decision<Move> d;
    const auto started = Clock::now();
    std::vector<Move> moves = root_moves(root);
    if (moves.empty()) return d;
    d.move = moves.front();
    const auto finish = [&](Decision<Move>& out) -> Decision<Move>& {
      out.seconds = std::chrono::duration<double>(Clock::now() - started).count();
      return out;
    };
    if (moves.size() == 1) {
      d.source = "only move";
      return finish(d);
    }
    if (auto tables = from_tables(root, moves, history)) return finish(*tables);

    if (prover_ && config_.proof_share > 0) {
      // A share of the time to the hard deadline; with no deadline, the prover's own limits.
      auto deadline = Clock::time_point::max();
      if (limits.budget.hard != Clock::time_point::max())
        deadline = started + std::chrono::duration_cast<Clock::duration>((limits.budget.hard - started) * config_.proof_share);
      const RootVerdict<Move> v = prover_(root, deadline);
      d.nodes += v.nodes;
      using Kind = typename RootVerdict<Move>::Kind;
      if (v.kind != Kind::None && v.move && !repeats(*v.move, root, history)) {
        // A forced result, exact in distance: the winning move, or the longest defence.
        d.move = v.move;
        d.score = v.kind == Kind::Win ? mate_in(v.plies) : mated_in(v.plies);
        d.source = "proof";
        d.pv = {*v.move};
        return finish(d);
      }
    }

    iterate(root, moves, history, limits, report, d);
    return finish(d);
  }

  // Analysis: the search alone (no tables' move, root proof or only-move shortcut: the caller
  // shows those), `limits.lines` lines, every completed depth reported.
  Decision<Move> analyse(const Position& root, std::span<const std::uint64_t> history, const ThinkLimits& limits,
                         const Report& report = {}) {
    Decision<Move> d;
    const auto started = Clock::now();
    std::vector<Move> moves = root_moves(root);
    if (moves.empty()) return d;
    d.move = moves.front();
    iterate(root, moves, history, limits, report, d);
    d.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return d;
  }

 private:
  // Every legal move, in the game's static order.
  std::vector<Move> root_moves(const Position& root) const {
    MoveList<Move> list;
    k_.generate_all(root, list);
    std::vector<Move> moves;
    for (int i = 0; i < list.size(); ++i) moves.push_back(list.pick(i).move);
    return moves;
  }

  bool repeats(const Move& m, const Position& root, std::span<const std::uint64_t> history) const {
    const std::uint64_t key = k_.hash(k_.play(root, m));
    return std::find(history.begin(), history.end(), key) != history.end();
  }

  // The tables' move when they cover the root and every move's result.
  std::optional<Decision<Move>> from_tables(const Position& root, const std::vector<Move>& moves,
                                            std::span<const std::uint64_t> history) const {
    if (!oracle_(root)) return std::nullopt;
    std::optional<Outcome> best;
    Decision<Move> d;
    for (const Move& m : moves) {
      const Position child = k_.play(root, m);
      Outcome value;
      if (static_cast<NodeKind>(k_.inspect(child).kind) == NodeKind::Lost) {
        value = Outcome::win(1);
      } else if (repeats(m, root, history)) {
        value = Outcome::draw();
      } else {
        const auto o = oracle_(child);
        if (!o) return std::nullopt;  // a smaller table is missing: search instead
        value = from_child(*o);
      }
      if (!best || better(value, *best)) {
        best = value;
        d.move = m;
      }
    }
    d.score = score_of(*best, 0);
    d.source = "tables";
    d.pv = {*d.move};
    return d;
  }

  void iterate(const Position& root, std::vector<Move> moves, std::span<const std::uint64_t> history,
               const ThinkLimits& limits, const Report& report, Decision<Move>& d) {
    control_.stop = false;
    control_.nodes = 0;
    control_.deadline = limits.budget.hard;
    control_.max_nodes = limits.max_nodes;
    control_.external_stop = limits.stop;
    tt_.new_search();
    for (auto& s : searchers_) {
      s->set_game(history);
      s->new_search();
    }
    std::vector<std::thread> helpers;
    for (std::size_t i = 1; i < searchers_.size(); ++i)
      helpers.emplace_back([&, i, moves] { help(*searchers_[i], root, moves, static_cast<int>(i), limits.max_depth); });

    auto& main = *searchers_[0];
    std::vector<int> scores;
    int previous = 0, stable = 0;
    std::optional<Move> last_best;
    // The moves from `first` on, searched to `depth` in an aspiration window around the
    // score they had one depth less: the best of them goes to moves[first].
    const auto aspirate = [&](std::size_t first, int depth, int previous_score) {
      const std::span<Move> tail(moves.begin() + static_cast<std::ptrdiff_t>(first), moves.end());
      int delta = 35, alpha = -kInfinite, beta = kInfinite, score = 0;
      if (depth >= 4 && !decisive(previous_score)) {
        alpha = previous_score - delta;
        beta = previous_score + delta;
      }
      for (;;) {
        score = main.search_root(root, tail, scores, depth, alpha, beta);
        if (main.stopped()) break;
        if (score <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(score - delta, -kInfinite);
        } else if (score >= beta) {
          beta = std::min(score + delta, kInfinite);
        } else {
          break;
        }
        delta *= 2;
        if (delta > 1000) alpha = -kInfinite, beta = kInfinite;
      }
      return score;
    };
    const std::size_t line_count = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(limits.lines, 1)), 1, moves.size());
    std::vector<Line<Move>> lines(line_count);
    for (int depth = 1; depth <= limits.max_depth; ++depth) {
      const int score = aspirate(0, depth, previous);
      // An interrupted iteration still counts if it found a better move (fully searched).
      d.move = moves.front();
      if (main.stopped()) break;
      const auto line_of = [&](std::size_t i, int s) {
        Line<Move> line{s, {main.pv().begin(), main.pv().end()}};
        if (line.pv.empty() || !(line.pv.front() == moves[i])) line.pv = {moves[i]};
        return line;
      };
      std::vector<Line<Move>> found{line_of(0, score)};
      for (std::size_t i = 1; i < line_count && !main.stopped(); ++i) {
        const int s = aspirate(i, depth, depth > 1 ? lines[i].score : 0);
        if (!main.stopped()) found.push_back(line_of(i, s));
      }
      if (main.stopped() && found.size() < line_count) break;
      if (line_count > 1) {
        // A later line may score above an earlier one (search instability): best first.
        std::stable_sort(found.begin(), found.end(), [](const Line<Move>& a, const Line<Move>& b) { return a.score > b.score; });
        for (std::size_t i = 0; i < line_count; ++i) moves[i] = found[i].pv.front();
        d.move = moves.front();
      }
      lines = found;
      d.lines = found;
      d.score = found.front().score;
      d.depth = depth;
      d.seldepth = main.seldepth();
      d.pv = found.front().pv;
      stable = last_best && *last_best == moves.front() && d.score > previous - 40 ? stable + 1 : 0;
      last_best = moves.front();
      previous = d.score;
      if (report) {
        Iteration<Move> it{depth, main.seldepth(), d.score, control_.nodes.load(),
                           std::chrono::duration<double>(Clock::now() - limits.budget.start).count(), d.pv, d.lines};
        report(it);
      }
      if (d.score > kDecisive && plies_to_end(d.score) <= depth) break;  // a win the search proved
      const auto now = Clock::now();
      if (now >= limits.budget.hard) break;
      if (now >= limits.budget.soft && stable >= 2) break;
      if (control_.nodes.load() >= limits.max_nodes) break;
    }
    control_.stop = true;
    for (auto& t : helpers) t.join();
    d.nodes += control_.nodes.load();
    d.source = "search";
  }

  // A helper thread of Lazy SMP: the same root, a ply deeper on odd threads; its results
  // reach the main thread only through the transposition table.
  static void help(Searcher<K, Oracle>& s, const Position& root, std::vector<Move> moves, int id, int max_depth) {
    std::vector<int> scores;
    for (int depth = 1 + (id & 1); depth <= max_depth && !s.stopped(); ++depth)
      s.search_root(root, moves, scores, depth, -kInfinite, kInfinite);
  }

  const K& k_;
  const Oracle& oracle_;
  EngineConfig config_;
  TranspositionTable tt_;
  SearchControl control_;
  std::vector<std::unique_ptr<Searcher<K, Oracle>>> searchers_;
  Prover prover_;
};

}  // namespace zz::search
