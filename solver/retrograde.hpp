#pragma once
// Parallel, level-synchronous backward induction over one tier of an Enumerable game, by
// one process or by the ranks of a distributed job, each owning about 1/N of the tier's
// index in grains dealt out in turn (Ownership, solver/distributed/communicator.hpp).
//
// Level 0 holds the terminal positions; a position is decided at level L when
//   - some child is lost in L-1 plies (it is won in L), or
//   - every child is won, the slowest in L-1 plies (it is lost in L).
// Children in other tiers were solved before and are read from their tables; their values
// enter at the level they imply. Positions never decided are draws. Because every
// decision at level L reads only decisions of lower levels, the result depends neither on
// the number of threads nor on the number of ranks, nor on the order of work.
//
// With un-moves (Unmovable games) each level is found from the previous one through
// predecessors, counting for every position its in-tier children not yet known to be won.
// The positions of a level are not listed: each level is one parallel pass over the slots
// that un-moves from the positions the state array shows decided at the previous level and
// decides the positions whose recorded external win or loss floor falls due, skipping
// blocks of slots flagged as having nothing to do. Lists of 8-byte indices would cost more
// than the 4 bytes per slot of the arrays themselves (in Tablut nearly every position with
// White to move is decided at level 1), and no faster: each pass touches 2 bytes per slot
// of the blocks it visits. A predecessor held by another rank becomes a message to that
// rank: the ranks exchange them in bounded batches during the pass, and each applies what
// it receives exactly as it applies its own (the operations of one level commute).
// Without un-moves, each level is a parallel sweep over the undecided positions. Positions
// with a transient child have no count to bring down and are examined by their moves: by
// one process only at the levels where something they read got its value
// (reexamination_schedule.hpp), by the ranks of a job at every level. Positions that must
// look at children's current values (sweeps, and positions with a transient child) read
// other ranks' slots through a request and reply exchanged once a level.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/common/release_memory.hpp"
#include "solver/compact_retrograde.hpp"
#include "solver/retrograde_initialize.hpp"
#include "solver/retrograde_sweeps.hpp"
#include "solver/retrograde_tier.hpp"
#include "solver/retrograde_unmoves.hpp"

namespace zz {

// Solves one tier, or this rank's slots of it, in its jobs' order: initialization
// (retrograde_initialize.hpp), then the levels by un-moves or by sweeps
// (retrograde_unmoves.hpp, retrograde_sweeps.hpp), then the undecided slots become draws.
// Their shared working state is retro_detail::RetroTier (retrograde_tier.hpp).
template <Enumerable G>
class RetrogradeSolver {
  using Tier = typename G::Tier;

 public:
  RetrogradeSolver(const G& game, Tier tier, std::span<const SolvedTier<Tier>> solved, const SolveOptions& options)
      : t_(game, tier, solved, options) {}

  // After solve() with SolveOptions::keep_exit_floors (and un-moves): what each slot's exits
  // imply, for the table writer (empty otherwise).
  ExitFloors take_exit_floors() { return ExitFloors(std::move(t_.loss_floor)); }

  // The slots of the index this rank solves.
  const Ownership& ownership() const { return t_.owned; }

  // The whole tier's table; only for a job of one rank.
  TierTable solve() {
    if (t_.comm.size() != 1) throw std::logic_error("solve() of one rank's slots: use solve_owned()");
    return TierTable(solve_owned());
  }

  // The codes of this rank's slots, in the order of its arrays (see codes.hpp, Ownership).
  std::vector<Code> solve_owned() {
    const std::uint64_t n = t_.owned.size();
    t_.state.assign(n, retro_detail::kUndecided);
    bool unmoves = false;
    if constexpr (Unmovable<G>) unmoves = !t_.options.force_sweeps;
    if (unmoves) {
      t_.loss_floor.assign(n, 0);
      t_.decided_in_block.assign(level_blocks::count(n), 0);
      t_.due_in_block.assign(level_blocks::count(n), 0);
    }
    retro_detail::RetroInitializer<G>(t_).run(unmoves);
    if constexpr (Unmovable<G>) {
      if (unmoves) retro_detail::RetroUnmoveLevels<G>(t_).run();
      else retro_detail::RetroSweepLevels<G>(t_).run();
    } else {
      retro_detail::RetroSweepLevels<G>(t_).run();
    }
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1 << 16), [&](const auto& r) {
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
        Code& c = t_.state[i];
        if (retro_detail::undecided(c)) c = kDrawCode;
        else if (c == retro_detail::kUnusedSlot) c = kUnusedCode;
      }
    });
    if (!t_.options.keep_exit_floors) release_memory(t_.loss_floor);
    release_memory(t_.decided_in_block);
    release_memory(t_.due_in_block);
    t_.schedule = {};
    return std::move(t_.state);
  }

 private:
  retro_detail::RetroTier<G> t_;
};

// With `exit_floors`, the in-memory solver's record of what each slot's exits imply is left
// there for the table writer (empty after the compact state or sweeps).
template <Enumerable G>
TierTable solve_tier(const G& game, const typename G::Tier& tier,
                     std::span<const SolvedTier<typename G::Tier>> solved, const SolveOptions& options = {},
                     ExitFloors* exit_floors = nullptr) {
  if constexpr (Unmovable<G>) {
    if (solves_compact(game.tier_size(tier), options)) return CompactRetrogradeSolver<G>(game, tier, solved, options).solve();
  }
  if (!exit_floors) return RetrogradeSolver<G>(game, tier, solved, options).solve();
  SolveOptions keep = options;
  keep.keep_exit_floors = true;
  RetrogradeSolver<G> solver(game, tier, solved, keep);
  TierTable table = solver.solve();
  *exit_floors = solver.take_exit_floors();
  return table;
}

}  // namespace zz
