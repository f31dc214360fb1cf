#pragma once
// The working state of the tier CompactRetrogradeSolver (compact_retrograde.hpp) is solving,
// shared by the pieces that do its jobs: initialization (compact_initialize.hpp), the level
// passes and recounts (compact_levels.hpp), checkpoints and resume
// (compact_checkpoints.hpp) and the assembly of the table (compact_assembly.hpp). It holds
// the 4-bit cells and the atomic operations on one cell, the per-level lists, the watched
// codes of what re-examined positions read, and where the level loop stands.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include "core/common/error.hpp"
#include "solver/level_blocks.hpp"
#include "solver/level_lists.hpp"
#include "solver/retrograde_moves.hpp"
#include "solver/solve_options.hpp"
#include "solver/spool_file.hpp"
#include "solver/table/tier_table.hpp"

namespace zz::compact_detail {

// The value bits of a cell.
inline constexpr std::uint8_t kUndecided = 0, kWon = 1, kLost = 2, kSettled = 3;
// The other two bits of an undecided cell, and of a settled one.
inline constexpr std::uint8_t kMayBeLost = 0, kNeverLost = 1, kReexamined = 2, kRecounted = 3;
inline constexpr std::uint8_t kDrawn = 0, kUnused = 1;
constexpr std::uint8_t cell(std::uint8_t value, std::uint8_t aux) { return static_cast<std::uint8_t>(value | aux << 2); }
constexpr std::uint8_t value_of(std::uint8_t c) { return c & 3; }
constexpr std::uint8_t aux_of(std::uint8_t c) { return c >> 2; }
// A decided cell's aux bits: at which of the last three levels it was decided.
constexpr std::uint8_t tag(int level) { return static_cast<std::uint8_t>(1 + level % 3); }

// The due lists of level 0, which nothing else uses (the levels start at 1), hold the
// positions the game foresees won in one ply (ExternalSummary::foreseen_win): decided at
// level 1 like any, but logged and aged before the pass after it, which therefore never
// un-moves from them (their predecessors counted them as known) and needs no unrank to
// tell them apart.
inline constexpr int kForeseenDue = 0;

// Where the level loop stands: the next level, positions decided so far, decided at the
// level before, and whether the one before that decided any.
struct LoopState {
  int level = 1;
  std::uint64_t decided = 0, previous = 0;
  bool older_previous = false;
};

template <Unmovable G>
struct CompactTier {
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  CompactTier(const G& game, Tier tier, std::span<const SolvedTier<Tier>> solved, const SolveOptions& options)
      : game(game), tier(tier), options(options), n(game.tier_size(tier)), moves(game, tier, solved) {}

  // Where the lists and the checkpoint go: named by the tier when checkpoints are on (a
  // later solve finds them), else by the process.
  bool checkpoints() const { return !options.spool_directory.empty() && options.checkpoint_seconds >= 0; }
  std::filesystem::path scratch_path(const char* extension) const {
    const std::string who = checkpoints() ? "" : "-" + std::to_string(::getpid());
    return options.spool_directory / (".compact-" + moves.name() + who + extension);
  }
  std::filesystem::path checkpoint_path() const { return scratch_path(".checkpoint"); }

  void use_spool(std::unique_ptr<SpoolFile> file) {
    spool = std::move(file);
    for (LevelLists* lists : {&due, &decided, &unused}) lists->use(spool.get());
  }

  std::uint8_t load(std::uint64_t i) const {
    const std::uint8_t pair = std::atomic_ref<const std::uint8_t>(cells[i >> 1]).load(std::memory_order_relaxed);
    return (pair >> ((i & 1) * 4)) & 15;
  }
  // Only where no other thread touches the cell's byte (initialization, by whole blocks).
  void store_plain(std::uint64_t i, std::uint8_t c) {
    std::uint8_t& pair = cells[i >> 1];
    const int shift = static_cast<int>(i & 1) * 4;
    pair = static_cast<std::uint8_t>((pair & ~(15 << shift)) | c << shift);
  }
  // Decides an undecided slot at `level`; false if it was decided already.
  bool claim(std::uint64_t i, bool won, int level) {
    std::atomic_ref<std::uint8_t> pair(cells[i >> 1]);
    const int shift = static_cast<int>(i & 1) * 4;
    const std::uint8_t mine = cell(won ? kWon : kLost, tag(level));
    std::uint8_t old = pair.load(std::memory_order_relaxed);
    do {
      if (value_of(static_cast<std::uint8_t>(old >> shift)) != kUndecided) return false;
    } while (!pair.compare_exchange_weak(old, static_cast<std::uint8_t>((old & ~(15 << shift)) | mine << shift),
                                         std::memory_order_relaxed));
    mark_decided(i, level);
    return true;
  }
  // Forgets at which level slot i was decided (the pass after it has un-moved from it).
  void age(std::uint64_t i) {
    std::atomic_ref<std::uint8_t>(cells[i >> 1]).fetch_and(static_cast<std::uint8_t>(~(12 << ((i & 1) * 4))),
                                                          std::memory_order_relaxed);
  }

  // Level bits per block of 256 slots (level_blocks.hpp): some slot of the block was
  // decided at that level.
  std::uint64_t block_count() const { return level_blocks::count(n); }
  void mark_decided(std::uint64_t i, int level) { level_blocks::mark(decided_in_block, i, level); }

  void check_stop() const { throw_if_stopped(options.stop); }
  // Files a decision on slot i that falls due at `level`; `last` gathers the last such level.
  void note_due(int level, bool win, std::uint64_t i, int& last) {
    if (level >= kMaxRemoteness) throw std::logic_error("remoteness overflow in tier " + moves.name());
    last = std::max(last, level);
    due.add(level, win ? 0 : 1, i);
  }

  // Gives the watched slots decided at `level` (all of its decisions made) their code.
  void record_watched(int level) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, watched.size(), 4096), [&](const auto& r) {
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        if (watched_code[k] != TierMoves<G>::kUndecidedCode) continue;
        const std::uint8_t c = load(watched[k]);
        if (value_of(c) == kWon) watched_code[k] = encode(Outcome::win(level));
        else if (value_of(c) == kLost) watched_code[k] = encode(Outcome::loss(level));
        else if (c == cell(kSettled, kDrawn)) watched_code[k] = kDrawCode;
      }
    });
  }

  Code code_of_watched(std::uint64_t i) const {
    const auto it = std::lower_bound(watched.begin(), watched.end(), i);
    if (it == watched.end() || *it != i) throw std::logic_error("slot not watched in " + moves.name());
    return watched_code[static_cast<std::size_t>(it - watched.begin())];
  }

  void report(int level, std::uint64_t decided_so_far) const {
    if (!options.progress) return;
    SolveProgress p{moves.name(), level, decided_so_far, n, 0};
    if (spool) p.scratch_written = spool->bytes_written(), p.scratch_read = spool->bytes_read();
    options.progress(p);
  }

  const G& game;
  Tier tier;
  const SolveOptions& options;
  std::uint64_t n;
  TierMoves<G> moves;
  std::vector<std::uint8_t> cells;                 // two slots per byte
  std::vector<std::uint64_t> decided_in_block;     // level bits per block of slots
  std::vector<std::uint64_t> recounted_blocks;     // a bit per block: a slot recounted in this pass
  std::unique_ptr<SpoolFile> spool;                // where the lists go, if anywhere
  LevelLists due;                                  // decisions falling due: 0 won, 1 lost
  LevelLists decided;                              // each level's decisions: 0 won, 1 lost
  LevelLists unused;                               // level 0, kind 0: the unused slots
  LoopState at;
  std::chrono::steady_clock::time_point last_checkpoint;
  std::vector<std::uint64_t> reexamined;           // positions with a transient child
  std::vector<std::uint64_t> watched;              // the slots they read, sorted
  std::vector<Code> watched_code;                  // and their codes as far as known
  std::uint64_t decided_at_zero = 0;
  int deepest_external = 0;
  int last_due = 0;
  Code widest = kDrawCode;  // the largest code decided
  int last_level = 0;       // the last level passed (its pass logged the one before)
  bool levels_done = false;  // only the table is left to assemble
};

}  // namespace zz::compact_detail
