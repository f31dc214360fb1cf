#pragma once
// Depth-first proof-number search (df-pn, Nagai 2002) for one question: does the attacker
// force a win within N plies? Nodes where the attacker moves are OR nodes, the others AND
// nodes; a node's proof number is the least number of leaves still to prove, its disproof
// number the least still to disprove. A transposition table keyed by (position, plies left)
// keeps the numbers; solved tables, when an oracle has them, answer exactly.
//
// The repetition draw plays no part: along a winning line that keeps to the fastest win
// the distance to the win falls with every ply, so no position repeats, and a win within N
// with repetitions ignored is a win under the rule (for a position with no prior history).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include "core/common/hash.hpp"
#include "solver/search/position_hash.hpp"

namespace zz {

enum class ProofStatus { Proven, Disproven, Unknown };

struct ProofResult {
  ProofStatus status = ProofStatus::Unknown;
  std::uint64_t nodes = 0;
  // The root itself was settled (a finished game, or a table knows it): any horizon gives
  // the same answer.
  bool settled_root = false;
};

struct ProofProgress {
  std::uint64_t proof = 0, disproof = 0;  // the root's numbers as last computed
  std::uint64_t nodes = 0;
};

struct DfpnLimits {
  std::uint64_t max_nodes = 50'000'000;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  int table_bits = 22;  // transposition table of 2^bits entries
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop the search
  // Called every 2^16 nodes from the searching thread.
  std::function<void(const ProofProgress&)> progress;
};

template <Hashable G, class Oracle>
class DfpnProver {
  using Position = typename G::Position;
  using Number = std::uint32_t;
  static constexpr Number kInfinity = std::numeric_limits<Number>::max();

 public:
  DfpnProver(const G& game, const Oracle& oracle, const DfpnLimits& limits)
      : game_(game), oracle_(oracle), limits_(limits), table_(std::size_t{1} << std::max(limits.table_bits, 2)) {}

  // Does the side to move at `root` (attacker_moves) or its opponent force a win within
  // `plies` plies?
  ProofResult prove(const Position& root, bool attacker_moves, int plies) {
    nodes_ = 0;
    stopped_ = false;
    root_ = {1, 1};
    if (auto done = settled(root, attacker_moves, plies)) {
      // Settled for every horizon, unless the attacker does win, only later than `plies`.
      bool every_horizon = plies > 0;
      if (!*done && !game_.outcome(root))
        if (auto o = oracle_(root)) every_horizon = o->value != (attacker_moves ? Value::Win : Value::Loss);
      return {*done ? ProofStatus::Proven : ProofStatus::Disproven, 1, every_horizon};
    }
    frames_.resize(static_cast<std::size_t>(plies) + 1);
    Numbers n{1, 1};
    while (n.proof != 0 && n.disproof != 0 && !stopped_) {
      search(root, attacker_moves, plies, 0, kInfinity - 1, kInfinity - 1);
      n = lookup(key(root, attacker_moves, plies));
    }
    const ProofStatus status = n.proof == 0 ? ProofStatus::Proven : n.disproof == 0 ? ProofStatus::Disproven
                                                                                    : ProofStatus::Unknown;
    return {status, nodes_};
  }

 private:
  struct Numbers {
    Number proof, disproof;
  };
  static constexpr int kWays = 4;
  struct Entry {
    std::uint64_t key = 0;
    Numbers numbers{1, 1};
    std::uint64_t work = 0;  // nodes searched below this entry
  };
  struct Child {
    Position position;
    std::uint64_t key;
    bool settled;     // won or lost already: its numbers are below, not in the table
    Numbers numbers;  // for a settled child
  };

  static Number add(Number a, Number b) { return a >= kInfinity - b ? kInfinity : a + b; }
  static Number sub(Number a, Number b) { return a == kInfinity ? kInfinity : (a > b ? a - b : 0); }

  bool out_of_time() const {
    return std::chrono::steady_clock::now() > limits_.deadline ||
           (limits_.stop && limits_.stop->load(std::memory_order_relaxed));
  }

  std::uint64_t key(const Position& p, bool attacker_moves, int plies) const {
    return hash_combine(position_hash(game_, p), static_cast<std::uint64_t>(plies) << 1 | attacker_moves) | 1;
  }
  // Four-way buckets: a new entry evicts the one that cost least to compute, so that the
  // numbers of large subtrees survive and solved entries (cheap to redo) go first.
  Entry* find(std::uint64_t k) {
    Entry* bucket = &table_[(k & (table_.size() / kWays - 1)) * kWays];
    for (int w = 0; w < kWays; ++w)
      if (bucket[w].key == k) return &bucket[w];
    return nullptr;
  }
  Numbers lookup(std::uint64_t k) {
    const Entry* e = find(k);
    return e ? e->numbers : Numbers{1, 1};
  }
  void store(std::uint64_t k, Numbers n, std::uint64_t work = 0) {
    Entry* e = find(k);
    if (!e) {
      Entry* bucket = &table_[(k & (table_.size() / kWays - 1)) * kWays];
      e = &bucket[0];
      for (int w = 1; w < kWays; ++w)
        if (bucket[w].work < e->work) e = &bucket[w];
    }
    *e = {k, n, work};
  }

  // true: the attacker has won; false: it cannot win any more; nullopt: still open.
  std::optional<bool> settled(const Position& p, bool attacker_moves, int plies) const {
    if (auto o = game_.outcome(p)) return attacker_moves ? o->value == Value::Win : o->value == Value::Loss;
    if (auto o = oracle_(p)) {
      const bool attacker_wins = attacker_moves ? o->value == Value::Win : o->value == Value::Loss;
      return attacker_wins && o->remoteness <= plies;
    }
    if (plies == 0) return false;
    return std::nullopt;
  }

  void search(const Position& p, bool attacker_moves, int plies, std::size_t depth, Number proof_limit,
              Number disproof_limit) {
    const std::uint64_t nodes_before = nodes_;
    if (++nodes_ >= limits_.max_nodes || ((nodes_ & 1023) == 0 && out_of_time())) {
      stopped_ = true;
      return;
    }
    if ((nodes_ & 0xFFFF) == 0 && limits_.progress) limits_.progress({root_.proof, root_.disproof, nodes_});
    const std::uint64_t self = key(p, attacker_moves, plies);
    // A settled child is normally never entered, unless its entry was evicted.
    if (auto done = settled(p, attacker_moves, plies)) {
      store(self, *done ? Numbers{0, kInfinity} : Numbers{kInfinity, 0});
      return;
    }
    std::vector<Child>& children = frames_[depth];
    children.clear();
    game_.for_each_move(p, [&](const auto& m) {
      const Position c = game_.play(p, m);
      // Settled children stay out of the table: a node with many of them would otherwise
      // evict its own children's entries while it counts them.
      const auto done = settled(c, !attacker_moves, plies - 1);
      const Numbers fixed = done && *done ? Numbers{0, kInfinity} : Numbers{kInfinity, 0};
      children.push_back({c, key(c, !attacker_moves, plies - 1), done.has_value(), fixed});
    });
    if (children.empty()) {
      store(self, {kInfinity, 0}, 1);
      return;
    }
    for (;;) {
      // At an OR node the attacker picks: proof = least child proof, disproof = sum; an AND
      // node is the mirror image. `best` is the child with the least of the picking number.
      Number proof = attacker_moves ? kInfinity : 0, disproof = attacker_moves ? 0 : kInfinity;
      Number best_pick = kInfinity, second_pick = kInfinity;
      std::size_t best = 0;
      for (std::size_t i = 0; i < children.size(); ++i) {
        const Numbers n = children[i].settled ? children[i].numbers : lookup(children[i].key);
        const Number pick = attacker_moves ? n.proof : n.disproof;
        if (attacker_moves) {
          proof = std::min(proof, n.proof);
          disproof = add(disproof, n.disproof);
        } else {
          proof = add(proof, n.proof);
          disproof = std::min(disproof, n.disproof);
        }
        if (pick < best_pick) {
          second_pick = best_pick;
          best_pick = pick;
          best = i;
        } else if (pick < second_pick) {
          second_pick = pick;
        }
      }
      if (depth == 0) root_ = {proof, disproof};
      if (proof >= proof_limit || disproof >= disproof_limit || stopped_) {
        store(self, {proof, disproof}, nodes_ - nodes_before);
        return;
      }
      const Numbers b = children[best].settled ? children[best].numbers : lookup(children[best].key);
      Number child_proof, child_disproof;
      if (attacker_moves) {
        child_proof = std::min(proof_limit, add(second_pick, 1));
        child_disproof = add(sub(disproof_limit, disproof), b.disproof);
      } else {
        child_disproof = std::min(disproof_limit, add(second_pick, 1));
        child_proof = add(sub(proof_limit, proof), b.proof);
      }
      // The child's frame is reused by the recursion; copy what this frame needs.
      const Position next = children[best].position;
      search(next, !attacker_moves, plies - 1, depth + 1, child_proof, child_disproof);
    }
  }

  const G& game_;
  const Oracle& oracle_;
  DfpnLimits limits_;
  std::vector<Entry> table_;
  std::vector<std::vector<Child>> frames_;  // one move list per depth, reused
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  Numbers root_{1, 1};
};

}  // namespace zz
