#pragma once
// One search thread of the game-playing engine: principal-variation search (negamax, null
// windows after the first move) with a shared transposition table, move ordering (table
// move, the game's tactical scores, killers, history), threat extensions, quiescence over
// captures and decisive threats, null-move pruning, late-move reductions and futility
// pruning, exact table probes and the repetition draw.
//
// Soundness of forced results: a decisive score is returned only when every move of the
// losing side was searched (pruning skips moves only of a side that is not losing by force,
// and a node that skipped any move never claims a forced loss), so the engine never reports
// a win or loss that does not exist; reductions may hide one, which the root's proof search
// (root_proof.hpp) makes up for at short distances.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "solver/search/engine_contract.hpp"
#include "solver/search/move_list.hpp"
#include "solver/search/score.hpp"
#include "solver/search/transposition.hpp"

namespace zz::search {

using Clock = std::chrono::steady_clock;

// Switches for the search's heuristics, so that a match can measure each one.
struct SearchOptions {
  bool null_move = true;
  bool late_move_reductions = true;
  bool futility = true;
  int draw_score = 0;        // for the side to move, at a repetition
  int quiescence_plies = 12; // quiescence stops here and evaluates
};

// What every thread of one search shares.
struct SearchControl {
  std::atomic<bool> stop{false};
  Clock::time_point deadline = Clock::time_point::max();
  std::uint64_t max_nodes = ~std::uint64_t{0};
  std::atomic<std::uint64_t> nodes{0};  // summed by the threads every 1024 nodes
  const std::atomic<bool>* external_stop = nullptr;
};

template <EngineKnowledge K, class Oracle>
class Searcher {
 public:
  using Position = typename K::Position;
  using Move = typename K::Move;
  using List = MoveList<Move>;

  Searcher(const K& knowledge, const Oracle& oracle, TranspositionTable& table, SearchControl& control,
           SearchOptions options = {})
      : k_(knowledge), oracle_(oracle), tt_(table), control_(control), options_(options),
        lists_(kMaxPly + 1), history_(2 * K::kMoveKeys, 0), keys_(kMaxHistory + kMaxPly + 2) {
    for (int d = 1; d < 64; ++d)
      for (int i = 1; i < 64; ++i) reduction_[d][i] = static_cast<int>(0.4 + std::log(d) * std::log(i) / 2.2);
  }

  const SearchOptions& options() const { return options_; }
  void set_options(const SearchOptions& o) { options_ = o; }

  // The keys of the game's positions since its last irreversible move, the root last: a
  // position repeating one of them (or one on the current line) is a draw.
  void set_game(std::span<const std::uint64_t> history) {
    const std::size_t n = std::min(history.size(), static_cast<std::size_t>(kMaxHistory));
    std::copy(history.end() - static_cast<std::ptrdiff_t>(n), history.end(), keys_.begin());
    key_count_ = static_cast<int>(n);
    repetition_from_ = 0;
  }

  // A new move to search: killers are per position, history halves.
  void new_search() {
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) h /= 2;
    nodes_ = 0;
    unreported_ = 0;
    seldepth_ = 0;
  }

  std::uint64_t nodes() const { return nodes_; }
  int seldepth() const { return seldepth_; }
  bool stopped() const { return control_.stop.load(std::memory_order_relaxed); }

  // The root's moves searched to `depth` in the window (alpha, beta): the best score, with
  // moves[0] the best move (the list is reordered) and the principal variation in pv().
  // `scores` receives each move's score (exact only for the best; bounds for the others).
  // Multi-PV searches a tail of the root's list: the moves not yet given a line.
  int search_root(const Position& root, std::span<Move> moves, std::vector<int>& scores, int depth, int alpha,
                  int beta) {
    const std::uint64_t key = k_.hash(root);
    int best = -kInfinite;
    std::optional<std::size_t> improved;  // the move that raised alpha last (fully searched)
    pv_length_[0] = 0;
    scores.assign(moves.size(), -kInfinite);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Position child = k_.play(root, moves[i]);
      const bool reset = k_.irreversible(root, child);
      int score;
      if (i == 0) {
        score = -child_search(child, reset, -beta, -alpha, depth - 1, 1, true);
      } else {
        score = -child_search(child, reset, -alpha - 1, -alpha, depth - 1, 1, false);
        if (score > alpha && score < beta && !stopped())
          score = -child_search(child, reset, -beta, -alpha, depth - 1, 1, true);
      }
      if (stopped()) break;
      scores[i] = score;
      best = std::max(best, score);
      if (score > alpha) {
        alpha = score;
        improved = i;
        update_pv(0, moves[i]);
        if (alpha >= beta) break;
      }
    }
    if (improved && *improved > 0) {
      const auto at = static_cast<std::ptrdiff_t>(*improved);
      std::rotate(moves.begin(), moves.begin() + at, moves.begin() + at + 1);
      std::rotate(scores.begin(), scores.begin() + at, scores.begin() + at + 1);
    }
    if (!stopped() && improved)
      tt_.store(key, k_.move_key(moves[0]), to_table(best, 0), 0, depth, best >= beta ? Bound::Lower : Bound::Exact);
    flush_nodes();
    return best;
  }

  std::span<const Move> pv() const { return {pv_[0].data(), static_cast<std::size_t>(pv_length_[0])}; }

 private:
  static constexpr int kMaxHistory = 1024;

  // Enters a child: records its key for the repetition rule (and restarts the comparison
  // window after an irreversible move).
  int child_search(const Position& child, bool irreversible, int alpha, int beta, int depth, int ply, bool pv) {
    const int saved_from = repetition_from_;
    if (irreversible) repetition_from_ = key_count_;
    const int score = search(child, alpha, beta, depth, ply, pv, true);
    repetition_from_ = saved_from;
    return score;
  }
  int child_qsearch(const Position& child, bool irreversible, int alpha, int beta, int ply, int qply) {
    const int saved_from = repetition_from_;
    if (irreversible) repetition_from_ = key_count_;
    const int score = qsearch(child, alpha, beta, ply, qply);
    repetition_from_ = saved_from;
    return score;
  }

  bool repeated(std::uint64_t key) const {
    for (int i = key_count_ - 1; i >= repetition_from_; --i)
      if (keys_[i] == key) return true;
    return false;
  }

  void count_node() {
    ++nodes_;
    if (++unreported_ >= 1024) {
      flush_nodes();
      if (Clock::now() >= control_.deadline || control_.nodes.load(std::memory_order_relaxed) >= control_.max_nodes ||
          (control_.external_stop && control_.external_stop->load(std::memory_order_relaxed)))
        control_.stop.store(true, std::memory_order_relaxed);
    }
  }
  void flush_nodes() {
    control_.nodes.fetch_add(unreported_, std::memory_order_relaxed);
    unreported_ = 0;
  }

  void update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
  }

  int& history_of(int side, int move_key) { return history_[side * K::kMoveKeys + move_key]; }
  void reward(int side, int move_key, int bonus) {
    int& h = history_of(side, move_key);
    h += bonus - h * std::abs(bonus) / 16384;
  }

  // What every node of search() and qsearch() does first: counts itself, and ends at once
  // when the search is stopped or the position repeats. Sets key, p's hash.
  std::optional<int> enter(const Position& p, int ply, std::uint64_t& key) {
    pv_length_[ply] = ply;
    count_node();
    if (stopped()) return 0;
    seldepth_ = std::max(seldepth_, ply);
    key = k_.hash(p);
    if (repeated(key)) return options_.draw_score;
    return std::nullopt;
  }
  // The score of a node whose result inspect() sees without a search, if it is one.
  static std::optional<int> known_score(NodeKind kind, int ply) {
    switch (kind) {
      case NodeKind::Lost: return mated_in(ply);
      case NodeKind::WinNow: return mate_in(ply + 1);
      case NodeKind::LostSoon: return mated_in(ply + 2);
      default: return std::nullopt;
    }
  }

  int search(const Position& p, int alpha, int beta, int depth, int ply, bool pv, bool null_allowed) {
    std::uint64_t key = 0;  // set by enter()
    if (const auto settled = enter(p, ply, key)) return *settled;
    const auto info = k_.inspect(p);
    const NodeKind kind = static_cast<NodeKind>(info.kind);
    if (const auto known = known_score(kind, ply)) return *known;
    if (ply >= kMaxPly - 2) return k_.evaluate(p);
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;
    if (auto o = oracle_(p)) return score_of(*o, ply);
    // The reply to a threat is forced: searching it costs little and shows the threat's end.
    if (kind == NodeKind::Forced && ply < 2 * kMaxPly / 3) ++depth;
    if (depth <= 0) return qsearch(p, alpha, beta, ply, 0);

    int table_move = -1, eval = 0;
    bool have_eval = false;
    if (const auto hit = tt_.probe(key)) {
      table_move = hit->move_key;
      const int s = from_table(hit->score, ply);
      if (!pv && hit->depth >= depth &&
          (hit->bound == Bound::Exact || (hit->bound == Bound::Lower && s >= beta) ||
           (hit->bound == Bound::Upper && s <= alpha)))
        return s;
      if (kind == NodeKind::Normal && hit->bound != Bound::None) {
        eval = hit->eval;
        have_eval = true;
      }
    }
    const int side = k_.side(p);
    if (kind == NodeKind::Normal) {
      if (!have_eval) eval = k_.evaluate(p);
      if (!pv && !decisive(beta) && !decisive(alpha)) {
        // Far above beta at low depth: the opponent will not allow this line.
        if (options_.futility && depth <= 3 && eval - 150 * depth >= beta) return eval;
        if (options_.null_move && null_allowed && depth >= 3 && eval >= beta) {
          const int r = 2 + depth / 4;
          const Position passed = k_.pass(p);
          keys_[key_count_++] = key;
          const int s = -search(passed, -beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
          --key_count_;
          if (stopped()) return 0;
          if (s >= beta) return decisive(s) ? beta : s;
        }
      }
    }

    List& moves = lists_[ply];
    moves.clear();
    k_.generate(p, info, moves);
    if (moves.empty()) {
      if (kind == NodeKind::Forced && k_.has_moves(p)) return mated_in(ply + 2);
      return mated_in(ply);
    }
    const auto& killers = killers_[ply];
    for (int i = 0; i < moves.size(); ++i) {
      auto& m = moves[i];
      const int mk = k_.move_key(m.move);
      if (mk == table_move) m.score = 1 << 30;
      else if (!(m.flags & kTactical)) {
        if (mk == killers[0]) m.score += 90'000;
        else if (mk == killers[1]) m.score += 80'000;
        else m.score += history_of(side, mk);
      }
    }

    const int original_alpha = alpha;
    int best = -kInfinite, best_key = -1;
    bool skipped = false;
    std::array<int, 64> tried_quiets{};
    int quiet_count = 0;
    keys_[key_count_++] = key;
    for (int i = 0; i < moves.size(); ++i) {
      const auto& entry = moves.pick(i);
      const int mk = k_.move_key(entry.move);
      const bool quiet = !(entry.flags & kTactical) && mk != killers[0] && mk != killers[1] && mk != table_move;
      // Futility: at the frontier, quiet moves cannot lift a hopeless static score.
      if (options_.futility && kind == NodeKind::Normal && !pv && quiet && i > 0 && depth <= 2 &&
          !decisive(alpha) && eval + 120 + 160 * depth <= alpha) {
        skipped = true;
        continue;
      }
      const Position child = k_.play(p, entry.move);
      const bool reset = k_.irreversible(p, child);
      int score;
      if (i == 0) {
        score = -child_search(child, reset, -beta, -alpha, depth - 1, ply + 1, pv);
      } else {
        int r = 0;
        if (options_.late_move_reductions && depth >= 3 && i >= (pv ? 4 : 2) && quiet && kind == NodeKind::Normal) {
          r = reduction_[std::min(depth, 63)][std::min(i, 63)] - (pv ? 1 : 0);
          r = std::clamp(r, 0, depth - 2);
        }
        score = -child_search(child, reset, -alpha - 1, -alpha, depth - 1 - r, ply + 1, false);
        if (score > alpha && r > 0 && !stopped())
          score = -child_search(child, reset, -alpha - 1, -alpha, depth - 1, ply + 1, false);
        if (score > alpha && score < beta && pv && !stopped())
          score = -child_search(child, reset, -beta, -alpha, depth - 1, ply + 1, true);
      }
      if (stopped()) {
        --key_count_;
        return 0;
      }
      if (score > best) {
        best = score;
        best_key = mk;
        if (score > alpha) {
          alpha = score;
          if (pv) update_pv(ply, entry.move);
          if (alpha >= beta) {
            if (!(entry.flags & kTactical)) {
              if (killers[0] != mk) killers_[ply] = {mk, killers[0]};
              const int bonus = std::min(depth * depth * 16, 8000);
              reward(side, mk, bonus);
              for (int q = 0; q < quiet_count; ++q) reward(side, tried_quiets[q], -bonus);
            }
            break;
          }
        }
      }
      if (!(entry.flags & kTactical) && quiet_count < 64) tried_quiets[quiet_count++] = mk;
    }
    --key_count_;
    // A node that skipped moves proves nothing: no forced loss is claimed from it.
    if (skipped && best < alpha) best = std::max(best, original_alpha);
    if (skipped && best < -kDecisive) best = original_alpha;
    const Bound bound = best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
    tt_.store(key, best_key, to_table(best, ply), kind == NodeKind::Normal ? eval : 0, depth, bound);
    return best;
  }

  int qsearch(const Position& p, int alpha, int beta, int ply, int qply) {
    std::uint64_t key = 0;  // set by enter()
    if (const auto settled = enter(p, ply, key)) return *settled;
    const auto info = k_.inspect(p);
    const NodeKind kind = static_cast<NodeKind>(info.kind);
    if (const auto known = known_score(kind, ply)) return *known;
    if (auto o = oracle_(p)) return score_of(*o, ply);
    if (!k_.has_moves(p)) return mated_in(ply);
    if (ply >= kMaxPly - 2) return k_.evaluate(p);

    int best = -kInfinite;
    if (kind == NodeKind::Normal) {
      best = k_.evaluate(p);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    if (qply >= options_.quiescence_plies) return kind == NodeKind::Normal ? best : k_.evaluate(p);

    List& moves = lists_[ply];
    moves.clear();
    k_.generate_noisy(p, info, moves);
    if (moves.empty()) {
      if (kind == NodeKind::Normal) return best;
      if (kind == NodeKind::Forced) return mated_in(ply + 2);
      // Threatened with no parry listed: every move is tried (a rare position; a move that
      // leaves the opponent without moves also wins).
      k_.generate_all(p, moves);
    }
    keys_[key_count_++] = key;
    for (int i = 0; i < moves.size(); ++i) {
      const auto& entry = moves.pick(i);
      const Position child = k_.play(p, entry.move);
      const int score = -child_qsearch(child, k_.irreversible(p, child), -beta, -alpha, ply + 1, qply + 1);
      if (stopped()) {
        --key_count_;
        return 0;
      }
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    --key_count_;
    return best;
  }

  const K& k_;
  const Oracle& oracle_;
  TranspositionTable& tt_;
  SearchControl& control_;
  SearchOptions options_;
  std::vector<List> lists_;
  std::vector<int> history_;
  std::array<std::array<int, 2>, kMaxPly + 1> killers_{};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 2> pv_length_{};
  std::array<std::array<int, 64>, 64> reduction_{};
  std::vector<std::uint64_t> keys_;
  int key_count_ = 0;
  int repetition_from_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t unreported_ = 0;
  int seldepth_ = 0;
};

}  // namespace zz::search
