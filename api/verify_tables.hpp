#pragma once
// `verify`: an independent one-ply check of stored tables. Each position's stored value must
// equal what the rules (a finished game) or the stored values of its moves imply. It plays
// moves forward with the game's own move generator, never the solver's un-moves, so a bug in
// retrograde analysis, in the index or in the table format shows up as a mismatch.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <span>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "api/results.hpp"
#include "api/session.hpp"
#include "api/table_summary.hpp"
#include "solver/set_memory.hpp"
#include "solver/slot_sample.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/block_cache.hpp"
#include "solver/table/codes.hpp"
#include "solver/table/store.hpp"

namespace zz::api {

namespace verify_detail {

// The mismatches of one table: counted all, the first `keep` by index kept.
class Mismatches {
 public:
  explicit Mismatches(std::size_t keep) : keep_(keep) {}
  void add(VerifyMismatch m) {
    count_.fetch_add(1, std::memory_order_relaxed);
    std::lock_guard lock(mutex_);
    examples_.push_back(std::move(m));
    std::sort(examples_.begin(), examples_.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
    if (examples_.size() > keep_) examples_.resize(keep_);
  }
  std::uint64_t count() const { return count_.load(); }
  std::vector<VerifyMismatch> examples() && { return std::move(examples_); }

 private:
  std::size_t keep_;
  std::atomic<std::uint64_t> count_{0};
  std::mutex mutex_;
  std::vector<VerifyMismatch> examples_;
};

// Sets the process's block cache to hold `bytes` for the life of this object, then puts its
// bound back.
class CacheCapacity {
 public:
  explicit CacheCapacity(std::uint64_t bytes) : before_(block_cache().capacity()) { block_cache().set_capacity(bytes); }
  ~CacheCapacity() { block_cache().set_capacity(before_); }
  CacheCapacity(const CacheCapacity&) = delete;
  CacheCapacity& operator=(const CacheCapacity&) = delete;

 private:
  std::uint64_t before_;
};

}  // namespace verify_detail

// Checks the table of tier t in `store`: every slot, read decoded (every code in memory, the
// side a compressed file leaves out derived from its moves, its sub-tables decoded beside it
// by verify_tables), or with r.sample the slots of a SlotSample, read as a probe reads them
// (block by block through the block cache, a left-out or exit-implied slot from its moves):
// the table is not decoded whole (its sub-tables are, with r.decode_sub_tables). Either way
// each slot is checked by the same lines.
template <Enumerable G>
VerifiedTable verify_table(const G& game, TableStore<G>& store, const typename G::Tier& t, const VerifyRequest& r) {
  const auto start = std::chrono::steady_clock::now();
  VerifiedTable v;
  v.tier = game.tier_name(t);
  v.entries = game.tier_size(t);
  v.from_scratch = r.from_scratch;
  const TierTable& stored = store.load(t);
  if (stored.values_only())  // its values follow from its moves only with distances (a win could go round)
    throw InputError("table " + store.file(t).string() + " holds values only: verify checks the tables with distances");
  const auto [first, end] = stored.stored_range();
  std::optional<SlotSample> sample;
  if (r.sample) sample.emplace(v.entries, *r.sample, r.seed);
  const TierTable& table = sample ? stored : store.load_decoded_from_file(t);

  verify_detail::Mismatches mismatches(r.examples);
  std::atomic<std::uint64_t> positions{0}, derived{0}, done{0};
  std::mutex advance_mutex;
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, table.size(), 1 << 14), [&](const auto& range) {
    std::uint64_t used = 0, used_derived = 0;
    typename G::Position p;
    for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
      if (sample && !sample->contains(i)) continue;
      if (!game.unrank(t, i, p)) continue;
      ++used;
      // A slot the file leaves out was just derived by this very rule from its moves: it
      // agrees by construction, and what it tests is the stored side it was derived from.
      // (From scratch, it is checked too: the rule is then applied another way.)
      if (i < first || i >= end) {
        ++used_derived;
        if (!r.from_scratch) continue;
      }
      const Outcome stored_value = decode(table.code_of_used(i));
      const Outcome expected = r.from_scratch ? store.implied_value_from_scratch(p) : store.implied_value(p);
      if (stored_value != expected) mismatches.add({game.format(p), i, stored_value, expected});
    }
    positions.fetch_add(used, std::memory_order_relaxed);
    derived.fetch_add(used_derived, std::memory_order_relaxed);
    const std::uint64_t now = done.fetch_add(range.size(), std::memory_order_relaxed) + range.size();
    // About every 64 M slots: a large table takes minutes.
    if (r.advance && (now >> 26) != ((now - range.size()) >> 26)) {
      std::lock_guard lock(advance_mutex);
      r.advance(v.tier, now, table.size());
    }
  });
  v.positions = positions.load();
  v.derived = derived.load();
  v.checked = r.from_scratch ? v.positions : v.positions - v.derived;
  if (sample) v.sample = VerifiedTable::Sample{*r.sample, r.seed, sample->drawn()};
  v.mismatches = mismatches.count();
  v.examples = std::move(mismatches).examples();
  v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return v;
}

// Checks the tables of the tiers reached from `roots`, sub-tables first, all but r.skip,
// in one store that keeps decoded tables for the ones still to check within half of
// r.memory (held_bytes_for_memory, solver/set_memory.hpp): each table is decoded about once, and a set is
// checked in the memory of its largest table and the budget (sub-tables past half of it are
// read mapped from decoded copies).
// With r.summaries, `describe` words a value and `as_result` makes a table's summary what
// the session's `summary` returns for it.
template <Enumerable G>
std::vector<VerifiedTable> verify_tables(const G& game, const std::filesystem::path& data_dir,
                                         std::span<const typename G::Tier> roots, const VerifyRequest& r,
                                         const std::function<std::string(Outcome)>& describe = {},
                                         const std::function<SummaryResult(TableSummary)>& as_result = {}) {
  if (r.sample && *r.sample == 0) throw InputError("--sample 0: a sample needs at least one slot");
  if (r.sample && r.summaries) throw InputError("--summaries needs every slot: not with --sample");
  const std::vector<typename G::Tier> order = dependency_order(game, roots);
  if (r.decode_sub_tables && !r.sample) throw InputError("--decode-sub-tables is for a sample: a whole check decodes them anyway");
  // A sample's memory is the block cache's: within half the budget when one is given (a
  // quarter when the sub-tables take their half decoded).
  const bool decode_dependencies = !r.sample || r.decode_sub_tables;
  std::optional<verify_detail::CacheCapacity> cache;
  if (r.sample && r.memory) cache.emplace(r.memory / (r.decode_sub_tables ? 4 : 2));
  TableStore<G> store(game, data_dir);
  if (r.keep_decoded) store.keep_decoded_across_runs();
  SetMemory<G> memory(game, order, 0);  // its own store: always released after the last reader
  const std::uint64_t held_bytes = held_bytes_for_memory(r.memory);
  std::vector<VerifiedTable> out;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const auto& t = order[k];
    if (!r.skip.count(game.tier_name(t))) {
      const std::size_t decodes = store.decodes();
      // A sample reads its sub-tables block by block too (verify_table), unless told to
      // decode them.
      if (decode_dependencies) {
        memory.keep_within_budget(store, k, held_bytes);
        // The tier's sub-tables, decoded one at a time, past half the budget each mapped from a
        // decoded copy, as a solve reads them (SetMemory::decode_dependency): checking KPPvKP
        // otherwise held its ten decoded dependencies at once, 12-13 GB.
        for (const auto& d : game.tier_dependencies(t)) memory.decode_dependency(store, d, held_bytes);
      }
      out.push_back(verify_table(game, store, t, r));
      out.back().decoded_whole = store.decodes() - decodes;
      if (r.summaries) out.back().summary = as_result(summarize_table(game, store, t, describe));
      if (r.progress) r.progress(out.back());
    }
    memory.release_finished(store, k);
  }
  return out;
}

}  // namespace zz::api
