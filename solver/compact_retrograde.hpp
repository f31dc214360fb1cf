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
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <filesystem>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include "core/common/release_memory.hpp"
#include "core/common/error.hpp"
#include "solver/checkpoint_file.hpp"
#include "solver/level_blocks.hpp"
#include "solver/level_lists.hpp"
#include "solver/retrograde_moves.hpp"
#include "solver/solve_options.hpp"
#include "solver/spool_file.hpp"
#include "solver/table/mapped_payload.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

template <Unmovable G>
class CompactRetrogradeSolver {
  using Position = typename G::Position;
  using Tier = typename G::Tier;

 public:
  CompactRetrogradeSolver(const G& game, Tier tier, std::span<const SolvedTier<Tier>> solved, const SolveOptions& options)
      : game_(game), tier_(tier), options_(options), n_(game.tier_size(tier)), moves_(game, tier, solved) {}

  // The tier's table. With checkpoints (SolveOptions::checkpoint_seconds and a spool
  // directory), a solve stopped in any way resumes from the last one written.
  TierTable solve() {
    if (!resume()) start();
    if (!levels_done_) {
      levels();
      levels_done_ = true;
      // A tier long enough to have a checkpoint gets one without the cells before the table
      // is assembled: a kill then resumes at the assembly, and the disk never holds the
      // cells' checkpoint beside the assembled codes (K1W5B: 12 GB and 24 GB).
      if (checkpoints() && std::filesystem::exists(checkpoint_path())) write_checkpoint();
    }
    TierTable table = assemble();
    if (checkpoints()) {
      std::filesystem::remove(checkpoint_path());
      remove_unfinished_checkpoints();
    }
    if (spool_) spool_->keep(false);
    spool_.reset();  // and its file
    return table;
  }

  // Bytes per slot of working state while the levels are passed: the 4-bit cells, the
  // blocks' level bits and recount bits. Then the lists (spooled to disk with
  // SolveOptions::spool_directory), and at the end the table alone.
  static constexpr double kStateBytesPerSlot = 0.5 + 8.0 / 256 + 1.0 / 2048;

 private:
  // The value bits of a cell.
  enum : std::uint8_t { kUndecided = 0, kWon = 1, kLost = 2, kSettled = 3 };
  // The other two bits of an undecided cell, and of a settled one.
  enum : std::uint8_t { kMayBeLost = 0, kNeverLost = 1, kReexamined = 2, kRecounted = 3 };
  enum : std::uint8_t { kDrawn = 0, kUnused = 1 };
  static std::uint8_t cell(std::uint8_t value, std::uint8_t aux) { return static_cast<std::uint8_t>(value | aux << 2); }
  static std::uint8_t value_of(std::uint8_t c) { return c & 3; }
  static std::uint8_t aux_of(std::uint8_t c) { return c >> 2; }
  static std::uint8_t tag(int level) { return static_cast<std::uint8_t>(1 + level % 3); }

  // Where the lists and the checkpoint go: named by the tier when checkpoints are on (a
  // later solve finds them), else by the process.
  bool checkpoints() const { return !options_.spool_directory.empty() && options_.checkpoint_seconds >= 0; }
  std::filesystem::path scratch_path(const char* extension) const {
    const std::string who = checkpoints() ? "" : "-" + std::to_string(::getpid());
    return options_.spool_directory / (".compact-" + moves_.name() + who + extension);
  }
  std::filesystem::path checkpoint_path() const { return scratch_path(".checkpoint"); }
  // What a checkpoint must have been written for: this solver, tier and dependencies.
  std::string checkpoint_kind() const {
    return "compact retrograde 2 " + moves_.name() + " " + std::to_string(n_) + " " +
           std::to_string(moves_.dependencies_fingerprint());
  }

  void use_spool(std::unique_ptr<SpoolFile> spool) {
    spool_ = std::move(spool);
    for (LevelLists* lists : {&due_, &decided_, &unused_}) lists->use(spool_.get());
  }

  // A fresh start: every slot's first state, level 0.
  void start() {
    if (!options_.spool_directory.empty()) {
      std::filesystem::create_directories(options_.spool_directory);
      remove_unfinished_checkpoints();
      use_spool(std::make_unique<SpoolFile>(scratch_path(".spool")));
    }
    cells_.assign((n_ + 1) / 2, 0);
    decided_in_block_.assign(block_count(), 0);
    recounted_blocks_.assign((block_count() + 63) / 64, 0);
    initialize();
    record_watched(0);
    report(0, decided_at_zero_);
    at_ = {1, decided_at_zero_, decided_at_zero_, false};
  }

  // Where the level loop stands: the next level, positions decided so far, decided at the
  // level before, and whether the one before that decided any.
  struct LoopState {
    int level = 1;
    std::uint64_t decided = 0, previous = 0;
    bool older_previous = false;
  };

  // Writes the state as the next level finds it (every list sealed and the spool synced
  // first, so that the checkpoint names only bytes on disk). Once the levels are done, the
  // lists alone: the cells' section is empty.
  void write_checkpoint() {
    for (LevelLists* lists : {&due_, &decided_, &unused_}) lists->seal_all();
    spool_->sync();
    CheckpointWriter out(checkpoint_path(), checkpoint_kind());
    out.values(std::vector<std::uint64_t>{static_cast<std::uint64_t>(at_.level), at_.decided, at_.previous,
                                          at_.older_previous, static_cast<std::uint64_t>(last_due_), widest_,
                                          static_cast<std::uint64_t>(last_level_), decided_at_zero_,
                                          static_cast<std::uint64_t>(deepest_external_), spool_->size(),
                                          levels_done_});
    if (levels_done_) {
      out.section({});
      out.section({});
    } else {
      out.section(cells_);
      out.values(decided_in_block_);
    }
    for (LevelLists* lists : {&due_, &decided_, &unused_}) out.values(lists->describe());
    out.values(reexamined_);
    out.values(watched_);
    out.values(watched_code_);
    out.commit();
    spool_->keep(true);  // the checkpoint names it now
    last_checkpoint_ = std::chrono::steady_clock::now();
  }

  // Takes up the state of the last checkpoint, if there is a sound one for this solve;
  // anything else left by an earlier solve is removed.
  bool resume() {
    last_checkpoint_ = std::chrono::steady_clock::now();
    if (!checkpoints()) return false;
    CheckpointReader in(checkpoint_path(), checkpoint_kind());
    std::vector<std::uint64_t> s;
    if (in.values(s) && s.size() == 11 && s[0] >= 1 && s[0] < static_cast<std::uint64_t>(kMaxRemoteness)) {
      try {
        use_spool(std::make_unique<SpoolFile>(scratch_path(".spool"), s[9]));
        spool_->keep(true);
      } catch (const std::runtime_error&) {
        return discard();
      }
      at_ = {static_cast<int>(s[0]), s[1], s[2], s[3] != 0};
      last_due_ = static_cast<int>(s[4]);
      widest_ = static_cast<Code>(s[5]);
      last_level_ = static_cast<int>(s[6]);
      decided_at_zero_ = s[7];
      deepest_external_ = static_cast<int>(s[8]);
      levels_done_ = s[10] != 0;
      cells_.resize(levels_done_ ? 0 : (n_ + 1) / 2);
      std::vector<std::uint64_t> due, decided, unused;
      if (in.section_into(cells_) && in.values(decided_in_block_) &&
          decided_in_block_.size() == (levels_done_ ? 0 : block_count()) &&
          in.values(due) && in.values(decided) && in.values(unused) && in.values(reexamined_) &&
          in.values(watched_) && in.values(watched_code_) && watched_code_.size() == watched_.size() &&
          due_.restore(due, s[9]) && decided_.restore(decided, s[9]) && unused_.restore(unused, s[9])) {
        recounted_blocks_.assign((block_count() + 63) / 64, 0);
        return true;
      }
    }
    return discard();
  }
  // A checkpoint being written when its process was killed stays under a temporary name.
  void remove_unfinished_checkpoints() const {
    const std::string prefix = checkpoint_path().filename().string() + ".tmp-";
    std::error_code ignored;
    for (const auto& f : std::filesystem::directory_iterator(options_.spool_directory, ignored))
      if (f.path().filename().string().rfind(prefix, 0) == 0) std::filesystem::remove(f.path(), ignored);
  }

  bool discard() {
    levels_done_ = false;
    spool_.reset();
    for (LevelLists* lists : {&due_, &decided_, &unused_}) lists->clear();
    release_memory(cells_);
    release_memory(decided_in_block_);
    release_memory(reexamined_);
    release_memory(watched_);
    release_memory(watched_code_);
    std::error_code ignored;
    std::filesystem::remove(checkpoint_path(), ignored);
    return false;
  }

  std::uint8_t load(std::uint64_t i) const {
    const std::uint8_t pair = std::atomic_ref<const std::uint8_t>(cells_[i >> 1]).load(std::memory_order_relaxed);
    return (pair >> ((i & 1) * 4)) & 15;
  }
  // Only where no other thread touches the cell's byte (initialization, by whole blocks).
  void store_plain(std::uint64_t i, std::uint8_t c) {
    std::uint8_t& pair = cells_[i >> 1];
    const int shift = static_cast<int>(i & 1) * 4;
    pair = static_cast<std::uint8_t>((pair & ~(15 << shift)) | c << shift);
  }
  // Decides an undecided slot at `level`; false if it was decided already.
  bool claim(std::uint64_t i, bool won, int level) {
    std::atomic_ref<std::uint8_t> pair(cells_[i >> 1]);
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
    std::atomic_ref<std::uint8_t>(cells_[i >> 1]).fetch_and(static_cast<std::uint8_t>(~(12 << ((i & 1) * 4))),
                                                           std::memory_order_relaxed);
  }

  // Level bits per block of 256 slots (level_blocks.hpp): some slot of the block was
  // decided at that level.
  std::uint64_t block_count() const { return level_blocks::count(n_); }
  void mark_decided(std::uint64_t i, int level) { level_blocks::mark(decided_in_block_, i, level); }

  void check_stop() const { throw_if_stopped(options_.stop); }
  void note_due(int level, bool win, std::uint64_t i, int& last) {
    if (level >= kMaxRemoteness) throw std::logic_error("remoteness overflow in tier " + moves_.name());
    last = std::max(last, level);
    due_.add(level, win ? 0 : 1, i);
  }

  // Every slot's first cell, and what its external children imply, filed for later levels.
  void initialize() {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> reexamined;
    tbb::enumerable_thread_specific<std::uint64_t> terminals(0);
    tbb::enumerable_thread_specific<int> last_due(0);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, block_count(), 8), [&](const auto& r) {
      check_stop();
      retro_detail::Slots inside;
      Position p;
      int& last = last_due.local();
      for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
        const std::uint64_t end = level_blocks::end_slot(b, n_);
        for (std::uint64_t i = level_blocks::first_slot(b); i != end; ++i) {
          if (!game_.unrank(tier_, i, p)) {
            store_plain(i, cell(kSettled, kUnused));
            unused_.add(0, 0, i);
            continue;
          }
          if (auto o = game_.outcome(p)) {
            if (o->value == Value::Draw) {
              store_plain(i, cell(kSettled, kDrawn));
            } else {
              if (o->remoteness != 0) throw std::logic_error("a finished game valued at remoteness > 0 in " + moves_.name());
              store_plain(i, cell(o->value == Value::Win ? kWon : kLost, tag(0)));
              decided_in_block_[b] |= level_blocks::bit(0);
              ++terminals.local();
            }
            continue;
          }
          retro_detail::ExternalSummary ext;
          const int count = moves_.children(p, inside, ext, moves_.neighbours_distinct(p));
          if (count < 0) {
            store_plain(i, cell(kUndecided, kReexamined));
            reexamined.local().push_back(i);
          } else if (ext.win_level >= 0) {
            store_plain(i, cell(kUndecided, kNeverLost));
            note_due(ext.win_level, true, i, last);
          } else if (ext.draw) {
            store_plain(i, count == 0 ? cell(kSettled, kDrawn) : cell(kUndecided, kNeverLost));
          } else {
            // store_plain(i, kMayBeLost) is the zero the cells start from.
            if (count == 0) note_due(ext.loss_floor, false, i, last);
          }
        }
      }
    });
    unused_.seal(0);
    for (int l : last_due) last_due_ = std::max(last_due_, l);
    for (std::uint64_t t : terminals) decided_at_zero_ += t;
    for (auto& v : reexamined) reexamined_.insert(reexamined_.end(), v.begin(), v.end());
    std::sort(reexamined_.begin(), reexamined_.end());
    deepest_external_ = moves_.deepest_external();
    watch_children_of_reexamined();
  }

  // The codes of the slots re-examined positions read (their children, and through a
  // transient child its children), kept exact as they are decided: the only remoteness the
  // solve holds before the end.
  void watch_children_of_reexamined() {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> parts;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, reexamined_.size(), 64), [&](const auto& r) {
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        game_.unrank(tier_, reexamined_[k], p);
        moves_.for_each_read_slot(p, [&](std::uint64_t i) { parts.local().push_back(i); });
      }
    });
    for (auto& v : parts) watched_.insert(watched_.end(), v.begin(), v.end());
    std::sort(watched_.begin(), watched_.end());
    watched_.erase(std::unique(watched_.begin(), watched_.end()), watched_.end());
    watched_code_.assign(watched_.size(), TierMoves<G>::kUndecidedCode);
  }

  // Gives the watched slots decided at `level` (all of its decisions made) their code.
  void record_watched(int level) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, watched_.size(), 4096), [&](const auto& r) {
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        if (watched_code_[k] != TierMoves<G>::kUndecidedCode) continue;
        const std::uint8_t c = load(watched_[k]);
        if (value_of(c) == kWon) watched_code_[k] = encode(Outcome::win(level));
        else if (value_of(c) == kLost) watched_code_[k] = encode(Outcome::loss(level));
        else if (c == cell(kSettled, kDrawn)) watched_code_[k] = kDrawCode;
      }
    });
  }

  Code watched_code(std::uint64_t i) const {
    const auto it = std::lower_bound(watched_.begin(), watched_.end(), i);
    if (it == watched_.end() || *it != i) throw std::logic_error("slot not watched in " + moves_.name());
    return watched_code_[static_cast<std::size_t>(it - watched_.begin())];
  }

  // The re-examined positions decided at `level`, tagged with their value (low bit: won).
  std::vector<std::uint64_t> examine(int level) {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    const auto code_of = [this](std::uint64_t i) { return watched_code(i); };
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, reexamined_.size(), 64), [&](const auto& r) {
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        const std::uint64_t i = reexamined_[k];
        if (value_of(load(i)) != kUndecided) continue;
        game_.unrank(tier_, i, p);
        if (auto v = moves_.decide_at(p, level, code_of)) found.local().push_back(i << 1 | (*v == Value::Win ? 1 : 0));
      }
    });
    std::vector<std::uint64_t> all;
    for (auto& v : found) all.insert(all.end(), v.begin(), v.end());
    return all;
  }

  // Whether undecided slot q, whose child was won at level - 1, is lost at `level`: every
  // child won before this level; else false at the first that is not. A loss that an
  // external child's slower win holds back is filed for its level.
  bool lost_now(std::uint64_t q, int level, Position& p, int& last_due) {
    game_.unrank(tier_, q, p);
    int floor = 0;
    const std::uint8_t now = tag(level);
    const bool all_won = moves_.visit_children(
        p, false,
        [&](std::uint64_t c) {
          const std::uint8_t s = load(c);
          return value_of(s) == kWon && aux_of(s) != now;
        },
        [&](const Outcome& o) {
          if (o.value != Value::Win) return false;
          floor = std::max(floor, o.remoteness + 1);
          return true;
        });
    if (!all_won) return false;
    if (floor <= level) return true;
    note_due(floor, false, q, last_due);
    return false;
  }

  // What a child decided at level - 1 does to its predecessors.
  void unmove_from(std::uint64_t child, bool child_lost, int level, std::uint64_t& claimed, int& last_due,
                   retro_detail::Slots& preds, Position& p) {
    const int count = moves_.predecessors(child, preds, p);
    for (int j = 0; j < count; ++j) __builtin_prefetch(&cells_[preds[j] >> 1], 1);
    for (int j = 0; j < count; ++j) {
      const std::uint64_t q = preds[j];
      const std::uint8_t s = load(q);
      if (value_of(s) != kUndecided || aux_of(s) == kReexamined) continue;
      if (child_lost) claimed += claim(q, true, level);
      else if (aux_of(s) == kMayBeLost && first_recount(q) && lost_now(q, level, p, last_due))
        claimed += claim(q, false, level);
    }
  }

  // Whether slot q, undecided and may yet be lost, is recounted for the first time in this
  // level's pass (its cell then says so): its children's states as of the level before do
  // not change during the pass, so a second won child would find the same child not yet
  // won (or file the same loss). The cell itself keeps the mark, not a bit per slot: K1W5B's
  // 24.2 G slots would need 3 GB more.
  bool first_recount(std::uint64_t q) {
    std::atomic_ref<std::uint8_t> pair(cells_[q >> 1]);
    const int shift = static_cast<int>(q & 1) * 4;
    std::uint8_t old = pair.load(std::memory_order_relaxed);
    do {
      if (static_cast<std::uint8_t>(old >> shift & 15) != cell(kUndecided, kMayBeLost)) return false;
    } while (!pair.compare_exchange_weak(
        old, static_cast<std::uint8_t>(old | cell(kUndecided, kRecounted) << shift), std::memory_order_relaxed));
    const std::uint64_t b = q >> level_blocks::kShift, bit = std::uint64_t{1} << (b & 63);
    std::atomic_ref<std::uint64_t> word(recounted_blocks_[b >> 6]);
    if (!(word.load(std::memory_order_relaxed) & bit)) word.fetch_or(bit, std::memory_order_relaxed);
    return true;
  }

  // After a pass: the slots recounted in it may be lost again (by the next pass's wins).
  void forget_recounts() {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, recounted_blocks_.size(), 16), [&](const auto& r) {
      for (std::size_t w = r.begin(); w != r.end(); ++w) {
        for (std::uint64_t bits = recounted_blocks_[w]; bits; bits &= bits - 1) {
          const std::uint64_t b = w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits));
          // Blocks hold an even number of slots: whole bytes of cells.
          const std::uint64_t first = level_blocks::first_slot(b) >> 1, end = (level_blocks::end_slot(b, n_) + 1) >> 1;
          for (std::uint64_t k = first; k != end; ++k) {
            std::uint8_t pair = cells_[k];
            if ((pair & 15) == cell(kUndecided, kRecounted)) pair &= 0xF0;
            if ((pair >> 4) == cell(kUndecided, kRecounted)) pair &= 0x0F;
            cells_[k] = pair;
          }
        }
        recounted_blocks_[w] = 0;
      }
    });
  }

  // One level's pass: un-moves from every slot decided at the previous level, logging it.
  std::uint64_t pass(int level, int& last_due) {
    tbb::enumerable_thread_specific<std::uint64_t> claimed(0);
    tbb::enumerable_thread_specific<int> last(0);
    tbb::enumerable_thread_specific<std::uint8_t> kinds(0);  // bit 0: a win logged, bit 1: a loss
    const std::uint8_t previous = tag(level - 1);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, block_count(), 16), [&](const auto& r) {
      check_stop();
      std::uint64_t mine = 0;
      int due = 0;
      retro_detail::Slots preds;
      Position p;
      for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
        if (!level_blocks::has(decided_in_block_, b, level - 1)) continue;
        const std::uint64_t end = level_blocks::end_slot(b, n_);
        for (std::uint64_t i = level_blocks::first_slot(b); i != end; ++i) {
          const std::uint8_t s = load(i);
          const std::uint8_t v = value_of(s);
          if ((v != kWon && v != kLost) || aux_of(s) != previous) continue;
          decided_.add(level - 1, v == kWon ? 0 : 1, i);
          kinds.local() |= v;
          unmove_from(i, v == kLost, level, mine, due, preds, p);
          age(i);
        }
        level_blocks::clear(decided_in_block_, b, level - 1);
      }
      claimed.local() += mine;
      last.local() = std::max(last.local(), due);
    });
    for (int l : last) last_due = std::max(last_due, l);
    for (std::uint8_t k : kinds) {
      if (k & kWon) widest_ = std::max(widest_, encode(Outcome::win(level - 1)));
      if (k & kLost) widest_ = std::max(widest_, encode(Outcome::loss(level - 1)));
    }
    decided_.seal(level - 1);
    forget_recounts();
    std::uint64_t total = 0;
    for (std::uint64_t c : claimed) total += c;
    return total;
  }

  void levels() {
    const bool any_reexamined = !reexamined_.empty();
    for (int level = at_.level; at_.previous > 0 || level <= last_due_ ||
                                (any_reexamined && (at_.older_previous || level <= deepest_external_ + 2));
         ++level) {
      if (level >= kMaxRemoteness) throw std::logic_error("remoteness overflow in tier " + moves_.name());
      check_stop();
      const std::vector<std::uint64_t> examined = examine(level);
      std::uint64_t now = 0;
      {
        tbb::enumerable_thread_specific<std::uint64_t> claimed(0);
        due_.for_each(level, [&](int kind, std::uint64_t i) { claimed.local() += claim(i, kind == 0, level); });
        due_.drop(level);
        for (std::uint64_t c : claimed) now += c;
      }
      int last_due = last_due_;
      now += pass(level, last_due);
      last_due_ = last_due;
      for (std::uint64_t t : examined) now += claim(t >> 1, t & 1, level);
      record_watched(level);
      at_.decided += now;
      report(level, at_.decided);
      at_.older_previous = at_.previous > 0;
      at_.previous = now;
      last_level_ = level;
      at_.level = level + 1;
      if (checkpoints() && std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint_).count() >=
                               options_.checkpoint_seconds)
        write_checkpoint();
    }
  }

  void report(int level, std::uint64_t decided) const {
    if (!options_.progress) return;
    SolveProgress p{moves_.name(), level, decided, n_, 0};
    if (spool_) p.scratch_written = spool_->bytes_written(), p.scratch_read = spool_->bytes_read();
    options_.progress(p);
  }

  // The table, from the lists alone: the cells are freed first, so that the solve never
  // holds them and the table at once. Every slot starts drawn (undecided at the end, or
  // settled so); the unused ones and each level's decisions are written over it. With a
  // spool directory the table is written to a scratch file a window at a time and mapped.
  TierTable assemble() {
    release_memory(cells_);
    release_memory(recounted_blocks_);
    release_memory(decided_in_block_);
    const int width = widest_ < 256 ? 1 : 2;
    const std::vector<CodedChunk> chunks = coded_chunks();
    if (spool_ && n_ > 0) return assemble_to_file(chunks, width);
    std::vector<std::uint8_t> payload(n_ * static_cast<std::uint64_t>(width), 0);
    fill_window(chunks, 0, n_, payload, width);
    for (LevelLists* lists : {&decided_, &unused_}) lists->clear();
    const TierStats stats = count_stats(payload, width);
    return TierTable(std::move(payload), width, stats);
  }

  // A chunk of a list and the code every index in it gets.
  struct CodedChunk {
    Code code;
    const SlotChunk* chunk;
  };

  // Every chunk of the unused slots and of each level's decisions, by smallest index.
  std::vector<CodedChunk> coded_chunks() const {
    std::vector<CodedChunk> chunks;
    unused_.for_each_chunk(0, [&](int, const SlotChunk& c) { chunks.push_back({kUnusedCode, &c}); });
    for (int level = 0; level <= last_level_; ++level)
      decided_.for_each_chunk(level, [&](int kind, const SlotChunk& c) {
        chunks.push_back({encode(kind == 0 ? Outcome::win(level) : Outcome::loss(level)), &c});
      });
    std::sort(chunks.begin(), chunks.end(), [](const CodedChunk& x, const CodedChunk& y) { return x.chunk->lo < y.chunk->lo; });
    return chunks;
  }

  // The codes of slots [a, b) into part: drawn, unless a chunk holding the slot says else.
  void fill_window(const std::vector<CodedChunk>& chunks, std::uint64_t a, std::uint64_t b, std::span<std::uint8_t> part,
                   int width) const {
    const auto put = [&](std::uint64_t i, Code c) {
      part[(i - a) * width] = static_cast<std::uint8_t>(c & 0xFF);
      if (width == 2) part[(i - a) * 2 + 1] = static_cast<std::uint8_t>(c >> 8);
    };
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(a, b, 1 << 16), [&](const auto& r) {
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) put(i, kDrawCode);
    });
    // The chunks holding indices of [a, b): sorted by their smallest, they start before b.
    const auto end = std::lower_bound(chunks.begin(), chunks.end(), b,
                                      [](const CodedChunk& c, std::uint64_t x) { return c.chunk->lo < x; });
    std::vector<const CodedChunk*> hits;
    for (auto it = chunks.begin(); it != end; ++it)
      if (it->chunk->hi >= a) hits.push_back(&*it);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, hits.size(), 1), [&](const auto& r) {
      std::vector<std::uint8_t> scratch;
      for (std::size_t k = r.begin(); k != r.end(); ++k)
        hits[k]->chunk->for_each(spool_.get(), scratch, [&](std::uint64_t i) {
          if (i >= a && i < b) put(i, hits[k]->code);
        });
    });
  }

  TierTable assemble_to_file(const std::vector<CodedChunk>& chunks, int width) {
    // Whole 64 KiB blocks per window, so that each window's block checksums are the file's.
    // A window's buffer takes at most a sixteenth of the memory budget.
    constexpr std::uint64_t kRound = std::uint64_t{1} << 16;
    const std::uint64_t wanted = std::min(options_.assembly_window_slots, memory_budget(options_) / 16 / width);
    const std::uint64_t window = std::max(kRound, (wanted + kRound - 1) / kRound * kRound);
    const std::filesystem::path path = scratch_path(".codes");
    SpoolFile file(path);  // removed when this ends: the mapping outlives the name
    std::vector<std::uint8_t> buffer(std::min(window, n_) * width);
    std::vector<std::uint64_t> sums;
    TierStats stats;
    for (std::uint64_t a = 0; a < n_; a += window) {
      check_stop();
      const std::uint64_t b = std::min(n_, a + window);
      const std::span<std::uint8_t> part(buffer.data(), (b - a) * width);
      fill_window(chunks, a, b, part, width);
      file.append(part);
      const auto part_sums = block_checksums(part);
      sums.insert(sums.end(), part_sums.begin(), part_sums.end());
      stats = combine_stats(std::move(stats), count_stats(part, width));
    }
    file.sync();
    release_memory(buffer);
    for (LevelLists* lists : {&decided_, &unused_}) lists->clear();
    auto mapped = std::make_shared<const MappedPayload>(path, 0, n_ * width, std::move(sums));
    return TierTable(std::move(mapped), width, stats);
  }

  const G& game_;
  Tier tier_;
  const SolveOptions& options_;
  std::uint64_t n_;
  TierMoves<G> moves_;
  std::vector<std::uint8_t> cells_;                 // two slots per byte
  std::vector<std::uint64_t> decided_in_block_;     // level bits per block of slots
  std::vector<std::uint64_t> recounted_blocks_;     // a bit per block: a slot recounted in this pass
  std::unique_ptr<SpoolFile> spool_;                // where the lists go, if anywhere
  LevelLists due_;                                  // decisions falling due: 0 won, 1 lost
  LevelLists decided_;                              // each level's decisions: 0 won, 1 lost
  LevelLists unused_;                               // level 0, kind 0: the unused slots
  LoopState at_;
  std::chrono::steady_clock::time_point last_checkpoint_;
  std::vector<std::uint64_t> reexamined_;           // positions with a transient child
  std::vector<std::uint64_t> watched_;              // the slots they read, sorted
  std::vector<Code> watched_code_;                  // and their codes as far as known
  std::uint64_t decided_at_zero_ = 0;
  int deepest_external_ = 0;
  int last_due_ = 0;
  Code widest_ = kDrawCode;  // the largest code decided
  int last_level_ = 0;  // the last level passed (its pass logged the one before)
  bool levels_done_ = false;        // only the table is left to assemble
};

}  // namespace zz
