#pragma once
// RetrogradeSolver's levels with un-moves (retrograde.hpp): each level is one parallel pass
// over the blocks of slots with something to do at it, un-moving from the positions decided
// at the previous level and deciding those whose recorded external win or loss floor falls
// due; the positions with a transient child are examined after the pass
// (retrograde_examine.hpp). In a distributed job a predecessor held by another rank becomes
// a message to that rank: the ranks exchange them in bounded batches during the pass, and
// each applies what it receives exactly as it applies its own (the operations of one level
// commute).
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solver/retrograde_examine.hpp"
#include "solver/retrograde_tier.hpp"

namespace zz::retro_detail {

template <Enumerable G>
  requires Unmovable<G>
class RetroUnmoveLevels {
  using Position = typename G::Position;

 public:
  explicit RetroUnmoveLevels(RetroTier<G>& t) : t_(t) {}

  void run() {
    // Rank 0 holds the most slots (the first grain and every N-th after it).
    if (!t_.options.wide_messages && Ownership(t_.entries, 0, t_.comm.size()).size() <= (std::uint64_t{1} << 31))
      levels<std::uint32_t>();
    else levels<std::uint64_t>();
  }

 private:
  // What a child decided at the previous level does to its predecessor in slot l of this
  // rank: a lost child wins it now; a won child counts down its hopes, losing it when none
  // is left.
  void apply_unmove(std::uint64_t l, bool child_lost, int level, std::uint64_t& claimed, int& last_due) {
    std::atomic_ref<Code> word(t_.state[l]);
    Code w = word.load(std::memory_order_relaxed);
    if (!undecided(w)) return;
    if (w == kReexaminedWord) {
      // It takes no count: its own examination at this level decides it, if anything does.
      if (!t_.schedule.empty()) t_.schedule.mark_position(l, level);
      return;
    }
    if (child_lost) {
      claimed += t_.claim_slot_at(l, level, true);
      return;
    }
    // Count down, unless a lost child decided the slot meanwhile.
    do {
      if (!undecided(w)) return;
    } while (!word.compare_exchange_weak(w, static_cast<Code>(w - 1), std::memory_order_relaxed));
    if (w != kUndecided + 1) return;
    const std::uint16_t floor = t_.loss_floor[l];
    if (floor & kWinAt) return;  // never lost
    if (floor <= level) claimed += t_.claim_slot_at(l, level, false);
    else t_.note_due(last_due, floor, l);  // the pass of level `floor` decides it
  }

  // The predecessors of one position decided at the previous level, named (and, on one
  // rank, their state words asked for) but not yet applied.
  struct NamedUnmoves {
    Slots preds;
    int count = 0;
    bool child_lost = false;
  };

  // Names the predecessors of `child` into u. Every predecessor's state word is a cache miss
  // on a big table, and each atomic update that applies them waits for the one before: on
  // one rank they are asked for now, to be applied after the next child's are named
  // (pass), so the loads overlap that work instead of only each other.
  void name_unmoves(std::uint64_t child, bool child_lost, NamedUnmoves& u, Position& p) {
    u.count = t_.moves.predecessors(child, u.preds, p);
    u.child_lost = child_lost;
    if (!t_.distributed())
      for (int j = 0; j < u.count; ++j) {
        __builtin_prefetch(&t_.state[u.preds[j]], 1);
        if (!t_.schedule.empty()) t_.schedule.prefetch_key(u.preds[j]);
      }
  }

  // Applies named un-moves; predecessors of other ranks become messages to their owners.
  template <class Word>
  void apply_unmoves(const NamedUnmoves& u, int level, std::uint64_t& claimed, int& last_due,
                     Outboxes<Word>* outboxes) {
    const Slots& preds = u.preds;
    const int count = u.count;
    const bool child_lost = u.child_lost;
    // A predecessor may be the board of a transient position that re-examined ones read
    // (the schedule is one rank's, so preds are this rank's slots).
    if (!t_.schedule.empty())
      for (int j = 0; j < count; ++j)
        if (t_.schedule.is_key(preds[j])) t_.schedule.mark_readers(preds[j], level, last_due);
    for (int j = 0; j < count; ++j) {
      const std::uint64_t q = preds[j];
      if (t_.owned.owns(q)) {
        apply_unmove(t_.local(q), child_lost, level, claimed, last_due);
      } else {
        const auto [owner, slot] = t_.owned.place(q);
        (*outboxes)[owner].push_back(static_cast<Word>(slot << 1 | (child_lost ? 1 : 0)));
      }
    }
  }

  // Decides the undecided position of slot l if its external win or loss floor falls due
  // at `level`.
  bool decide_due(std::uint64_t l, int level) {
    const std::uint16_t floor = t_.loss_floor[l];
    if (floor == (kWinAt | level) || (level == 1 && floor == kForeseenWin)) return t_.claim_slot_at(l, level, true);
    if (floor == level && t_.load_slot(l) == kUndecided) return t_.claim_slot_at(l, level, false);
    // Every in-tier child foreseen won in one ply (TierMoves::initial_children) and the exits'
    // floor below 2: lost at 2. Nothing else leaves such a slot undecided with no count here.
    if (level == kForeseenLossLevel && floor < kForeseenLossLevel && t_.load_slot(l) == kUndecided)
      return t_.claim_slot_at(l, level, false);
    return false;
  }

  // One level's pass over blocks [first, last) of this rank's slots.
  template <class Word>
  void pass(std::uint64_t first, std::uint64_t last, int level, tbb::enumerable_thread_specific<std::uint64_t>& claimed,
            tbb::enumerable_thread_specific<int>& last_due, tbb::enumerable_thread_specific<Outboxes<Word>>& outboxes) {
    const std::uint64_t n = t_.owned.size();
    // Level 0 only counts the finished games initialization wrote; nothing is decided before.
    const Code previous_win = level > 0 ? encode(Outcome::win(level - 1)) : kDrawCode;
    const Code previous_loss = level > 0 ? encode(Outcome::loss(level - 1)) : kDrawCode;
    const Code* const codes = t_.state.data();
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(first, last, 16), [&](const auto& r) {
      t_.check_stop();
      std::uint64_t mine = 0;
      int due = 0;
      Position p;
      Outboxes<Word>* out = t_.distributed() ? &outboxes.local() : nullptr;
      // One child's un-moves wait, prefetched, while the next child's are named (the
      // operations of a level commute); on several ranks each is applied at once, as its
      // messages are gathered.
      std::array<NamedUnmoves, 2> named;
      int fresh = 0;
      bool waiting = false;
      for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
        const bool previous_here = level > 0 && level_blocks::has(t_.decided_in_block, b, level - 1);
        const bool due_here = level == 0 || level_blocks::has(t_.due_in_block, b, level);
        if (!previous_here && !due_here) continue;
        const std::uint64_t end = level_blocks::end_slot(b, n);
        for (std::uint64_t l = level_blocks::first_slot(b); l != end; ++l) {
          const Code s = std::atomic_ref<const Code>(codes[l]).load(std::memory_order_relaxed);
          if (s == previous_win || s == previous_loss) {
            // A slot the game foresaw won in one ply counted down its predecessors at
            // initialization (TierMoves::initial_children).
            const bool foreseen = level == kForeseenLossLevel && t_.loss_floor[l] == kForeseenWin;
            if (level > 0 && !foreseen) {
              name_unmoves(t_.owned.global(l), s == previous_loss, named[fresh], p);
              if (out) {
                apply_unmoves(named[fresh], level, mine, due, out);
              } else {
                if (waiting) apply_unmoves(named[fresh ^ 1], level, mine, due, out);
                waiting = true;
                fresh ^= 1;
              }
            }
          } else if (due_here) {
            if (level == 0) mine += s > kDrawCode && s < kUndecided;
            else if (undecided(s)) mine += decide_due(l, level);
          }
        }
        // Nothing else is decided at level - 1: the bit is free for level + 63.
        if (previous_here) level_blocks::clear(t_.decided_in_block, b, level - 1);
      }
      if (waiting) apply_unmoves(named[fresh ^ 1], level, mine, due, out);
      claimed.local() += mine;
      last_due.local() = std::max(last_due.local(), due);
    });
  }

  // A rank's message buffers for one tier: gathered per thread, merged per destination,
  // and received. They keep their capacity from one exchange to the next (see Communicator).
  template <class Word>
  struct Mail {
    explicit Mail(int ranks) : outboxes(Outboxes<Word>(ranks)), merged(ranks) {}
    tbb::enumerable_thread_specific<Outboxes<Word>> outboxes;
    Outboxes<Word> merged;
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
      for (int d = 0; d < t_.comm.size(); ++d) {
        auto& merged = mail.merged[d];
        if (merged.empty()) merged.swap(o[d]);  // one thread's list: no copy
        else merged.insert(merged.end(), o[d].begin(), o[d].end());
        o[d].clear();
      }
    }
    for (const auto& m : mail.merged) sent += m.size() * sizeof(Word);
    t_.comm.exchange(mail.merged, mail.inbox, mail.counts);
    const std::vector<Word>& inbox = mail.inbox;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, inbox.size(), 4096), [&](const auto& r) {
      t_.check_stop();
      std::uint64_t mine = 0;
      int due = 0;
      for (std::size_t k = r.begin(); k != r.end(); ++k) apply_unmove(inbox[k] >> 1, inbox[k] & 1, level, mine, due);
      claimed.local() += mine;
      last_due.local() = std::max(last_due.local(), due);
    });
    return sent;
  }

  template <class Word>
  void levels() {
    const std::uint64_t blocks = t_.decided_in_block.size();
    Mail<Word> mail(t_.comm.size());
    RetroExaminer<G> examiner(t_);
    // A rank sends its messages once it has gathered a batch of them; every rank takes part
    // in every exchange until all are through their pass.
    constexpr std::uint64_t kStepBlocks = 64;
    std::uint64_t decided = 0;
    std::uint64_t previous = 0;  // positions decided at the previous level (all ranks)
    // A transient child reads values one ply deeper: a position with one can be decided two
    // levels after its grandchild, or by an external value up to two plies further.
    bool older_previous = false;
    for (int level = 0; level == 0 || previous > 0 || level <= t_.last_due ||
                        (t_.any_reexamined && (older_previous || level <= t_.deepest_external + 2));
         ++level) {
      t_.check_level(level);
      tbb::enumerable_thread_specific<std::uint64_t> claimed(0);
      tbb::enumerable_thread_specific<int> last_due(0);
      std::uint64_t bytes_sent = 0;
      if (!t_.distributed()) {
        pass(0, blocks, level, claimed, last_due, mail.outboxes);
      } else {
        std::uint64_t next = 0;
        for (;;) {
          while (next < blocks && mail.gathered() < t_.options.message_batch) {
            const std::uint64_t step_end = std::min(blocks, next + kStepBlocks);
            pass(next, step_end, level, claimed, last_due, mail.outboxes);
            next = step_end;
          }
          bytes_sent += deliver(mail, level, claimed, last_due);
          if (t_.comm.sum(static_cast<std::uint64_t>(next < blocks)) == 0) break;
        }
      }
      // After the pass, which schedules this level's examinations: its decisions, at this
      // level, are not among the lower levels' values that known() reads.
      const std::vector<std::uint64_t> examined = examiner.examine(t_.reexamined, t_.reexamined_needs, level);
      std::uint64_t now = 0;
      for (std::uint64_t c : claimed) now += c;
      for (int l : last_due) t_.last_due = std::max(t_.last_due, l);
      for (std::uint64_t i : examined) now += t_.claim_slot_at(t_.local(i >> 1), level, i & 1);
      std::array<std::uint64_t, 2> totals{now, bytes_sent};
      t_.comm.sum(totals);
      t_.last_due = static_cast<int>(t_.comm.max(static_cast<std::int64_t>(t_.last_due)));
      decided += totals[0];
      t_.report(level, decided, totals[1]);
      older_previous = previous > 0;
      previous = totals[0];
    }
  }

  RetroTier<G>& t_;
};

}  // namespace zz::retro_detail
