#pragma once
// RetrogradeSolver's levels without un-moves (retrograde.hpp): level by level, every
// undecided position looks at all its children (retrograde_examine.hpp), and the decisions
// initialization left pending fall due. Other ranks' slots are fetched once a level.
#include <cstdint>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solver/retrograde_examine.hpp"
#include "solver/retrograde_tier.hpp"

namespace zz::retro_detail {

template <Enumerable G>
class RetroSweepLevels {
  using Position = typename G::Position;

 public:
  explicit RetroSweepLevels(RetroTier<G>& t) : t_(t) {}

  void run() {
    RetroExaminer<G> examiner(t_);
    std::uint64_t decided = 0;
    int empty_levels = 0;
    for (int level = 0;; ++level) {
      t_.check_level(level);
      std::vector<std::uint64_t> now = decide_pending(level);
      if (level > 0) {
        if (t_.distributed()) t_.fetch_remote(examiner.remote_children_of_undecided());
        tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t_.owned.size(), 2048), [&](const auto& r) {
          t_.check_stop();
          auto& out = found.local();
          Position p;
          for (std::uint64_t l = r.begin(); l != r.end(); ++l) {
            const std::uint64_t i = t_.owned.global(l);
            if (!t_.is_undecided(i)) continue;
            t_.game.unrank(t_.tier, i, p);
            if (auto v = examiner.decide_at(p, level)) out.push_back(i << 1 | (*v == Value::Win ? 1 : 0));
          }
        });
        // Written after the sweep so that every position of this level read only lower levels.
        for (auto& v : found)
          for (std::uint64_t tagged : v)
            if (t_.claim(tagged >> 1, encode((tagged & 1) ? Outcome::win(level) : Outcome::loss(level))))
              now.push_back(tagged >> 1);
      }
      const std::uint64_t decided_now = t_.comm.sum(static_cast<std::uint64_t>(now.size()));
      decided += decided_now;
      t_.report(level, decided, 0);
      // A transient child passes a decision on two levels later, so two quiet levels in a row
      // (past every external remoteness) mean nothing more can be decided.
      empty_levels = decided_now == 0 ? empty_levels + 1 : 0;
      const bool pending_later = t_.comm.sum(static_cast<std::uint64_t>(t_.pending.any_from(level + 1))) > 0;
      if (empty_levels >= 2 && level > t_.deepest_external + 2 && !pending_later) break;
    }
  }

 private:
  // Decides what the pending lists hold for `level`; returns the newly decided indices.
  std::vector<std::uint64_t> decide_pending(int level) {
    std::vector<std::uint64_t> decided;
    for (bool win : {true, false}) {
      const Code code = encode(win ? Outcome::win(level) : Outcome::loss(level));
      for (std::uint64_t i : t_.pending.take(win, level))
        if (t_.claim(i, code)) decided.push_back(i);
    }
    return decided;
  }

  RetroTier<G>& t_;
};

}  // namespace zz::retro_detail
