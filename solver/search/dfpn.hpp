#pragma once
// Depth-first proof-number search (df-pn, Nagai 2002) for one question: does the attacker
// force a win within N plies? Nodes where the attacker moves are OR nodes, the others AND
// nodes; a node's proof number is the least number of leaves still to prove, its disproof
// number the least still to disprove. A transposition table keeps the numbers; solved
// tables, when an oracle has them, answer exactly.
//
// The table is shared across horizons: an entry is keyed by the position and the attacker,
// and remembers the shortest horizon at which the attacker's win is proven and the longest at
// which it is disproven (a win within n is a win within every longer horizon, no win within n
// means none within a shorter one), beside the working numbers of the horizon last searched.
// Iterating horizons 1, 2, 3, ... therefore re-proves nothing.
//
// A game may add a hook `forced_within(p, attacker_moves, plies)` returning optional<bool>:
// a verdict its own knowledge gives without expanding the node (Tablut: an escape or a king
// capture available at once, two open roads that cannot both be blocked, no win possible
// within two plies); nullopt when it does not know.
//
// The repetition draw plays no part: along a winning line that keeps to the fastest win
// the distance to the win falls with every ply, so no position repeats, and a win within N
// with repetitions ignored is a win under the rule (for a position with no prior history).
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include "solver/search/position_hash.hpp"
#include "solver/search/proof_leaf.hpp"
#include "solver/search/proof_table.hpp"

namespace zz {

enum class ProofStatus { Proven, Disproven, Unknown };

struct ProofResult {
  ProofStatus status = ProofStatus::Unknown;
  std::uint64_t nodes = 0;
  // The root itself was settled (a finished game, or a table knows it): any horizon gives
  // the same answer.
  bool settled_root = false;
  // When the attacker moves at the root and its win is proven: the index, in the order of
  // for_each_move, of a move that keeps the win within the horizon (-1 otherwise).
  int proving_move = -1;
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

  // The deadline has passed or another thread asked for a stop.
  bool out_of_time() const {
    return std::chrono::steady_clock::now() > deadline || (stop && stop->load(std::memory_order_relaxed));
  }
};

template <Hashable G, class Oracle>
class DfpnProver {
  using Position = typename G::Position;
  using Number = std::uint32_t;
  static constexpr Number kInfinity = std::numeric_limits<Number>::max();

 public:
  DfpnProver(const G& game, const Oracle& oracle, const DfpnLimits& limits)
      : game_(game), oracle_(oracle), limits_(limits), table_(limits.table_bits) {}

  // New limits for the next searches; the table and what it knows stay (a prover kept across
  // the moves of a game reuses its proofs and allocates nothing more).
  void set_limits(const DfpnLimits& limits) { limits_ = limits; }

  // Does the side to move at `root` (attacker_moves) or its opponent force a win within
  // `plies` plies?
  ProofResult prove(const Position& root, bool attacker_moves, int plies) {
    nodes_ = 0;
    stopped_ = false;
    root_ = {1, 1};
    if (auto done = settled(root, attacker_moves, plies)) {
      // Settled for every horizon, unless the attacker does win, only later than `plies`.
      bool every_horizon = plies > 0;
      const bool over = game_.outcome(root).has_value();
      if (!over) {
        if (auto o = oracle_(root)) {
          if (!*done) every_horizon = o->value != (attacker_moves ? Value::Win : Value::Loss);
        } else {
          // The game's own quick verdict: a win holds for longer horizons, "no win" may not.
          every_horizon = *done;
        }
      }
      ProofResult result{*done ? ProofStatus::Proven : ProofStatus::Disproven, 1, every_horizon};
      if (*done && attacker_moves && !over) result.proving_move = proving_move(root, plies);
      return result;
    }
    frames_.resize(static_cast<std::size_t>(plies) + 1);
    Numbers n{1, 1};
    while (n.proof != 0 && n.disproof != 0 && !stopped_) {
      search(root, attacker_moves, plies, 0, kInfinity - 1, kInfinity - 1);
      n = lookup(key(root, attacker_moves), plies);
    }
    const ProofStatus status = n.proof == 0 ? ProofStatus::Proven : n.disproof == 0 ? ProofStatus::Disproven
                                                                                    : ProofStatus::Unknown;
    ProofResult result{status, nodes_};
    if (status == ProofStatus::Proven && attacker_moves) result.proving_move = proving_move(root, plies);
    return result;
  }

  // The index of a move of `p` (attacker to move) whose child is a proven win within plies - 1,
  // or -1. Meaningful right after prove(p, true, plies) found the win.
  int proving_move(const Position& p, int plies) {
    int index = 0, found = -1;
    game_.for_each_move(p, [&](const auto& m) {
      if (found < 0) {
        const Position c = game_.play(p, m);
        const auto done = settled(c, false, plies - 1);
        if (done ? *done : lookup(c, false, plies - 1).proof == 0) found = index;
      }
      ++index;
    });
    return found;
  }

 private:
  struct Numbers {
    Number proof, disproof;
  };
  static constexpr int kWays = kProofBucketWays;
  static constexpr std::uint16_t kNever = 0xFFFF;
  // One position and attacker, every horizon: the horizons already settled, and the numbers
  // of the horizon `plies` being searched.
  struct Entry {
    std::uint64_t key = 0;
    Numbers numbers{1, 1};
    // log2 of the nodes searched below this entry (bit width): the order of magnitude is all
    // eviction needs, and 16 bits keep the entry at 24 bytes, the size of the table before it
    // was shared across horizons.
    std::uint16_t work = 0;
    std::uint16_t plies = kNever;        // the horizon `numbers` belong to
    std::uint16_t proven_at = kNever;    // the attacker wins within this many plies (or more)
    std::uint16_t disproven_to = kNever; // ... and not within this many (or fewer); kNever: none
  };
  static_assert(sizeof(Entry) == 24);
  struct Child {
    Position position;
    std::uint64_t key;
    bool settled;     // won or lost already: its numbers are below, not in the table
    Numbers numbers;  // for a settled child
  };

  static Number add(Number a, Number b) { return a >= kInfinity - b ? kInfinity : a + b; }
  static Number sub(Number a, Number b) { return a == kInfinity ? kInfinity : (a > b ? a - b : 0); }

  std::uint64_t key(const Position& p, bool attacker_moves) const { return proof_key(game_, p, attacker_moves); }
  Entry* find(std::uint64_t k) { return table_.find(k); }
  static Numbers numbers_at(const Entry& e, int plies) {
    if (e.proven_at != kNever && plies >= e.proven_at) return {0, kInfinity};
    if (e.disproven_to != kNever && plies <= e.disproven_to) return {kInfinity, 0};
    if (e.plies == plies) return e.numbers;
    return {1, 1};
  }
  Numbers lookup(std::uint64_t k, int plies) {
    const Entry* e = find(k);
    return e ? numbers_at(*e, plies) : Numbers{1, 1};
  }
  Numbers lookup(const Position& p, bool attacker_moves, int plies) { return lookup(key(p, attacker_moves), plies); }
  // Four-way buckets: a new entry evicts the one that cost least to compute, so that the
  // numbers of large subtrees survive and solved entries (cheap to redo) go first.
  void store(std::uint64_t k, int plies, Numbers n, std::uint64_t work = 0) {
    Entry* e = find(k);
    if (!e) {
      Entry* bucket = table_.bucket(k);
      e = &bucket[0];
      for (int w = 1; w < kWays; ++w)
        if (bucket[w].work < e->work) e = &bucket[w];
      *e = Entry{};
      e->key = k;
    }
    const auto h = static_cast<std::uint16_t>(std::min(plies, 0xFFFE));
    e->work = std::max(e->work, static_cast<std::uint16_t>(std::bit_width(work)));
    if (n.proof == 0) {
      if (e->proven_at == kNever || h < e->proven_at) e->proven_at = h;
    } else if (n.disproof == 0) {
      if (e->disproven_to == kNever || h > e->disproven_to) e->disproven_to = h;
    } else {
      e->plies = h;
      e->numbers = n;
    }
  }

  // true: the attacker has won; false: it cannot win any more; nullopt: still open.
  std::optional<bool> settled(const Position& p, bool attacker_moves, int plies) const {
    return proof_leaf(game_, oracle_, p, attacker_moves, plies);
  }

  void search(const Position& p, bool attacker_moves, int plies, std::size_t depth, Number proof_limit,
              Number disproof_limit) {
    const std::uint64_t nodes_before = nodes_;
    if (++nodes_ >= limits_.max_nodes || ((nodes_ & 15) == 0 && limits_.out_of_time())) {
      stopped_ = true;
      return;
    }
    if ((nodes_ & 0xFFFF) == 0 && limits_.progress) limits_.progress({root_.proof, root_.disproof, nodes_});
    const std::uint64_t self = key(p, attacker_moves);
    // A settled child is normally never entered, unless its entry was evicted.
    if (auto done = settled(p, attacker_moves, plies)) {
      store(self, plies, *done ? Numbers{0, kInfinity} : Numbers{kInfinity, 0});
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
      children.push_back({c, key(c, !attacker_moves), done.has_value(), fixed});
    });
    if (children.empty()) {
      store(self, plies, {kInfinity, 0}, 1);
      return;
    }
    for (;;) {
      // At an OR node the attacker picks: proof = least child proof, disproof = sum; an AND
      // node is the mirror image. `best` is the child with the least of the picking number.
      Number proof = attacker_moves ? kInfinity : 0, disproof = attacker_moves ? 0 : kInfinity;
      Number best_pick = kInfinity, second_pick = kInfinity;
      std::size_t best = 0;
      for (std::size_t i = 0; i < children.size(); ++i) {
        const Numbers n = children[i].settled ? children[i].numbers : lookup(children[i].key, plies - 1);
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
        store(self, plies, {proof, disproof}, nodes_ - nodes_before);
        return;
      }
      const Numbers b = children[best].settled ? children[best].numbers : lookup(children[best].key, plies - 1);
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
  ProofBuckets<Entry> table_;
  std::vector<std::vector<Child>> frames_;  // one move list per depth, reused
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  Numbers root_{1, 1};
};

}  // namespace zz
