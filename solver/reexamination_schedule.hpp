#pragma once
// When the in-memory retrograde solver (retrograde.hpp) must look again at a position with
// a transient child. Such a position has no count of children for un-moves to bring down,
// so it is decided by examining its moves (TierMoves::decide_at). Examining every one at
// every level cost the chess tables with pawns on both sides half their solving time: a
// drawn one was examined at each of 200 levels.
//
// decide_at(p, L) decides p only through a child whose value has remoteness exactly L - 1,
// and a value is first known at the level after its remoteness. So p needs examining at
// level L only where something it reads got its value d plies below p's child, at level
// L - d:
//   - a child in the tier decided at level L - 1 (d = 1): the level's pass un-moves from
//     that child and reaches p itself (mark_position);
//   - through a transient child x (depth 1), a child of x decided at L - 2: the pass
//     un-moves from it and reaches x's board, which has x's index (the index does not
//     record the transient right), so x's slot is a key whose readers fall due d = 1
//     level later (mark_readers); a transient child of x is a key of depth 2, and so on;
//   - a value fixed before the solve (a child in a solved table, a finished transient
//     child) with remoteness r at depth d: due at level r + d, filed at initialization.
// Examining at these levels alone decides exactly what examining at every level did.
//
// One rank's slots only: in a distributed solve the child and its reader may live on
// different ranks, and the solver examines every such position at every level there.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace zz::retro_detail {

// Finds a slot in a sorted list of slots in about one cache miss: the list's start for
// every bucket of 2^12 slots, then a short binary search (re-examined positions are about
// one slot in a hundred).
class SortedSlots {
 public:
  SortedSlots() = default;
  SortedSlots(std::vector<std::uint64_t> sorted, std::uint64_t slots);
  std::size_t size() const { return slots_.size(); }
  std::uint64_t operator[](std::size_t k) const { return slots_[k]; }
  // The places [first, last) where slot s is listed.
  std::pair<std::size_t, std::size_t> find(std::uint64_t s) const {
    const auto begin = slots_.begin() + static_cast<std::ptrdiff_t>(starts_[s >> kShift]);
    const auto end = slots_.begin() + static_cast<std::ptrdiff_t>(starts_[(s >> kShift) + 1]);
    const auto [lo, hi] = std::equal_range(begin, end, s);
    return {static_cast<std::size_t>(lo - slots_.begin()), static_cast<std::size_t>(hi - slots_.begin())};
  }

 private:
  static constexpr int kShift = 12;
  std::vector<std::uint64_t> slots_;
  std::vector<std::uint64_t> starts_;  // per bucket, the first place of its slots
};

class ReexaminationSchedule {
 public:
  // Levels are kept modulo 16 per position, so a transient chain may be this deep.
  static constexpr int kMaxDepth = 14;

  // What initialization found for the position in slot `reader`: the slot of a transient
  // child (or grandchild...) at `depth`, and a level fixed before the solve.
  struct TransientRead {
    std::uint64_t slot, reader;
    int depth;
  };
  struct FixedDue {
    std::uint64_t reader;
    int level;
  };

  ReexaminationSchedule() = default;
  // positions: the sorted slots of the re-examined positions (kept as the schedule's own
  // list); slots: the tier's size.
  ReexaminationSchedule(std::vector<std::uint64_t> positions, std::uint64_t slots, std::vector<TransientRead> reads,
                        std::span<const FixedDue> fixed);

  bool empty() const { return positions_.size() == 0; }
  // The last level a value fixed before the solve makes due.
  int last_fixed() const { return last_fixed_; }

  // A child of the re-examined position in slot s was decided at level - 1: due at `level`.
  void mark_position(std::uint64_t s, int level) { mark(place_of(s), level); }

  // Whether slot s is the board of a transient position some re-examined position reads
  // (then mark_readers has work); prefetch_key asks for the word ahead.
  bool is_key(std::uint64_t s) const { return (is_key_[s >> 6] >> (s & 63)) & 1; }
  void prefetch_key(std::uint64_t s) const { __builtin_prefetch(&is_key_[s >> 6]); }

  // Slot s, a transient board, has a child decided at level - 1: its readers at depth d fall
  // due at level + d. `last` gathers the latest level marked.
  void mark_readers(std::uint64_t s, int level, int& last) {
    const auto [first, end] = keys_.find(s);
    for (std::size_t k = first; k != end; ++k) {
      const int due = level + static_cast<int>(readers_[k] & kDepthMask);
      mark(readers_[k] >> kDepthBits, due);
      last = std::max(last, due);
    }
  }

  // Calls f(slot) for every position due at `level` (from any reason) and clears its mark.
  template <class F>
  void take_due(int level, F&& f) {
    if (static_cast<std::size_t>(level) < fixed_.size()) {
      for (std::uint32_t k : fixed_[level]) mark(k, level);
      std::vector<std::uint32_t>().swap(fixed_[level]);
    }
    const std::uint16_t bit = level_bit(level);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, due_.size(), 4096), [&](const auto& r) {
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        if (!(due_[k] & bit)) continue;
        due_[k] &= static_cast<std::uint16_t>(~bit);  // no pass runs now: no other writer
        f(positions_[k]);
      }
    });
  }

 private:
  static constexpr int kDepthBits = 4;
  static constexpr std::uint32_t kDepthMask = (1u << kDepthBits) - 1;
  static std::uint16_t level_bit(int level) { return static_cast<std::uint16_t>(1u << (level & 15)); }
  std::uint32_t place_of(std::uint64_t s) const {
    const auto [k, end] = positions_.find(s);
    if (k == end) throw std::logic_error("a position with a transient child is not scheduled");
    return static_cast<std::uint32_t>(k);
  }
  void mark(std::size_t k, int level) {
    std::atomic_ref<std::uint16_t> word(due_[k]);
    if (!(word.load(std::memory_order_relaxed) & level_bit(level))) word.fetch_or(level_bit(level), std::memory_order_relaxed);
  }

  SortedSlots positions_;
  std::vector<std::uint16_t> due_;  // per position, bit (level mod 16): due at that level
  std::vector<std::uint64_t> is_key_;  // per slot, one bit: a key of keys_
  SortedSlots keys_;
  std::vector<std::uint32_t> readers_;  // per place in keys_: place in positions_, then depth
  std::vector<std::vector<std::uint32_t>> fixed_;  // per level, the positions it makes due
  int last_fixed_ = 0;
};

}  // namespace zz::retro_detail
