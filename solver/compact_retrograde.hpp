#pragma once
// The retrograde solve of one tier in under 0.7 bytes of working state per slot instead of
// five (docs/solver-design.md): the same levels as RetrogradeSolver's un-move passes decide
// the same positions, so the tables are byte for byte the same, but no slot keeps a code, a
// counter of children or an external floor while the solve runs.
//
// Per slot, 4 bits: a value (undecided, won, lost, settled: drawn or unused) and 2 bits
// whose meaning depends on it. A decided slot's say at which of the last three levels it
// was decided (1 + level % 3), or 0 once the pass after its level has un-moved from it. An
// undecided slot's say what may decide it: 0 may yet be lost, 1 never lost (an external
// child is drawn or lost), 2 re-examined each level (a transient child), 3 may yet be lost
// and recounted in the current pass (back to 0 when the pass ends; a bit per block of 256
// slots says where to look).
//
// Instead of counting down a counter, a won child's predecessor that may be lost is
// recounted from its children, stopping at the first one not yet won (usually the first or
// second it reads), once per pass. Decisions that fall due at a later level (an external
// child's value, a loss floor) wait in per-level lists, each level's decisions are logged as
// the next pass un-moves from them, and the unused slots are listed once; the table is
// assembled from those lists alone at the end, after the cells are freed. The lists go to a
// scratch file when SolveOptions::spool_directory names a directory.
//
// The jobs live in their own files, sharing the working state of compact_tier.hpp:
// initialization (compact_initialize.hpp), the level passes and recounts
// (compact_levels.hpp), checkpoints and resume (compact_checkpoints.hpp) and the assembly of
// the table (compact_assembly.hpp).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

#include "solver/compact_assembly.hpp"
#include "solver/compact_checkpoints.hpp"
#include "solver/compact_initialize.hpp"
#include "solver/compact_levels.hpp"
#include "solver/compact_tier.hpp"

namespace zz {

// Solves one tier in its jobs' order: a fresh start (initialization) or the resumption of a
// checkpoint, the levels, then the assembly of the table.
template <Unmovable G>
class CompactRetrogradeSolver {
  using Tier = typename G::Tier;

 public:
  CompactRetrogradeSolver(const G& game, Tier tier, std::span<const SolvedTier<Tier>> solved, const SolveOptions& options)
      : t_(game, tier, solved, options) {}

  // The tier's table. With checkpoints (SolveOptions::checkpoint_seconds and a spool
  // directory), a solve stopped in any way resumes from the last one written.
  TierTable solve() {
    compact_detail::CompactCheckpoints<G> checkpoints(t_);
    if (!checkpoints.resume()) start(checkpoints);
    if (!t_.levels_done) {
      compact_detail::CompactLevels<G>(t_).run();
      t_.levels_done = true;
      // A tier long enough to have a checkpoint gets one without the cells before the table
      // is assembled: a kill then resumes at the assembly, and the disk never holds the
      // cells' checkpoint beside the assembled codes (K1W5B: 12 GB and 24 GB).
      if (t_.checkpoints() && std::filesystem::exists(t_.checkpoint_path())) checkpoints.write();
    }
    TierTable table = compact_detail::CompactAssembler<G>(t_).run();
    if (t_.checkpoints()) {
      std::filesystem::remove(t_.checkpoint_path());
      checkpoints.remove_unfinished();
    }
    if (t_.spool) t_.spool->keep(false);
    t_.spool.reset();  // and its file
    return table;
  }

  // Bytes per slot of working state while the levels are passed: the 4-bit cells, the
  // blocks' level bits and recount bits. Then the lists (spooled to disk with
  // SolveOptions::spool_directory), and at the end the table alone.
  static constexpr double kStateBytesPerSlot = 0.5 + 8.0 / 256 + 1.0 / 2048;

 private:
  // A fresh start: every slot's first state, level 0.
  void start(const compact_detail::CompactCheckpoints<G>& checkpoints) {
    if (!t_.options.spool_directory.empty()) {
      std::filesystem::create_directories(t_.options.spool_directory);
      checkpoints.remove_unfinished();
      t_.use_spool(std::make_unique<SpoolFile>(t_.scratch_path(".spool")));
    }
    t_.cells.assign((t_.n + 1) / 2, 0);
    t_.decided_in_block.assign(t_.block_count(), 0);
    t_.recounted_blocks.assign((t_.block_count() + 63) / 64, 0);
    compact_detail::CompactInitializer<G>(t_).run();
    t_.record_watched(0);
    t_.report(0, t_.decided_at_zero);
    t_.at = {1, t_.decided_at_zero, t_.decided_at_zero, false};
  }

  compact_detail::CompactTier<G> t_;
};

}  // namespace zz
