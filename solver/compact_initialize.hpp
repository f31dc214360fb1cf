#pragma once
// CompactRetrogradeSolver's first job (compact_retrograde.hpp): one parallel pass over the
// tier's blocks that gives every slot its first cell (unused, drawn, decided at level 0, or
// undecided with what may decide it), files for later levels what external children imply,
// lists the positions re-examined by their moves (a transient child) and the slots they
// read, whose codes are watched as they are decided.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solver/compact_tier.hpp"
#include "solver/init_progress.hpp"

namespace zz::compact_detail {

template <Unmovable G>
class CompactInitializer {
  using Position = typename G::Position;

 public:
  explicit CompactInitializer(CompactTier<G>& t) : t_(t) {}

  // Every slot's first cell, and what its external children imply, filed for later levels.
  void run() {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> reexamined;
    tbb::enumerable_thread_specific<std::uint64_t> terminals(0);
    tbb::enumerable_thread_specific<int> last_due(0);
    InitProgress progress(t_.options, t_.moves.name(), t_.n);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t_.block_count(), 8), [&](const auto& r) {
      t_.check_stop();
      retro_detail::Slots inside;
      Position p;
      int& last = last_due.local();
      for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
        const std::uint64_t end = level_blocks::end_slot(b, t_.n);
        for (std::uint64_t i = level_blocks::first_slot(b); i != end; ++i) {
          if (!t_.game.unrank(t_.tier, i, p)) {
            t_.store_plain(i, cell(kSettled, kUnused));
            t_.unused.add(0, 0, i);
            continue;
          }
          if (auto o = t_.game.outcome(p)) {
            if (o->value == Value::Draw) {
              t_.store_plain(i, cell(kSettled, kDrawn));
            } else {
              if (o->remoteness != 0)
                throw std::logic_error("a finished game valued at remoteness > 0 in " + t_.moves.name());
              t_.store_plain(i, cell(o->value == Value::Win ? kWon : kLost, tag(0)));
              t_.decided_in_block[b] |= level_blocks::bit(0);
              ++terminals.local();
            }
            continue;
          }
          retro_detail::ExternalSummary ext;
          // A cell keeps no count, only whether it is zero: the moves into the tier, repeats
          // included, are as many as none exactly when the distinct children are, so they are
          // counted without ranking a child, whatever the position's symmetry.
          const int count = t_.moves.initial_children(p, inside, ext, true);
          if (count < 0) {
            t_.store_plain(i, cell(kUndecided, kReexamined));
            reexamined.local().push_back(i);
          } else if (ext.win_level >= 0) {
            t_.store_plain(i, cell(kUndecided, kNeverLost));
            if (ext.foreseen_win) {
              t_.due.add(kForeseenDue, 0, i);
              last = std::max(last, 1);  // the level that decides it
            } else {
              t_.note_due(ext.win_level, true, i, last);
            }
          } else if (ext.draw) {
            t_.store_plain(i, count == 0 ? cell(kSettled, kDrawn) : cell(kUndecided, kNeverLost));
          } else {
            // store_plain(i, kMayBeLost) is the zero the cells start from.
            if (count == 0) t_.note_due(ext.lost_at(), false, i, last);
          }
        }
      }
      progress.add(level_blocks::end_slot(r.end() - 1, t_.n) - level_blocks::first_slot(r.begin()));
    });
    t_.unused.seal(0);
    for (int l : last_due) t_.last_due = std::max(t_.last_due, l);
    for (std::uint64_t n : terminals) t_.decided_at_zero += n;
    for (auto& v : reexamined) t_.reexamined.insert(t_.reexamined.end(), v.begin(), v.end());
    std::sort(t_.reexamined.begin(), t_.reexamined.end());
    t_.deepest_external = t_.moves.deepest_external();
    watch_children_of_reexamined();
  }

 private:
  // The codes of the slots re-examined positions read (their children, and through a
  // transient child its children), kept exact as they are decided: the only remoteness the
  // solve holds before the end.
  void watch_children_of_reexamined() {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> parts;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, t_.reexamined.size(), 64), [&](const auto& r) {
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        t_.game.unrank(t_.tier, t_.reexamined[k], p);
        t_.moves.for_each_read_slot(p, [&](std::uint64_t i) { parts.local().push_back(i); });
      }
    });
    for (auto& v : parts) t_.watched.insert(t_.watched.end(), v.begin(), v.end());
    std::sort(t_.watched.begin(), t_.watched.end());
    t_.watched.erase(std::unique(t_.watched.begin(), t_.watched.end()), t_.watched.end());
    t_.watched_code.assign(t_.watched.size(), TierMoves<G>::kUndecidedCode);
  }

  CompactTier<G>& t_;
};

}  // namespace zz::compact_detail
