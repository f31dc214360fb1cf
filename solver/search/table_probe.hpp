#pragma once
// Exact table probes for the game-playing engine, at every node whose material a table may
// cover: the TableOracle's answers without its per-probe lock and tier-name lookup. The game's
// engine knowledge names a small slot number per tier (`slot_of(p)`, -1 when no table can
// hold p); the first probe of a slot opens its table (under a lock) or notes that it is
// missing, later probes read it lock-free. Thread-safe.
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "solver/table/store.hpp"

namespace zz::search {

template <Enumerable G, class SlotOf>
class TableProbe {
 public:
  using Position = typename G::Position;

  TableProbe(const G& game, TableStore<G>& store, SlotOf slot_of, int slots)
      : game_(game), store_(store), slot_of_(slot_of), slots_(static_cast<std::size_t>(slots)) {}

  std::optional<Outcome> operator()(const Position& p) const {
    const int s = slot_of_(p);
    if (s < 0) return std::nullopt;
    Slot& slot = slots_[static_cast<std::size_t>(s)];
    int state = slot.state.load(std::memory_order_acquire);
    if (state == kUnknown) state = open(slot, p);
    if (state != kPresent) return std::nullopt;
    if constexpr (HasTransients<G>) {
      if (game_.transient(p)) return std::nullopt;  // valued through its moves: the search does that
    }
    const std::uint64_t index = game_.rank(p);
    // One read: a compressed table may derive the code from the position's moves.
    const Code code = index < slot.table->size() ? slot.table->code(index) : kUnusedCode;
    if (code == kUnusedCode) return std::nullopt;
    return within_limit(decode(code), game_.plies_left(p));
  }

  // Tables found so far.
  int tables_present() const {
    int n = 0;
    for (const Slot& s : slots_) n += s.state.load(std::memory_order_relaxed) == kPresent;
    return n;
  }

 private:
  static constexpr int kUnknown = 0, kAbsent = 1, kPresent = 2;
  struct Slot {
    std::atomic<int> state{kUnknown};
    const TierTable* table = nullptr;
  };

  int open(Slot& slot, const Position& p) const {
    std::lock_guard lock(mutex_);
    int state = slot.state.load(std::memory_order_acquire);
    if (state != kUnknown) return state;
    const auto tier = game_.tier_of(p);
    state = kAbsent;
    if (store_.exists(tier)) {
      slot.table = &store_.load(tier);
      state = kPresent;
    }
    slot.state.store(state, std::memory_order_release);
    return state;
  }

  const G& game_;
  TableStore<G>& store_;
  SlotOf slot_of_;
  mutable std::vector<Slot> slots_;
  mutable std::mutex mutex_;
};

}  // namespace zz::search
