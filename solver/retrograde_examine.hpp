#pragma once
// RetrogradeSolver's examination of positions by their moves (retrograde.hpp): the value a
// position takes at a level from its children's current values, for positions with a
// transient child (which have no count to bring down) and for sweeps; and the slots of
// other ranks those reads need, fetched before them.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solver/retrograde_tier.hpp"

namespace zz::retro_detail {

template <Enumerable G>
class RetroExaminer {
  using Position = typename G::Position;

 public:
  explicit RetroExaminer(RetroTier<G>& t) : t_(t) {}

  // The value p takes at `level` from the children decided before it.
  std::optional<Value> decide_at(const Position& p, int level) const {
    return t_.moves.decide_at(p, level, [this](std::uint64_t i) { return t_.code_of(i); });
  }

  // The positions of `list` (tagged with their value) that are decided at `level`; the
  // slots of other ranks they read (`needs`) are fetched first.
  std::vector<std::uint64_t> examine(const std::vector<std::uint64_t>& list, const std::vector<std::uint64_t>& needs,
                                     int level) {
    if (!t_.schedule.empty()) return examine_due(level);
    if (t_.distributed() && t_.any_reexamined) t_.fetch_remote(needs);
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, list.size(), 64), [&](const auto& r) {
      auto& out = found.local();
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        const std::uint64_t i = list[k];
        if (!t_.is_undecided(i)) continue;
        t_.game.unrank(t_.tier, i, p);
        if (auto v = decide_at(p, level)) out.push_back(i << 1 | (*v == Value::Win ? 1 : 0));
      }
    });
    return joined(found);
  }

  // The in-tier slots of other ranks that the children of `positions` read (through
  // transient children too), sorted and distinct.
  std::vector<std::uint64_t> remote_children(const std::vector<std::uint64_t>& positions) const {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> parts;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), 64), [&](const auto& r) {
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        t_.game.unrank(t_.tier, positions[k], p);
        add_remote_children(p, parts.local());
      }
    });
    return sorted_unique(parts);
  }

  // The same for every undecided position of this rank (a sweep reads them all).
  std::vector<std::uint64_t> remote_children_of_undecided() const {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> parts;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t_.owned.size(), 2048), [&](const auto& r) {
      Position p;
      for (std::uint64_t l = r.begin(); l != r.end(); ++l) {
        const std::uint64_t i = t_.owned.global(l);
        if (t_.is_undecided(i) && t_.game.unrank(t_.tier, i, p)) add_remote_children(p, parts.local());
      }
    });
    return sorted_unique(parts);
  }

 private:
  // The scheduled positions decided at `level` (one rank only), tagged as examine's are.
  std::vector<std::uint64_t> examine_due(int level) {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    tbb::enumerable_thread_specific<Position> scratch;
    t_.schedule.take_due(level, [&](std::uint64_t i) {
      if (!t_.is_undecided(i)) return;
      Position& p = scratch.local();
      t_.game.unrank(t_.tier, i, p);
      if (auto v = decide_at(p, level)) found.local().push_back(i << 1 | (*v == Value::Win ? 1 : 0));
    });
    return joined(found);
  }

  // The in-tier slots of other ranks that known() reads for the children of position p
  // (through transient children too).
  void add_remote_children(const Position& p, std::vector<std::uint64_t>& out) const {
    t_.moves.for_each_read_slot(p, [&](std::uint64_t i) {
      if (!t_.owned.owns(i)) out.push_back(i);
    });
  }

  // The threads' lists, one after another.
  static std::vector<std::uint64_t> joined(tbb::enumerable_thread_specific<std::vector<std::uint64_t>>& parts) {
    std::vector<std::uint64_t> all;
    for (auto& v : parts) all.insert(all.end(), v.begin(), v.end());
    return all;
  }

  static std::vector<std::uint64_t> sorted_unique(tbb::enumerable_thread_specific<std::vector<std::uint64_t>>& parts) {
    std::vector<std::uint64_t> all = joined(parts);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
  }

  RetroTier<G>& t_;
};

}  // namespace zz::retro_detail
