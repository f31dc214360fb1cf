#pragma once
// RetrogradeSolver's first job (retrograde.hpp): one parallel pass over this rank's slots
// that decides terminal positions and positions whose children all lie in solved tiers,
// and records for the others what their external children imply (a loss floor or an
// external win per slot with un-moves, pending lists for sweeps), which positions must be
// re-examined by their moves, and, for one process, when (reexamination_schedule.hpp).
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/common/release_memory.hpp"
#include "solver/exit_pipeline.hpp"
#include "solver/init_progress.hpp"
#include "solver/retrograde_examine.hpp"
#include "solver/retrograde_tier.hpp"

namespace zz::retro_detail {

template <Enumerable G>
class RetroInitializer {
  using Position = typename G::Position;

 public:
  explicit RetroInitializer(RetroTier<G>& t) : t_(t) {}

  void run(bool unmoves) {
    tbb::enumerable_thread_specific<PendingLevels> pending_parts;
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> reexamined;
    tbb::enumerable_thread_specific<Triggers> triggers;
    tbb::enumerable_thread_specific<int> last_due(0);
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> order;  // for_each_slot's scratch
    // One rank schedules its re-examinations (reexamination_schedule.hpp); ranks examine
    // every such position at every level.
    const bool schedule = unmoves && !t_.distributed();
    // In a tier whose every move leaves it, a position decided by its exits has nothing to
    // un-move to: it takes its value now instead of waiting for the pass of its level (a
    // placement tier of morris was scanned once per level for them: 10 % of its solve).
    const bool exits_only = t_.moves.exits_only();
    const bool decide_now = unmoves && exits_only;
    auto pipeline = make_pipelines();
    InitProgress progress(t_.options, t_.name, t_.owned.size());
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t_.owned.size(), 2048), [&](const auto& r) {
      t_.check_stop();
      auto& pending = pending_parts.local();
      int& last = last_due.local();
      Slots inside;
      Position p;
      const auto global = [&](std::uint64_t l) { return t_.owned.global(l); };
      auto* ahead = [&] {
        if constexpr (HasExitBatch<G>) return &pipeline.local();  // looked up once per task
        else return static_cast<int*>(nullptr);
      }();
      (void)ahead;
      t_.moves.for_each_slot(r.begin(), r.end(), global, order.local(), [&](std::uint64_t l) {
        const std::uint64_t i = t_.owned.global(l);
        Code& state = t_.state[l];
        if (!t_.game.unrank(t_.tier, i, p)) {
          state = kUnusedSlot;
          return;
        }
        if (auto o = t_.game.outcome(p)) {
          if (unmoves) t_.loss_floor[l] = kFinished;  // read by the writer only
          if (o->value == Value::Draw) {
            state = kDrawCode;
          } else if (unmoves) {
            // A finished game has no move, so nothing un-moves into it; the pass of the
            // level after its own un-moves from it (its block is marked due for that pass).
            state = encode(*o);
            t_.note_due(last, o->remoteness + 1, l);
          } else {
            pending.add(o->value == Value::Win, o->remoteness, i);
          }
          return;
        }
        if constexpr (HasExitBatch<G>) {
          if (exits_only && ahead->name(l, p)) {
            // Valued kDepth positions later, once the positions after it are prefetched too.
            if (ahead->full()) settle_first(*ahead, unmoves, decide_now, pending, last);
            return;
          }
        }
        ExternalSummary ext;
        // Only in-tier children are counted without ranking: a tier whose every move leaves
        // it has none, and need not ask.
        const int count = t_.moves.initial_children(p, inside, ext, !exits_only && t_.moves.neighbours_distinct(p));
        if (count < 0) {
          reexamined.local().push_back(i);
          if (schedule) add_triggers(p, i, triggers.local());
          if (unmoves) {
            t_.loss_floor[l] = kReexamined;
            state = kReexaminedWord;
          }
          return;
        }
        settle(l, i, count, ext, unmoves, decide_now, pending, last);
      });
      if constexpr (HasExitBatch<G>)
        while (!ahead->empty()) settle_first(*ahead, unmoves, decide_now, pending, last);
      progress.add(r.end() - r.begin());
    });
    for (auto& l : pending_parts) l.merge_into(t_.pending);
    for (int l : last_due) t_.last_due = std::max(t_.last_due, l);
    for (auto& v : reexamined) t_.reexamined.insert(t_.reexamined.end(), v.begin(), v.end());
    std::sort(t_.reexamined.begin(), t_.reexamined.end());
    t_.any_reexamined = t_.comm.sum(static_cast<std::uint64_t>(t_.reexamined.size())) > 0;
    if (schedule && !t_.reexamined.empty()) build_schedule(triggers);
    t_.deepest_external = t_.moves.deepest_external();
    if (t_.distributed() && !t_.reexamined.empty())
      t_.reexamined_needs = RetroExaminer<G>(t_).remote_children(t_.reexamined);
  }

 private:
  // Slot l (position i), whose children are known: `count` in the tier (distinct), `ext` what
  // those outside say.
  void settle(std::uint64_t l, std::uint64_t i, int count, const ExternalSummary& ext, bool unmoves, bool decide_now,
              PendingLevels& pending, int& last) {
    Code& state = t_.state[l];
    if (unmoves) {
      if (count > kMaxCountedChildren)
        throw std::logic_error("more than " + std::to_string(kMaxCountedChildren) + " distinct children in tier " +
                               t_.name);
      state = static_cast<Code>(kUndecided + count);
      std::uint16_t& floor = t_.loss_floor[l];
      if (ext.win_level >= 0) {
        if (ext.win_level > kLastWinAtLevel) throw std::logic_error("remoteness overflow in tier " + t_.name);
        floor = static_cast<std::uint16_t>(kWinAt | ext.win_level);
        if (ext.foreseen_win) floor = kForeseenWin;  // won at 1 (initial_children)
        if (count == 0 && decide_now) {
          t_.check_level(ext.win_level);
          state = encode(Outcome::win(ext.win_level));
        } else {
          t_.note_due(last, ext.win_level, l);
        }
      } else if (ext.draw) {
        floor = kNeverLost;
        if (count == 0) state = kDrawCode;
      } else {
        // With no in-tier child left to count (count 0) the pass of level lost_at decides it
        // (decide_due).
        floor = static_cast<std::uint16_t>(ext.loss_floor);
        if (count == 0 && decide_now) {
          t_.check_level(ext.lost_at());
          state = encode(Outcome::loss(ext.lost_at()));
        } else if (count == 0) {
          t_.note_due(last, ext.lost_at(), l);
        }
      }
      return;
    }
    if (ext.win_level >= 0) pending.add(true, ext.win_level, i);
    if (count == 0 && ext.win_level < 0) {
      if (ext.draw) state = kDrawCode;
      else pending.add(false, ext.lost_at(), i);
    }
  }

  // Values the first position a pipeline named (it has no child in the tier).
  void settle_first(ExitPipelineOf<G>& pipeline, bool unmoves, bool decide_now, PendingLevels& pending, int& last) {
    ExternalSummary ext;
    const std::uint64_t l = pipeline.value_first(ext);
    settle(l, t_.owned.global(l), 0, ext, unmoves, decide_now, pending, last);
  }

  // A pipeline per thread where the game names a position's children in one call.
  auto make_pipelines() {
    if constexpr (HasExitBatch<G>)
      return tbb::enumerable_thread_specific<ExitPipelineOf<G>>([this] { return ExitPipelineOf<G>(t_.moves); });
    else return 0;
  }

  // What initialization finds, per thread, for the schedule of re-examinations.
  struct Triggers {
    std::vector<ReexaminationSchedule::TransientRead> reads;
    std::vector<ReexaminationSchedule::FixedDue> fixed;
  };

  void add_triggers(const Position& p, std::uint64_t i, Triggers& t) const {
    const std::size_t first = t.fixed.size();
    t_.moves.for_each_trigger(
        p, [&](std::uint64_t slot, int depth) { t.reads.push_back({slot, i, depth}); },
        [&](int level) {
          for (std::size_t k = first; k < t.fixed.size(); ++k)
            if (t.fixed[k].level == level) return;
          t.fixed.push_back({i, level});
        });
  }

  void build_schedule(tbb::enumerable_thread_specific<Triggers>& parts) {
    std::vector<ReexaminationSchedule::TransientRead> reads;
    std::vector<ReexaminationSchedule::FixedDue> fixed;
    for (auto& t : parts) {
      reads.insert(reads.end(), t.reads.begin(), t.reads.end());
      fixed.insert(fixed.end(), t.fixed.begin(), t.fixed.end());
      release_memory(t.reads);
      release_memory(t.fixed);
    }
    // The schedule keeps the list (examine_due reads it there): no second copy.
    t_.schedule = ReexaminationSchedule(std::exchange(t_.reexamined, {}), t_.owned.size(), std::move(reads), fixed);
    t_.last_due = std::max(t_.last_due, t_.schedule.last_fixed());
  }

  RetroTier<G>& t_;
};

}  // namespace zz::retro_detail
