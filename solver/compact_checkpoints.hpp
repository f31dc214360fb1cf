#pragma once
// CompactRetrogradeSolver's checkpoints (compact_retrograde.hpp): with
// SolveOptions::checkpoint_seconds and a spool directory, the level loop writes its whole
// state (compact_tier.hpp) every so often, and a later solve of the same tier with the same
// dependencies takes it up instead of starting again; anything else an earlier solve left
// is removed.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "core/common/release_memory.hpp"
#include "solver/checkpoint_file.hpp"
#include "solver/compact_tier.hpp"

namespace zz::compact_detail {

template <Unmovable G>
class CompactCheckpoints {
 public:
  explicit CompactCheckpoints(CompactTier<G>& t) : t_(t) {}

  // Writes the state as the next level finds it (every list sealed and the spool synced
  // first, so that the checkpoint names only bytes on disk). Once the levels are done, the
  // lists alone: the cells' section is empty.
  void write() {
    for (LevelLists* lists : {&t_.due, &t_.decided, &t_.unused}) lists->seal_all();
    t_.spool->sync();
    CheckpointWriter out(t_.checkpoint_path(), kind());
    out.values(std::vector<std::uint64_t>{static_cast<std::uint64_t>(t_.at.level), t_.at.decided, t_.at.previous,
                                          t_.at.older_previous, static_cast<std::uint64_t>(t_.last_due), t_.widest,
                                          static_cast<std::uint64_t>(t_.last_level), t_.decided_at_zero,
                                          static_cast<std::uint64_t>(t_.deepest_external), t_.spool->size(),
                                          t_.levels_done});
    if (t_.levels_done) {
      out.section({});
      out.section({});
    } else {
      out.section(t_.cells);
      out.values(t_.decided_in_block);
    }
    for (LevelLists* lists : {&t_.due, &t_.decided, &t_.unused}) out.values(lists->describe());
    out.values(t_.reexamined);
    out.values(t_.watched);
    out.values(t_.watched_code);
    out.commit();
    t_.spool->keep(true);  // the checkpoint names it now
    t_.last_checkpoint = std::chrono::steady_clock::now();
  }

  // Whether the level loop has run checkpoint_seconds since the last checkpoint.
  bool due() const {
    return t_.checkpoints() &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - t_.last_checkpoint).count() >=
               t_.options.checkpoint_seconds;
  }

  // Takes up the state of the last checkpoint, if there is a sound one for this solve;
  // anything else left by an earlier solve is removed.
  bool resume() {
    t_.last_checkpoint = std::chrono::steady_clock::now();
    if (!t_.checkpoints()) return false;
    CheckpointReader in(t_.checkpoint_path(), kind());
    std::vector<std::uint64_t> s;
    if (in.values(s) && s.size() == 11 && s[0] >= 1 && s[0] < static_cast<std::uint64_t>(kMaxRemoteness)) {
      try {
        t_.use_spool(std::make_unique<SpoolFile>(t_.scratch_path(".spool"), s[9]));
        t_.spool->keep(true);
      } catch (const std::runtime_error&) {
        return discard();
      }
      t_.at = {static_cast<int>(s[0]), s[1], s[2], s[3] != 0};
      t_.last_due = static_cast<int>(s[4]);
      t_.widest = static_cast<Code>(s[5]);
      t_.last_level = static_cast<int>(s[6]);
      t_.decided_at_zero = s[7];
      t_.deepest_external = static_cast<int>(s[8]);
      t_.levels_done = s[10] != 0;
      t_.cells.resize(t_.levels_done ? 0 : (t_.n + 1) / 2);
      std::vector<std::uint64_t> due, decided, unused;
      if (in.section_into(t_.cells) && in.values(t_.decided_in_block) &&
          t_.decided_in_block.size() == (t_.levels_done ? 0 : t_.block_count()) &&
          in.values(due) && in.values(decided) && in.values(unused) && in.values(t_.reexamined) &&
          in.values(t_.watched) && in.values(t_.watched_code) && t_.watched_code.size() == t_.watched.size() &&
          t_.due.restore(due, s[9]) && t_.decided.restore(decided, s[9]) && t_.unused.restore(unused, s[9])) {
        t_.recounted_blocks.assign((t_.block_count() + 63) / 64, 0);
        return true;
      }
    }
    return discard();
  }

  // A checkpoint being written when its process was killed stays under a temporary name.
  void remove_unfinished() const {
    const std::string prefix = t_.checkpoint_path().filename().string() + ".tmp-";
    std::error_code ignored;
    for (const auto& f : std::filesystem::directory_iterator(t_.options.spool_directory, ignored))
      if (f.path().filename().string().rfind(prefix, 0) == 0) std::filesystem::remove(f.path(), ignored);
  }

 private:
  // What a checkpoint must have been written for: this solver, tier and dependencies.
  // 3: since initialization counts foreseen wins as known (TierMoves::initial_children), a
  // checkpoint of an earlier build would miss the losses that counting now decides.
  // 4: the foreseen wins are filed at level 0 of the due lists (kForeseenDue), which an
  // earlier build would never decide.
  std::string kind() const {
    return "compact retrograde 4 " + t_.moves.name() + " " + std::to_string(t_.n) + " " +
           std::to_string(t_.moves.dependencies_fingerprint());
  }

  bool discard() {
    t_.levels_done = false;
    t_.spool.reset();
    for (LevelLists* lists : {&t_.due, &t_.decided, &t_.unused}) lists->clear();
    release_memory(t_.cells);
    release_memory(t_.decided_in_block);
    release_memory(t_.reexamined);
    release_memory(t_.watched);
    release_memory(t_.watched_code);
    std::error_code ignored;
    std::filesystem::remove(t_.checkpoint_path(), ignored);
    return false;
  }

  CompactTier<G>& t_;
};

}  // namespace zz::compact_detail
