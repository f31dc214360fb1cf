#pragma once
// The proof half of `analyze`: does either side force a win within N plies, for growing N,
// and then each move's forced result, by the depth-first prover
// (solver/search/depth_first_proof.hpp: measured faster than df-pn on every question the
// analysis asks, docs/engine.md). One prover, one table, serves every question of one
// analysis: what the root's horizons proved answers most of the moves' questions at once.
//
// A game whose proof binding promises `wins_only_on_own_moves()` (a move never ends the game
// in its own mover's loss: Tablut) asks one question per horizon, of the side that moves at
// that ply; the other side's answer carries over from the horizon before. Other games ask
// both sides at every horizon.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "solver/search/depth_first_proof.hpp"
#include "solver/search/dfpn.hpp"
#include "solver/move_list.hpp"

namespace zz::api {

// What the proofs established for one side as the attacker, at the root.
struct SideProof {
  int plies = 0;                   // the largest horizon asked
  ProofStatus status = ProofStatus::Unknown;
  std::uint64_t nodes = 0;
  int disproven_up_to = -1;        // no forced win within this many plies (-1: not shown)
  std::optional<int> proven_at;    // a forced win within this many plies, and not within one less
  int proving_move = -1;           // with the attacker to move: the index of a winning move
};

// One move's forced result within `plies` after it, for the player who makes it.
struct MoveVerdict {
  std::string result = "unknown";  // win, loss, none (within plies), draw (the game ends drawn), unknown
  int plies = 0;
};

struct LadderLimits {
  std::optional<int> max_plies;  // a fixed horizon instead of a deadline
  std::chrono::steady_clock::time_point root_deadline = std::chrono::steady_clock::time_point::max();
  std::chrono::steady_clock::time_point moves_deadline = std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* stop = nullptr;
  std::uint64_t root_nodes = std::numeric_limits<std::uint64_t>::max() / 2;  // all the root's horizons
  std::uint64_t move_question_nodes = 2'000'000;  // one hard move must not starve the others
};

// Prover: DepthFirstProver (the analysis') or DfpnProver (tools/bench/search/bench_provers
// measures the two on the analysis' own questions).
template <Hashable G, class Oracle, template <class, class> class Prover = DepthFirstProver>
class ProofLadder {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  // After every step: which side (true: the side to move at the root) and horizon, and the
  // nodes of the whole ladder so far.
  using Step = std::function<void(bool mover, int horizon, std::uint64_t nodes)>;

  ProofLadder(const G& game, const Oracle& oracle, int table_bits)
      : game_(game), prover_(game, oracle, prover_limits(table_bits)), table_bits_(table_bits) {}

  // Horizons 1, 2, 3, ... from p (a position neither the rules nor the tables settle) until
  // the limits end them or a win is proven.
  // The prover's table stays: what it proved for earlier roots holds for this one.
  void prove_root(const Position& p, const LadderLimits& limits, const Step& step) {
    mover_ = other_ = SideProof{};
    DfpnLimits l = prover_limits(table_bits_);
    l.deadline = limits.root_deadline;
    l.stop = limits.stop;
    l.progress = [&](const ProofProgress& progress) {
      if (step) step(asking_mover_, asking_horizon_, nodes_ + progress.nodes);
    };
    std::uint64_t spent = 0;
    const int last = limits.max_plies.value_or(std::numeric_limits<int>::max() / 2);
    for (int n = 1; n <= last; ++n) {
      bool open = false;
      for (bool mover : {true, false}) {
        SideProof& side = mover ? mover_ : other_;
        if (side.status == ProofStatus::Proven || side.plies >= n) continue;
        if (std::max(side.disproven_up_to, 0) < n - 1) continue;  // stuck at a shorter horizon
        if (wins_only_on_own_moves() && moves_at(mover, n) == false) {
          // It cannot win on the opponent's move: no win within n - 1 is none within n.
          side.plies = n;
          side.disproven_up_to = n;
          side.status = ProofStatus::Disproven;
          open = true;
          continue;
        }
        asking_mover_ = mover;
        asking_horizon_ = n;
        l.max_nodes = limits.root_nodes - std::min(spent, limits.root_nodes);
        prover_.set_limits(l);
        const ProofResult r = prover_.prove(p, mover, n);
        spent += r.nodes;
        nodes_ += r.nodes;
        side.nodes += r.nodes;
        if (r.status == ProofStatus::Unknown) {
          if (limits.max_plies) side.plies = n;  // a fixed horizon: say where it ran out
          break;
        }
        side.plies = n;
        side.status = r.status;
        if (r.status == ProofStatus::Proven) {
          side.proven_at = n;
          side.proving_move = r.proving_move;
        } else {
          side.disproven_up_to = n;
          open = true;
        }
        if (step) step(mover, n, nodes_);
      }
      if (!open || stopped(limits.root_deadline, limits.stop)) break;
      if (mover_.status == ProofStatus::Proven || other_.status == ProofStatus::Proven) break;
    }
  }

  const SideProof& side(bool mover) const { return mover ? mover_ : other_; }

  // No forced win for either side within this many plies (proven), or nullopt.
  std::optional<int> unforced_within() const {
    const int n = std::min(mover_.disproven_up_to, other_.disproven_up_to);
    if (n < 1) return std::nullopt;
    return n;
  }

  // Each move's forced result, horizons 1, 2, ... up to `max_plies` after it, in the order
  // `first` lists (the moves the search likes best: their lines show their proofs first).
  // Returns one verdict per move in for_each_move order.
  std::vector<MoveVerdict> prove_moves(const Position& p, int max_plies, const std::vector<std::size_t>& first,
                                       const LadderLimits& limits, const Step& step) {
    std::vector<Position> children;
    for (const Move& m : move_list(game_, p)) children.push_back(game_.play(p, m));
    std::vector<MoveVerdict> verdicts(children.size());
    std::vector<std::size_t> order = first;
    for (std::size_t i = 0; i < children.size(); ++i)
      if (std::find(order.begin(), order.end(), i) == order.end()) order.push_back(i);
    DfpnLimits l = prover_limits(table_bits_);
    l.deadline = limits.moves_deadline;
    l.stop = limits.stop;
    l.max_nodes = limits.move_question_nodes;
    prover_.set_limits(l);
    std::vector<bool> settled(children.size(), false);
    for (std::size_t i = 0; i < children.size(); ++i) {
      // A move that ends the game: its result, 0 plies after it.
      if (const auto over = game_.outcome(children[i])) {
        verdicts[i] = {over->value == Value::Loss ? "win" : over->value == Value::Win ? "loss" : "draw", 0};
        settled[i] = true;
      }
    }
    for (int h = 1; h <= max_plies; ++h) {
      for (std::size_t i : order) {
        if (settled[i]) continue;
        if (stopped(limits.moves_deadline, limits.stop)) return verdicts;
        // At the child the opponent moves: the mover attacks from the side not to move.
        const ProofResult win = prover_.prove(children[i], false, h);
        nodes_ += win.nodes;
        if (win.status == ProofStatus::Proven) {
          verdicts[i] = {"win", h};
          settled[i] = true;
          continue;
        }
        const ProofResult loss = prover_.prove(children[i], true, h);
        nodes_ += loss.nodes;
        if (loss.status == ProofStatus::Proven) {
          verdicts[i] = {"loss", h};
          settled[i] = true;
        } else if (win.status == ProofStatus::Disproven && loss.status == ProofStatus::Disproven) {
          verdicts[i] = {"none", h};
        } else {
          settled[i] = true;  // out of budget at this horizon: deeper ones cost more
        }
      }
      if (step) step(true, h, nodes_);
    }
    return verdicts;
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  static DfpnLimits prover_limits(int table_bits) {
    DfpnLimits l;
    l.table_bits = table_bits;
    l.max_nodes = std::numeric_limits<std::uint64_t>::max() / 2;
    return l;
  }
  bool wins_only_on_own_moves() const {
    if constexpr (requires { { G::wins_only_on_own_moves() } -> std::convertible_to<bool>; })
      return G::wins_only_on_own_moves();
    return false;
  }
  // Whether the side (the root's mover, or the other) moves at ply n from the root.
  static bool moves_at(bool mover, int n) { return mover == (n % 2 == 1); }
  static bool stopped(std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* stop) {
    return std::chrono::steady_clock::now() > deadline || (stop && stop->load());
  }

  const G& game_;
  Prover<G, Oracle> prover_;
  int table_bits_;
  SideProof mover_, other_;
  std::uint64_t nodes_ = 0;
  bool asking_mover_ = true;
  int asking_horizon_ = 0;
};

}  // namespace zz::api
