#pragma once
// Depth-first proof search for the question df-pn answers (solver/search/dfpn.hpp): does the
// attacker force a win within N plies? Exact like it, for the case where df-pn's own way
// costs most: a disproof many plies deep. df-pn numbers every child of a node before it
// descends, so a defender's node costs all of its moves; a disproof needs one defender move
// per node, and the first one tried usually holds. Here, at the node of the side to move:
//   1. the move that decided this position at an earlier horizon (kept in the table),
//   2. then every child the quick verdict (proof_leaf.hpp) decides for the side to move,
//   3. then the other children in move order, searched in full;
// the first child that goes the mover's way decides; if none does, the node goes the other
// way. The table keeps, per position (mirror images share it when the game's hash does) and
// attacker, the shortest horizon at which the attacker's win is proven, the longest at which
// it is disproven (each holds for longer, resp. shorter horizons), and the deciding move, so
// iterating horizons 1, 2, 3, ... starts every node with the move that held last time.
// Repetitions play no part, for the reason dfpn.hpp gives.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/search/dfpn.hpp"
#include "solver/search/position_hash.hpp"
#include "solver/search/proof_leaf.hpp"
#include "solver/search/proof_table.hpp"

namespace zz {

template <Hashable G, class Oracle>
class DepthFirstProver {
  using Position = typename G::Position;

 public:
  // table_bits sizes the table (16-byte entries); limits.progress hears of the nodes every
  // 2^16 (proof and disproof numbers are 1: this prover keeps none).
  DepthFirstProver(const G& game, const Oracle& oracle, const DfpnLimits& limits)
      : game_(game), oracle_(oracle), limits_(limits), table_(limits.table_bits) {}

  // New limits for the next searches; the table and what it knows stay (table_bits is ignored).
  void set_limits(const DfpnLimits& limits) { limits_ = limits; }

  ProofResult prove(const Position& root, bool attacker_moves, int plies) {
    nodes_ = 0;
    stopped_ = false;
    if (auto done = proof_leaf(game_, oracle_, root, attacker_moves, plies))
      return {*done ? ProofStatus::Proven : ProofStatus::Disproven, 1, false};
    frames_.assign(static_cast<std::size_t>(plies) + 1, Frame{});
    const std::optional<bool> won = search(root, attacker_moves, plies, 0);
    ProofResult result{!won ? ProofStatus::Unknown : *won ? ProofStatus::Proven : ProofStatus::Disproven, nodes_};
    if (won && *won && attacker_moves) {
      const Entry* e = find(key(root, true));
      result.proving_move = e && e->move != kNoMove ? e->move : -1;
    }
    return result;
  }

 private:
  static constexpr std::uint16_t kNever = 0xFFFF;
  static constexpr std::uint8_t kNoMove = 0xFF;
  static constexpr int kWays = kProofBucketWays;
  struct Entry {
    std::uint64_t key = 0;
    std::uint16_t proven_at = kNever;     // the attacker wins within this many plies (or more)
    std::uint16_t disproven_to = kNever;  // ... and not within this many (or fewer)
    std::uint8_t move = kNoMove;          // the move that decided, in for_each_move order
  };
  static_assert(sizeof(Entry) == 16);
  // What the quick verdict says of a child.
  static constexpr std::int8_t kOpen = -1, kNoWin = 0, kWin = 1;
  // The children of a node, and the quick verdict on each.
  struct Frame {
    std::vector<Position> children;
    std::vector<std::int8_t> leaf;
  };

  std::uint64_t key(const Position& p, bool attacker_moves) const { return proof_key(game_, p, attacker_moves); }
  Entry* find(std::uint64_t k) { return table_.find(k); }
  // Four-way buckets: a new entry evicts the one settled at the shortest horizon, the
  // cheapest to settle again.
  void store(std::uint64_t k, int plies, bool won, std::uint8_t move) {
    Entry* e = find(k);
    if (!e) {
      Entry* bucket = table_.bucket(k);
      e = &bucket[0];
      auto reach = [](const Entry& x) {
        return std::max(x.proven_at == kNever ? 0 : x.proven_at, x.disproven_to == kNever ? 0 : x.disproven_to);
      };
      for (int w = 1; w < kWays; ++w)
        if (reach(bucket[w]) < reach(*e)) e = &bucket[w];
      *e = Entry{};
      e->key = k;
    }
    const auto h = static_cast<std::uint16_t>(std::min(plies, 0xFFFE));
    if (won) {
      if (e->proven_at == kNever || h < e->proven_at) e->proven_at = h;
    } else if (e->disproven_to == kNever || h > e->disproven_to) {
      e->disproven_to = h;
    }
    if (move != kNoMove) e->move = move;
  }

  // Whether the attacker wins within `plies` from p (whose verdict proof_leaf left open);
  // nullopt when the limits stopped the search.
  std::optional<bool> search(const Position& p, bool attacker_moves, int plies, std::size_t depth) {
    if (++nodes_ >= limits_.max_nodes || ((nodes_ & 1023) == 0 && limits_.out_of_time())) stopped_ = true;
    if ((nodes_ & 0xFFFF) == 0 && limits_.progress) limits_.progress({1, 1, nodes_});
    if (stopped_) return std::nullopt;
    const std::uint64_t self = key(p, attacker_moves);
    std::uint8_t remembered = kNoMove;
    if (const Entry* e = find(self)) {
      if (e->proven_at != kNever && plies >= e->proven_at) return true;
      if (e->disproven_to != kNever && plies <= e->disproven_to) return false;
      remembered = e->move;
    }
    Frame& f = frames_[depth];
    f.children.clear();
    game_.for_each_move(p, [&](const auto& m) { f.children.push_back(game_.play(p, m)); });
    const std::size_t n = f.children.size();
    if (n == 0) {  // as df-pn: a node without moves is no win
      store(self, plies, false, kNoMove);
      return false;
    }
    if (n > kNoMove) throw std::logic_error("more moves than the depth-first prover numbers");
    // The mover decides the node with a child whose verdict is `wanted`: the attacker with a
    // win, the defender with a child the attacker does not win.
    const bool wanted = attacker_moves;
    const auto decided = [&](std::size_t i) {
      store(self, plies, wanted, static_cast<std::uint8_t>(i));
      return wanted;
    };
    const auto descend = [&](std::size_t i) { return search(f.children[i], !attacker_moves, plies - 1, depth + 1); };
    const std::int8_t wanted_leaf = wanted ? kWin : kNoWin;
    f.leaf.assign(n, kOpen);
    const auto look = [&](std::size_t i) {
      if (auto v = proof_leaf(game_, oracle_, f.children[i], !attacker_moves, plies - 1)) f.leaf[i] = *v ? kWin : kNoWin;
    };
    // 1. The move that held last time, searched at once unless its verdict is quick.
    if (remembered < n) {
      look(remembered);
      if (f.leaf[remembered] == kOpen) {
        const auto r = descend(remembered);
        if (!r) return std::nullopt;
        if (*r == wanted) return decided(remembered);
      }
    }
    // 2. A child the quick verdict gives the mover.
    for (std::size_t i = 0; i < n; ++i) {
      if (i != remembered) look(i);
      if (f.leaf[i] == wanted_leaf) return decided(i);
    }
    // 3. The rest, searched in full.
    for (std::size_t i = 0; i < n; ++i) {
      if (f.leaf[i] != kOpen || i == remembered) continue;
      const auto r = descend(i);
      if (!r) return std::nullopt;
      if (*r == wanted) return decided(i);
    }
    store(self, plies, !wanted, kNoMove);
    return !wanted;
  }

  const G& game_;
  const Oracle& oracle_;
  DfpnLimits limits_;
  ProofBuckets<Entry> table_;
  std::vector<Frame> frames_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace zz
