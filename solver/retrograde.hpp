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
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/common/release_memory.hpp"
#include "core/common/error.hpp"
#include "solver/distributed/communicator.hpp"
#include "solver/compact_retrograde.hpp"
#include "solver/game.hpp"
#include "solver/exit_floors.hpp"
#include "solver/level_blocks.hpp"
#include "solver/pending_levels.hpp"
#include "solver/reexamination_schedule.hpp"
#include "solver/retrograde_moves.hpp"
#include "solver/solve_options.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

namespace retro_detail {

// A slot's state word holds its code once decided. Until then it holds kUndecided plus the
// number of in-tier children not yet known to be won (with un-moves; 0 without), so that an
// un-move reads and updates one word, in one cache line, instead of a code and a counter in
// two arrays. Codes stay below kUndecided: a level past kLastLevel is refused.
inline constexpr Code kUndecided = 0xFE00;  // becomes a draw when solving ends
inline constexpr Code kUnusedSlot = 0xFFFF;
// The loss floors' special values are in exit_floors.hpp (the writer reads them too).
inline constexpr std::uint8_t kReexaminedCount = 0xFF;
inline constexpr int kMaxCountedChildren = kReexaminedCount - 1;
inline constexpr Code kReexaminedWord = kUndecided + kReexaminedCount;
inline constexpr int kLastLevel = (kUndecided - 4) / 2;  // encode(win(kLastLevel)) < kUndecided
static_assert(3 + 2 * kLastLevel < kUndecided && kLastLevel <= kLastWinAtLevel);
constexpr bool undecided(Code w) { return w >= kUndecided && w != kUnusedSlot; }
// What readers of codes see of a slot: 0 while it is undecided.
constexpr Code visible(Code w) { return undecided(w) ? Code{0} : w; }

// Messages to other ranks, per destination, gathered per thread. A message is the
// predecessor's slot in its owner's arrays, shifted left by one, with the low bit set if
// the child was lost: 4 bytes when every rank holds fewer than 2^31 slots, else 8.
template <class Word>
using Outboxes = std::vector<std::vector<Word>>;


}  // namespace retro_detail

template <Enumerable G>
class RetrogradeSolver {
  using Position = typename G::Position;
  using Tier = typename G::Tier;

 public:
  RetrogradeSolver(const G& game, Tier tier, std::span<const SolvedTier<Tier>> solved, const SolveOptions& options)
      : game_(game), tier_(tier), options_(options), name_(game.tier_name(tier)),
        comm_(options.comm ? *options.comm : local_), entries_(game.tier_size(tier)),
        owned_(entries_, comm_.rank(), comm_.size()), moves_(game, tier, solved) {}

  // After solve() with SolveOptions::keep_exit_floors (and un-moves): what each slot's exits
  // imply, for the table writer (empty otherwise).
  ExitFloors take_exit_floors() { return ExitFloors(std::move(loss_floor_)); }

  // The slots of the index this rank solves.
  const Ownership& ownership() const { return owned_; }

  // The whole tier's table; only for a job of one rank.
  TierTable solve() {
    if (comm_.size() != 1) throw std::logic_error("solve() of one rank's slots: use solve_owned()");
    return TierTable(solve_owned());
  }

  // The codes of this rank's slots, in the order of its arrays (see codes.hpp, Ownership).
  std::vector<Code> solve_owned() {
    const std::uint64_t n = owned_.size();
    state_.assign(n, retro_detail::kUndecided);
    bool unmoves = false;
    if constexpr (Unmovable<G>) unmoves = !options_.force_sweeps;
    if (unmoves) {
      loss_floor_.assign(n, 0);
      decided_in_block_.assign(level_blocks::count(n), 0);
      due_in_block_.assign(level_blocks::count(n), 0);
    }
    initialize(unmoves);
    if (unmoves) {
      propagate_backward();
    } else {
      sweep_forward();
    }
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1 << 16), [&](const auto& r) {
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
        Code& c = state_[i];
        if (retro_detail::undecided(c)) c = kDrawCode;
        else if (c == retro_detail::kUnusedSlot) c = kUnusedCode;
      }
    });
    if (!options_.keep_exit_floors) release_memory(loss_floor_);
    release_memory(decided_in_block_);
    release_memory(due_in_block_);
    schedule_ = {};
    return std::move(state_);
  }

 private:
  bool distributed() const { return comm_.size() > 1; }
  std::uint64_t local(std::uint64_t i) const { return owned_.local(i); }

  // State of a slot of this rank, by its place l in the arrays (the *_slot functions below
  // take such places too) or by its index i in the tier.
  Code load_slot(std::uint64_t l) const {
    return std::atomic_ref<const Code>(state_[l]).load(std::memory_order_relaxed);
  }
  Code load(std::uint64_t i) const { return load_slot(local(i)); }
  bool is_undecided(std::uint64_t i) const { return retro_detail::undecided(load(i)); }
  // Writes code c over an undecided slot (whatever its count); false if it was decided.
  bool claim_slot(std::uint64_t l, Code c) {
    std::atomic_ref<Code> word(state_[l]);
    Code w = word.load(std::memory_order_relaxed);
    while (retro_detail::undecided(w))
      if (word.compare_exchange_weak(w, c, std::memory_order_relaxed)) return true;
    return false;
  }
  bool claim(std::uint64_t i, Code c) { return claim_slot(local(i), c); }
  // State of any slot of the tier: this rank's, or another rank's as last fetched.
  Code code_of(std::uint64_t i) const {
    if (owned_.owns(i)) return retro_detail::visible(load(i));
    const auto it = std::lower_bound(remote_index_.begin(), remote_index_.end(), i);
    if (it == remote_index_.end() || *it != i) throw std::logic_error("slot of another rank not fetched in " + name_);
    return remote_code_[static_cast<std::size_t>(it - remote_index_.begin())];
  }

  void check_stop() const { throw_if_stopped(options_.stop); }

  // Decides terminal positions and positions whose children all lie in solved tiers, and
  // records for the others what their external children imply.
  void initialize(bool unmoves) {
    tbb::enumerable_thread_specific<retro_detail::PendingLevels> pending_parts;
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> reexamined;
    tbb::enumerable_thread_specific<Triggers> triggers;
    tbb::enumerable_thread_specific<int> last_due(0);
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> order;  // for_each_slot's scratch
    // One rank schedules its re-examinations (reexamination_schedule.hpp); ranks examine
    // every such position at every level.
    const bool schedule = unmoves && !distributed();
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, owned_.size(), 2048), [&](const auto& r) {
      check_stop();
      auto& pending = pending_parts.local();
      int& last = last_due.local();
      retro_detail::Slots inside;
      Position p;
      const auto global = [&](std::uint64_t l) { return owned_.global(l); };
      moves_.for_each_slot(r.begin(), r.end(), global, order.local(), [&](std::uint64_t l) {
        const std::uint64_t i = owned_.global(l);
        Code& state = state_[l];
        if (!game_.unrank(tier_, i, p)) {
          state = retro_detail::kUnusedSlot;
          return;
        }
        if (auto o = game_.outcome(p)) {
          if (unmoves) loss_floor_[l] = retro_detail::kFinished;  // read by the writer only
          if (o->value == Value::Draw) {
            state = kDrawCode;
          } else if (unmoves) {
            // A finished game has no move, so nothing un-moves into it; the pass of the
            // level after its own un-moves from it (its block is marked due for that pass).
            state = encode(*o);
            note_due(last, o->remoteness + 1, l);
          } else {
            pending.add(o->value == Value::Win, o->remoteness, i);
          }
          return;
        }
        retro_detail::ExternalSummary ext;
        const int count = moves_.children(p, inside, ext, moves_.neighbours_distinct(p));
        if (count < 0) {
          reexamined.local().push_back(i);
          if (schedule) add_triggers(p, i, triggers.local());
          if (unmoves) {
            loss_floor_[l] = retro_detail::kReexamined;
            state = retro_detail::kReexaminedWord;
          }
          return;
        }
        if (unmoves) {
          if (count > retro_detail::kMaxCountedChildren)
            throw std::logic_error("more than " + std::to_string(retro_detail::kMaxCountedChildren) +
                                   " distinct children in tier " + name_);
          state = static_cast<Code>(retro_detail::kUndecided + count);
          std::uint16_t& floor = loss_floor_[l];
          if (ext.win_level >= 0) {
            if (ext.win_level > retro_detail::kLastWinAtLevel)
              throw std::logic_error("remoteness overflow in tier " + name_);
            floor = static_cast<std::uint16_t>(retro_detail::kWinAt | ext.win_level);
            note_due(last, ext.win_level, l);
          } else if (ext.draw) {
            floor = retro_detail::kNeverLost;
            if (count == 0) state = kDrawCode;
          } else {
            // With no in-tier child (count 0) the pass of level loss_floor decides it.
            floor = static_cast<std::uint16_t>(ext.loss_floor);
            if (count == 0) note_due(last, ext.loss_floor, l);
          }
          return;
        }
        if (ext.win_level >= 0) pending.add(true, ext.win_level, i);
        if (count == 0 && ext.win_level < 0) {
          if (ext.draw) state = kDrawCode;
          else pending.add(false, ext.loss_floor, i);
        }
      });
    });
    for (auto& l : pending_parts) l.merge_into(pending_);
    for (int l : last_due) last_due_ = std::max(last_due_, l);
    for (auto& v : reexamined) reexamined_.insert(reexamined_.end(), v.begin(), v.end());
    std::sort(reexamined_.begin(), reexamined_.end());
    any_reexamined_ = comm_.sum(static_cast<std::uint64_t>(reexamined_.size())) > 0;
    if (schedule && !reexamined_.empty()) build_schedule(triggers);
    deepest_external_ = moves_.deepest_external();
    if (distributed() && !reexamined_.empty()) reexamined_needs_ = remote_children(reexamined_);
  }

  // What initialization finds, per thread, for the schedule of re-examinations.
  struct Triggers {
    std::vector<retro_detail::ReexaminationSchedule::TransientRead> reads;
    std::vector<retro_detail::ReexaminationSchedule::FixedDue> fixed;
  };

  void add_triggers(const Position& p, std::uint64_t i, Triggers& t) const {
    const std::size_t first = t.fixed.size();
    moves_.for_each_trigger(
        p, [&](std::uint64_t slot, int depth) { t.reads.push_back({slot, i, depth}); },
        [&](int level) {
          for (std::size_t k = first; k < t.fixed.size(); ++k)
            if (t.fixed[k].level == level) return;
          t.fixed.push_back({i, level});
        });
  }

  void build_schedule(tbb::enumerable_thread_specific<Triggers>& parts) {
    std::vector<retro_detail::ReexaminationSchedule::TransientRead> reads;
    std::vector<retro_detail::ReexaminationSchedule::FixedDue> fixed;
    for (auto& t : parts) {
      reads.insert(reads.end(), t.reads.begin(), t.reads.end());
      fixed.insert(fixed.end(), t.fixed.begin(), t.fixed.end());
      release_memory(t.reads);
      release_memory(t.fixed);
    }
    // The schedule keeps the list (examine_due reads it there): no second copy.
    schedule_ = retro_detail::ReexaminationSchedule(std::exchange(reexamined_, {}), owned_.size(), std::move(reads), fixed);
    last_due_ = std::max(last_due_, schedule_.last_fixed());
  }

  // Decides what the pending lists hold for `level`; returns the newly decided indices.
  std::vector<std::uint64_t> decide_pending(int level) {
    std::vector<std::uint64_t> decided;
    for (bool win : {true, false}) {
      const Code code = encode(win ? Outcome::win(level) : Outcome::loss(level));
      for (std::uint64_t i : pending_.take(win, level))
        if (claim(i, code)) decided.push_back(i);
    }
    return decided;
  }

  // After each level, on every rank: progress for rank 0's caller, and a stop request.
  void report(int level, std::uint64_t decided, std::uint64_t bytes_sent) const {
    check_stop();
    if (options_.progress && comm_.rank() == 0) options_.progress({name_, level, decided, entries_, bytes_sent});
  }

  // The passes skip blocks of slots with nothing to do at their level (level_blocks.hpp):
  // decided_in_block_ for the slots decided at a level, due_in_block_ for the recorded
  // decisions falling due there.
  bool claim_slot_at(std::uint64_t l, int level, bool win) {
    if (!claim_slot(l, encode(win ? Outcome::win(level) : Outcome::loss(level)))) return false;
    level_blocks::mark(decided_in_block_, l, level);
    return true;
  }

  // Records that a decision on slot l falls due at `level` (to the pass of that level);
  // `last` gathers the last such level per thread.
  void note_due(int& last, int level, std::uint64_t l) {
    if (level > retro_detail::kLastLevel) throw std::logic_error("remoteness overflow in tier " + name_);
    last = std::max(last, level);
    level_blocks::mark(due_in_block_, l, level);
  }

  // What a child decided at the previous level does to its predecessor in slot l of this
  // rank: a lost child wins it now; a won child counts down its hopes, losing it when none
  // is left.
  void apply_unmove(std::uint64_t l, bool child_lost, int level, std::uint64_t& claimed, int& last_due) {
    std::atomic_ref<Code> word(state_[l]);
    Code w = word.load(std::memory_order_relaxed);
    if (!retro_detail::undecided(w)) return;
    if (w == retro_detail::kReexaminedWord) {
      // It takes no count: its own examination at this level decides it, if anything does.
      if (!schedule_.empty()) schedule_.mark_position(l, level);
      return;
    }
    if (child_lost) {
      claimed += claim_slot_at(l, level, true);
      return;
    }
    // Count down, unless a lost child decided the slot meanwhile.
    do {
      if (!retro_detail::undecided(w)) return;
    } while (!word.compare_exchange_weak(w, static_cast<Code>(w - 1), std::memory_order_relaxed));
    if (w != retro_detail::kUndecided + 1) return;
    const std::uint16_t floor = loss_floor_[l];
    if (floor & retro_detail::kWinAt) return;  // never lost
    if (floor <= level) claimed += claim_slot_at(l, level, false);
    else note_due(last_due, floor, l);  // the pass of level `floor` decides it
  }

  // Un-moves from one position decided at the previous level; predecessors of other ranks
  // become messages to their owners.
  template <class Word>
  void unmove_from(std::uint64_t child, bool child_lost, int level, std::uint64_t& claimed, int& last_due,
                   retro_detail::Slots& preds, Position& p, retro_detail::Outboxes<Word>* outboxes) {
    const int count = moves_.predecessors(child, preds, p);
    // Every predecessor's state word is a cache miss on a big table, and each atomic update
    // below waits for the one before: ask for all of them first.
    if (!distributed())
      for (int j = 0; j < count; ++j) {
        __builtin_prefetch(&state_[preds[j]], 1);
        if (!schedule_.empty()) schedule_.prefetch_key(preds[j]);
      }
    // A predecessor may be the board of a transient position that re-examined ones read
    // (the schedule is one rank's, so preds are this rank's slots).
    if (!schedule_.empty())
      for (int j = 0; j < count; ++j)
        if (schedule_.is_key(preds[j])) schedule_.mark_readers(preds[j], level, last_due);
    for (int j = 0; j < count; ++j) {
      const std::uint64_t q = preds[j];
      if (owned_.owns(q)) {
        apply_unmove(local(q), child_lost, level, claimed, last_due);
      } else {
        const auto [owner, slot] = owned_.place(q);
        (*outboxes)[owner].push_back(static_cast<Word>(slot << 1 | (child_lost ? 1 : 0)));
      }
    }
  }

  // Decides the undecided position of slot l if its external win or loss floor falls due
  // at `level`.
  bool decide_due(std::uint64_t l, int level) {
    const std::uint16_t floor = loss_floor_[l];
    if (floor == (retro_detail::kWinAt | level)) return claim_slot_at(l, level, true);
    if (floor == level && load_slot(l) == retro_detail::kUndecided) return claim_slot_at(l, level, false);
    return false;
  }

  // One level's pass over blocks [first, last) of this rank's slots.
  template <class Word>
  void pass(std::uint64_t first, std::uint64_t last, int level,
            tbb::enumerable_thread_specific<std::uint64_t>& claimed, tbb::enumerable_thread_specific<int>& last_due,
            tbb::enumerable_thread_specific<retro_detail::Outboxes<Word>>& outboxes) {
    const std::uint64_t n = owned_.size();
    // Level 0 only counts the finished games initialize wrote; nothing is decided before.
    const Code previous_win = level > 0 ? encode(Outcome::win(level - 1)) : kDrawCode;
    const Code previous_loss = level > 0 ? encode(Outcome::loss(level - 1)) : kDrawCode;
    const Code* const codes = state_.data();
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(first, last, 16), [&](const auto& r) {
      check_stop();
      std::uint64_t mine = 0;
      int due = 0;
      retro_detail::Slots preds;
      Position p;
      retro_detail::Outboxes<Word>* out = distributed() ? &outboxes.local() : nullptr;
      for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
        const bool previous_here = level > 0 && level_blocks::has(decided_in_block_, b, level - 1);
        const bool due_here = level == 0 || level_blocks::has(due_in_block_, b, level);
        if (!previous_here && !due_here) continue;
        const std::uint64_t end = level_blocks::end_slot(b, n);
        for (std::uint64_t l = level_blocks::first_slot(b); l != end; ++l) {
          const Code s = std::atomic_ref<const Code>(codes[l]).load(std::memory_order_relaxed);
          if (s == previous_win || s == previous_loss) {
            if (level > 0) unmove_from(owned_.global(l), s == previous_loss, level, mine, due, preds, p, out);
          } else if (due_here) {
            if (level == 0) mine += s > kDrawCode && s < retro_detail::kUndecided;
            else if (retro_detail::undecided(s)) mine += decide_due(l, level);
          }
        }
        // Nothing else is decided at level - 1: the bit is free for level + 63.
        if (previous_here) level_blocks::clear(decided_in_block_, b, level - 1);
      }
      claimed.local() += mine;
      last_due.local() = std::max(last_due.local(), due);
    });
  }

  // A rank's message buffers for one tier: gathered per thread, merged per destination,
  // and received. They keep their capacity from one exchange to the next (see Communicator).
  template <class Word>
  struct Mail {
    explicit Mail(int ranks) : outboxes(retro_detail::Outboxes<Word>(ranks)), merged(ranks) {}
    tbb::enumerable_thread_specific<retro_detail::Outboxes<Word>> outboxes;
    retro_detail::Outboxes<Word> merged;
    std::vector<Word> inbox;
    std::vector<std::uint64_t> counts;

    std::uint64_t gathered() const {
      std::uint64_t n = 0;
      for (const auto& o : outboxes)
        for (const auto& d : o) n += d.size();
      return n;
    }
  };

  // Sends the gathered messages to their owners and applies what arrives here; returns the
  // bytes this rank sent.
  template <class Word>
  std::uint64_t deliver(Mail<Word>& mail, int level, tbb::enumerable_thread_specific<std::uint64_t>& claimed,
                        tbb::enumerable_thread_specific<int>& last_due) {
    for (auto& m : mail.merged) m.clear();
    std::uint64_t sent = 0;
    for (auto& o : mail.outboxes) {
      for (int d = 0; d < comm_.size(); ++d) {
        auto& merged = mail.merged[d];
        if (merged.empty()) merged.swap(o[d]);  // one thread's list: no copy
        else merged.insert(merged.end(), o[d].begin(), o[d].end());
        o[d].clear();
      }
    }
    for (const auto& m : mail.merged) sent += m.size() * sizeof(Word);
    comm_.exchange(mail.merged, mail.inbox, mail.counts);
    const std::vector<Word>& inbox = mail.inbox;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, inbox.size(), 4096), [&](const auto& r) {
      check_stop();
      std::uint64_t mine = 0;
      int due = 0;
      for (std::size_t k = r.begin(); k != r.end(); ++k) apply_unmove(inbox[k] >> 1, inbox[k] & 1, level, mine, due);
      claimed.local() += mine;
      last_due.local() = std::max(last_due.local(), due);
    });
    return sent;
  }

  void propagate_backward()
    requires Unmovable<G>
  {
    // Rank 0 holds the most slots (the first grain and every N-th after it).
    if (!options_.wide_messages && Ownership(entries_, 0, comm_.size()).size() <= (std::uint64_t{1} << 31))
      levels<std::uint32_t>();
    else levels<std::uint64_t>();
  }

  template <class Word>
  void levels() {
    const std::uint64_t blocks = decided_in_block_.size();
    Mail<Word> mail(comm_.size());
    // A rank sends its messages once it has gathered a batch of them; every rank takes part
    // in every exchange until all are through their pass.
    constexpr std::uint64_t kStepBlocks = 64;
    std::uint64_t decided = 0;
    std::uint64_t previous = 0;  // positions decided at the previous level (all ranks)
    // A transient child reads values one ply deeper: a position with one can be decided two
    // levels after its grandchild, or by an external value up to two plies further.
    bool older_previous = false;
    for (int level = 0; level == 0 || previous > 0 || level <= last_due_ ||
                        (any_reexamined_ && (older_previous || level <= deepest_external_ + 2));
         ++level) {
      if (level > retro_detail::kLastLevel) throw std::logic_error("remoteness overflow in tier " + name_);
      tbb::enumerable_thread_specific<std::uint64_t> claimed(0);
      tbb::enumerable_thread_specific<int> last_due(0);
      std::uint64_t bytes_sent = 0;
      if (!distributed()) {
        pass(0, blocks, level, claimed, last_due, mail.outboxes);
      } else {
        std::uint64_t next = 0;
        for (;;) {
          while (next < blocks && mail.gathered() < options_.message_batch) {
            const std::uint64_t step_end = std::min(blocks, next + kStepBlocks);
            pass(next, step_end, level, claimed, last_due, mail.outboxes);
            next = step_end;
          }
          bytes_sent += deliver(mail, level, claimed, last_due);
          if (comm_.sum(static_cast<std::uint64_t>(next < blocks)) == 0) break;
        }
      }
      // After the pass, which schedules this level's examinations: its decisions, at this
      // level, are not among the lower levels' values that known() reads.
      const std::vector<std::uint64_t> examined = examine(reexamined_, reexamined_needs_, level);
      std::uint64_t now = 0;
      for (std::uint64_t c : claimed) now += c;
      for (int l : last_due) last_due_ = std::max(last_due_, l);
      for (std::uint64_t i : examined) now += claim_slot_at(local(i >> 1), level, i & 1);
      std::array<std::uint64_t, 2> totals{now, bytes_sent};
      comm_.sum(totals);
      last_due_ = static_cast<int>(comm_.max(static_cast<std::int64_t>(last_due_)));
      decided += totals[0];
      report(level, decided, totals[1]);
      older_previous = previous > 0;
      previous = totals[0];
    }
  }

  // Without un-moves: level by level, every undecided position looks at all its children.
  void sweep_forward() {
    std::uint64_t decided = 0;
    int empty_levels = 0;
    for (int level = 0;; ++level) {
      if (level > retro_detail::kLastLevel) throw std::logic_error("remoteness overflow in tier " + name_);
      std::vector<std::uint64_t> now = decide_pending(level);
      if (level > 0) {
        if (distributed()) fetch_remote(remote_children_of_undecided());
        tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, owned_.size(), 2048), [&](const auto& r) {
          check_stop();
          auto& out = found.local();
          Position p;
          for (std::uint64_t l = r.begin(); l != r.end(); ++l) {
            const std::uint64_t i = owned_.global(l);
            if (!is_undecided(i)) continue;
            game_.unrank(tier_, i, p);
            if (auto v = decide_at(p, level)) out.push_back(i << 1 | (*v == Value::Win ? 1 : 0));
          }
        });
        // Written after the sweep so that every position of this level read only lower levels.
        for (auto& v : found)
          for (std::uint64_t tagged : v)
            if (claim(tagged >> 1, encode((tagged & 1) ? Outcome::win(level) : Outcome::loss(level))))
              now.push_back(tagged >> 1);
      }
      const std::uint64_t decided_now = comm_.sum(static_cast<std::uint64_t>(now.size()));
      decided += decided_now;
      report(level, decided, 0);
      // A transient child passes a decision on two levels later, so two quiet levels in a row
      // (past every external remoteness) mean nothing more can be decided.
      empty_levels = decided_now == 0 ? empty_levels + 1 : 0;
      const bool pending_later = comm_.sum(static_cast<std::uint64_t>(pending_.any_from(level + 1))) > 0;
      if (empty_levels >= 2 && level > deepest_external_ + 2 && !pending_later) break;
    }
  }

  // The positions of `list` (tagged with their value) that are decided at `level`; the
  // slots of other ranks they read (`needs`) are fetched first.
  std::vector<std::uint64_t> examine(const std::vector<std::uint64_t>& list, const std::vector<std::uint64_t>& needs,
                                     int level) {
    if (!schedule_.empty()) return examine_due(level);
    if (distributed() && any_reexamined_) fetch_remote(needs);
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, list.size(), 64), [&](const auto& r) {
      auto& out = found.local();
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        const std::uint64_t i = list[k];
        if (!is_undecided(i)) continue;
        game_.unrank(tier_, i, p);
        if (auto v = decide_at(p, level)) out.push_back(i << 1 | (*v == Value::Win ? 1 : 0));
      }
    });
    return joined(found);
  }

  // The scheduled positions decided at `level` (one rank only), tagged as examine's are.
  std::vector<std::uint64_t> examine_due(int level) {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    tbb::enumerable_thread_specific<Position> scratch;
    schedule_.take_due(level, [&](std::uint64_t i) {
      if (!is_undecided(i)) return;
      Position& p = scratch.local();
      game_.unrank(tier_, i, p);
      if (auto v = decide_at(p, level)) found.local().push_back(i << 1 | (*v == Value::Win ? 1 : 0));
    });
    return joined(found);
  }

  // The in-tier slots of other ranks that known() reads for the children of position p
  // (through transient children too).
  void add_remote_children(const Position& p, std::vector<std::uint64_t>& out) const {
    moves_.for_each_read_slot(p, [&](std::uint64_t i) {
      if (!owned_.owns(i)) out.push_back(i);
    });
  }

  // The threads' lists, one after another.
  static std::vector<std::uint64_t> joined(tbb::enumerable_thread_specific<std::vector<std::uint64_t>>& parts) {
    std::vector<std::uint64_t> all;
    for (auto& v : parts) all.insert(all.end(), v.begin(), v.end());
    return all;
  }

  std::vector<std::uint64_t> sorted_unique(tbb::enumerable_thread_specific<std::vector<std::uint64_t>>& parts) const {
    std::vector<std::uint64_t> all = joined(parts);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
  }

  std::vector<std::uint64_t> remote_children(const std::vector<std::uint64_t>& positions) const {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> parts;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), 64), [&](const auto& r) {
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        game_.unrank(tier_, positions[k], p);
        add_remote_children(p, parts.local());
      }
    });
    return sorted_unique(parts);
  }

  std::vector<std::uint64_t> remote_children_of_undecided() const {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> parts;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, owned_.size(), 2048), [&](const auto& r) {
      Position p;
      for (std::uint64_t l = r.begin(); l != r.end(); ++l) {
        const std::uint64_t i = owned_.global(l);
        if (is_undecided(i) && game_.unrank(tier_, i, p)) add_remote_children(p, parts.local());
      }
    });
    return sorted_unique(parts);
  }

  // Reads the current codes of other ranks' slots (sorted, distinct): each rank asks the
  // owners, and answers what it is asked, in the order asked.
  void fetch_remote(const std::vector<std::uint64_t>& wanted) {
    retro_detail::Outboxes<std::uint64_t> requests(comm_.size());
    for (std::uint64_t i : wanted) requests[owned_.owner(i)].push_back(i);
    std::vector<std::uint64_t> asked_counts, asked;
    comm_.exchange(requests, asked, asked_counts);
    retro_detail::Outboxes<std::uint64_t> replies(comm_.size());
    std::size_t k = 0;
    for (int s = 0; s < comm_.size(); ++s)
      for (std::uint64_t c = 0; c < asked_counts[s]; ++c, ++k) replies[s].push_back(retro_detail::visible(load(asked[k])));
    std::vector<std::uint64_t> reply_counts, codes;
    comm_.exchange(replies, codes, reply_counts);
    // Replies come in rank order, each in the order asked: owner s's k-th reply answers the
    // k-th of the wanted slots it holds.
    std::vector<std::uint64_t> next(comm_.size(), 0);
    for (int s = 1; s < comm_.size(); ++s) next[s] = next[s - 1] + reply_counts[s - 1];
    remote_index_ = wanted;
    remote_code_.resize(wanted.size());
    for (std::size_t w = 0; w < wanted.size(); ++w) remote_code_[w] = static_cast<Code>(codes[next[owned_.owner(wanted[w])]++]);
  }

  // The value p takes at `level` from the children decided before it.
  std::optional<Value> decide_at(const Position& p, int level) const {
    return moves_.decide_at(p, level, [this](std::uint64_t i) { return code_of(i); });
  }

  const G& game_;
  Tier tier_;
  const SolveOptions& options_;
  std::string name_;
  LocalCommunicator local_;
  Communicator& comm_;
  std::uint64_t entries_;  // slots of the whole tier
  Ownership owned_;
  TierMoves<G> moves_;
  // Per slot this rank holds, in the order of Ownership::local:
  std::vector<Code> state_;
  std::vector<std::uint16_t> loss_floor_;
  std::vector<std::uint64_t> decided_in_block_, due_in_block_;  // level bits per block of slots
  retro_detail::PendingLevels pending_;
  std::vector<std::uint64_t> reexamined_;        // positions with a transient child (unless scheduled)
  std::vector<std::uint64_t> reexamined_needs_;  // other ranks' slots their children read
  bool any_reexamined_ = false;                  // on any rank
  retro_detail::ReexaminationSchedule schedule_;  // when to examine them (one rank only)
  std::vector<std::uint64_t> remote_index_;      // other ranks' slots last fetched, sorted
  std::vector<Code> remote_code_;                // and their codes
  int deepest_external_ = 0;                     // longest remoteness in the solved dependencies
  int last_due_ = 0;  // the last level at which a recorded decision falls due
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
