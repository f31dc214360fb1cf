#pragma once
// What a pass over a set of tables (a solve, a check) keeps in its store: the tiers in
// dependency order read their own table and their dependencies' tables; after the last
// reader a table is released, and before a tier reads, tables read again last are released
// while the store holds more than a budget. Chess all5 (146 tables, 37.6 G slots) would not
// fit in memory otherwise: pawnless tables are read as promotion targets long after they
// were built.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "solver/game.hpp"
#include "solver/table/store.hpp"

namespace zz {

template <Enumerable G>
class SetMemory {
 public:
  using Tier = typename G::Tier;

  // A set of fewer than `release_from_slots` slots releases nothing: its tables stay for the
  // queries that follow (SolveOptions::release_from_slots).
  SetMemory(const G& game, const std::vector<Tier>& order, std::uint64_t release_from_slots)
      : game_(game), order_(order) {
    std::uint64_t slots = 0;
    for (const Tier& t : order) slots += game.tier_size(t);
    releases_ = slots >= release_from_slots;
    for (std::size_t k = 0; k < order.size(); ++k) {
      uses_[game.tier_name(order[k])].push_back(k);
      for (const Tier& d : game.tier_dependencies(order[k])) uses_[game.tier_name(d)].push_back(k);
    }
  }

  // Before tier k reads its tables: while the store's tables weigh more than `budget`
  // bytes, the one read again last (never by tier k) is set aside: written decoded to the
  // store's folder of copies and mapped from it (TableStore::keep_decoded_copies), so that
  // its next reader does not decode it, and what its left-out slots read, again. Tables
  // none of the set's tiers reads (a long-lived store's) go first. Decoding tier k's tables
  // may keep the helpers they need decoded within the same budget
  // (TableStore::keep_helpers_within).
  void keep_within_budget(TableStore<G>& store, std::size_t k, std::uint64_t budget) {
    store.keep_helpers_within(budget);
    if (releases_) store.keep_decoded_copies();
    while (releases_) {
      std::uint64_t total = 0, farthest = 0;
      std::string victim;
      for (const auto& [name, bytes] : store.held_memory()) {
        total += bytes;
        if (bytes == 0) continue;
        const auto found = uses_.find(name);
        std::size_t next_use = order_.size() + 1;
        if (found != uses_.end()) {
          const auto next = std::lower_bound(found->second.begin(), found->second.end(), k);
          next_use = next == found->second.end() ? order_.size() : *next;
        }
        if (next_use > k && next_use >= farthest) farthest = next_use, victim = name;
      }
      if (total <= budget || victim.empty()) return;
      store.set_aside_named(victim);
    }
  }

  // Dependency d of the tier at hand, decoded for reading at random: past half the budget,
  // set aside as soon as it is decoded, so a tier that reads many large tables never holds
  // them all decoded (chess KRPvKP reads eight promotion tables of 710 M slots at 1-2 bytes a
  // slot, which a 6 GiB solve ran out of memory decoding). Its mapped copy is read as it
  // would be in memory, and the page cache holds as much of it as memory allows.
  // A table mapped from a copy (kept by an earlier process, or set aside earlier) is aside
  // already: setting it aside again would release it, and the solver would read its
  // compressed file block by block, deriving each left-out slot from its moves (a resumed
  // all5 part spent 9 minutes so on KBBvKP's first level).
  const TierTable& decode_dependency(TableStore<G>& store, const Tier& d, std::uint64_t budget) {
    const TierTable& decoded = store.load_decoded(d, false);
    if (!store.keeps_decoded_copies() || decoded.mapped() || store.held_bytes_total() <= budget / 2) return decoded;
    store.set_aside(d);
    return store.load(d);
  }

  // Whether a tier after k reads tier k's table.
  bool read_after(std::size_t k) const { return uses_.at(game_.tier_name(order_[k])).back() > k; }

  // After tier k: the tables no tier after k reads are released.
  void release_finished(TableStore<G>& store, std::size_t k) {
    if (!releases_) return;
    for (std::size_t j = 0; j <= k; ++j)
      if (uses_.at(game_.tier_name(order_[j])).back() == k) store.release(order_[j]);
  }

 private:
  const G& game_;
  const std::vector<Tier>& order_;
  std::map<std::string, std::vector<std::size_t>> uses_;  // positions of the tiers that read it, its own first
  bool releases_ = false;
};

}  // namespace zz
