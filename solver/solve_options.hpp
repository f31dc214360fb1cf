#pragma once
// What a retrograde solve reports as it goes and the options it takes.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>

#include "solver/distributed/communicator.hpp"

namespace zz {

enum class WorkingState { automatic, in_memory, compact };

// The bytes of decoded tables a set keeps for its tiers still to come unless told otherwise.
inline constexpr std::uint64_t kDefaultHeldBytes = std::uint64_t{8} << 30;

struct SolveProgress {
  std::string_view tier;
  int level = 0;
  std::uint64_t decided = 0;     // positions won or lost so far in this tier (all ranks)
  std::uint64_t size = 0;        // index slots in this tier
  std::uint64_t bytes_sent = 0;  // this level, by all ranks to one another
  // The compact state's scratch file, in this tier so far: bytes written to and read from it.
  std::uint64_t scratch_written = 0, scratch_read = 0;
  // The set a solve_tiers call builds (the tables missing from disk, dependencies included);
  // zero when a tier is solved alone.
  int tables = 0;                  // to build
  int tables_done = 0;             // built so far, the one this report ends included
  std::uint64_t slots = 0;         // index slots of the tables to build
  std::uint64_t slots_done = 0;    // of those built so far
  double seconds = 0;              // since the set's solve began
  double seconds_done = 0;         // ... when its last finished table was stored
  // A report that ends a table: the wall and CPU seconds (this process, all threads) that
  // table took, from the end of the one before; zero otherwise.
  double table_seconds = 0, table_cpu_seconds = 0;
  bool table_finished = false;     // this report ends a table (stored on disk)
  std::string_view coder = {};     // ... and what coded its blocks (settings_name), if compressed
  // A report before the tier's first level, while its sub-table `decoding` is decoded into
  // memory (a compressed table, its left-out side valued from its moves: minutes for a
  // five-piece table), the `dependency`-th of its `dependencies`. Empty otherwise.
  std::string_view decoding = {};
  int dependency = 0, dependencies = 0;
  // A report during the tier's initialization (its first pass over every slot, before level
  // 0: half an hour for a six-pawn Tablut table): `initialized` of its `size` slots done.
  bool initializing = false;
  std::uint64_t initialized = 0;
  // A report that the tier's levels are done and its table is being written.
  bool writing = false;

  // The finished tables' wall seconds and slots, each table's share halved for every
  // kRateHalfLife slots finished after it: the rate the estimate uses follows the recent
  // tables, so a resumed set's first table (its sub-tables decoded from their files) or an
  // hour the machine was busy fades as tables finish instead of skewing the rest of the run.
  static constexpr double kRateHalfLife = 1073741824.0;  // 2^30 slots: one or two five-piece tables
  double recent_seconds = 0, recent_slots = 0;

  // Records a finished table of `table_slots` slots, `now` seconds since the set began.
  void finish_table(std::uint64_t table_slots, double now) {
    const double fade = std::exp2(-static_cast<double>(table_slots) / kRateHalfLife);
    recent_seconds = recent_seconds * fade + (now - seconds_done);
    recent_slots = recent_slots * fade + static_cast<double>(table_slots);
    ++tables_done;
    slots_done += table_slots;
    seconds_done = now;
  }

  // The time the set still needs at the recent rate per index slot, less what the current
  // table has already taken; nullopt before the first table.
  std::optional<double> seconds_left() const {
    if (slots_done == 0 || slots == 0 || recent_slots <= 0) return std::nullopt;
    const double rate = recent_seconds / recent_slots;
    return std::max(0.0, rate * static_cast<double>(slots - slots_done) - (seconds - seconds_done));
  }
};

struct SolveOptions {
  // Sweeps even when the game can un-move: slower, independent of the un-move generator.
  bool force_sweeps = false;
  // The in-memory solver keeps its loss floors after the solve (2 bytes per slot) for the
  // table writer (RetrogradeSolver::take_exit_floors).
  bool keep_exit_floors = false;
  // Called after each level (on rank 0 of a distributed job).
  std::function<void(const SolveProgress&)> progress;
  // Checked between chunks of work: once set, the solve throws Cancelled.
  const std::atomic<bool>* stop = nullptr;
  // The ranks of a distributed job; nullptr: this process alone.
  Communicator* comm = nullptr;
  // Un-move messages to other ranks a rank gathers before the ranks exchange them.
  std::uint64_t message_batch = std::uint64_t{1} << 22;
  // 8-byte messages even where 4 bytes hold every slot (for tests of the wide format).
  bool wide_messages = false;
  // solve_tiers: a set of at least this many slots releases each table from the store once
  // no tier still to come reads it (chess all5 would not fit in memory otherwise). Smaller
  // sets keep their tables in memory for the queries that follow. A store being released
  // must not be read by other threads meanwhile.
  std::uint64_t release_from_slots = std::uint64_t{1} << 31;
  // In such a set, the bytes of codes the store may keep in memory for tiers still to come
  // before it releases the ones read again last (they are opened and decoded again when
  // needed). Releasing by last use alone was not enough: all5 reads pawnless and pawn tables
  // as promotion targets long after they are decoded, and was killed at 24 GB.
  std::uint64_t held_bytes_budget = kDefaultHeldBytes;
  // The working state of a tier solved by one process with un-moves: in memory (about 6
  // bytes per slot at the peak), compact (half a byte per slot and the level lists, slower:
  // solver/compact_retrograde.hpp), or automatic: compact when the in-memory state of the
  // tier would not fit in memory_budget.
  WorkingState state = WorkingState::automatic;
  // Bytes the solve may use; 0: the machine's physical memory.
  std::uint64_t memory_budget = 0;
  // Where the compact state writes its lists of slots (a scratch file removed when the tier
  // is solved); empty: they stay in memory. solve_tiers uses the tables' directory.
  std::filesystem::path spool_directory;
  // With a spool directory, the compact state writes a checkpoint there after a level when
  // this many seconds have passed since the last (0: after every level; negative: never),
  // and a later solve of the tier resumes from it.
  double checkpoint_seconds = 600;
  // With a spool directory, the compact state writes the finished table to a scratch file
  // this many slots at a time (rounded up to 65,536) and maps it, so that the table is never
  // whole in memory. At most a sixteenth of the memory budget.
  std::uint64_t assembly_window_slots = std::uint64_t{1} << 26;
};

// "auto", "memory" or "compact"; throws InputError for anything else.
WorkingState parse_working_state(std::string_view text);

// The bytes of physical memory of this machine.
std::uint64_t physical_memory();

// The bytes a solve may use: options.memory_budget, or the machine's memory.
std::uint64_t memory_budget(const SolveOptions& options);

// The bytes of decoded tables a command that may use `memory` bytes keeps (solve, verify and
// compress alike): half of it, at most kDefaultHeldBytes; 0 means no limit was given. The
// other half is the working state and the tables a tier reads past the held bytes, which are
// mapped from decoded copies (solver/set_memory.hpp).
std::uint64_t held_bytes_for_memory(std::uint64_t memory);

// Whether a tier of `slots` slots is solved in the compact working state under `options`.
bool solves_compact(std::uint64_t slots, const SolveOptions& options);

}  // namespace zz
