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
};

template <class Move>
struct Iteration {
  int depth = 0, seldepth = 0, score = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
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
    MoveList<Move> list;
    k_.generate_all(root, list);
    if (list.empty()) return d;
    std::vector<Move> moves;
    for (int i = 0; i < list.size(); ++i) moves.push_back(list.pick(i).move);
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

 private:
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
    for (int depth = 1; depth <= limits.max_depth; ++depth) {
      int delta = 35, alpha = -kInfinite, beta = kInfinite, score = 0;
      if (depth >= 4 && !decisive(previous)) {
        alpha = previous - delta;
        beta = previous + delta;
      }
      for (;;) {
        score = main.search_root(root, moves, scores, depth, alpha, beta);
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
      // An interrupted iteration still counts if it found a better move (fully searched).
      d.move = moves.front();
      if (main.stopped()) break;
      d.score = score;
      d.depth = depth;
      d.pv.assign(main.pv().begin(), main.pv().end());
      if (d.pv.empty() || !(d.pv.front() == moves.front())) d.pv = {moves.front()};
      stable = last_best && *last_best == moves.front() && score > previous - 40 ? stable + 1 : 0;
      last_best = moves.front();
      previous = score;
      if (report) {
        Iteration<Move> it{depth, main.seldepth(), score, control_.nodes.load(),
                           std::chrono::duration<double>(Clock::now() - limits.budget.start).count(), d.pv};
        report(it);
      }
      if (score > kDecisive && plies_to_end(score) <= depth) break;  // a win the search proved
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
