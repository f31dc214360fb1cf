#pragma once
// CompactRetrogradeSolver's levels (compact_retrograde.hpp): level by level, the decisions
// filed for it fall due, one pass un-moves from every slot decided at the level before
// (logging it), and the positions with a transient child are examined by their moves. A
// won child's predecessor that may be lost is recounted from its children, once per pass,
// instead of counting down a counter. A checkpoint is written when one is due
// (compact_checkpoints.hpp).
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solver/compact_checkpoints.hpp"
#include "solver/compact_tier.hpp"

namespace zz::compact_detail {

template <Unmovable G>
class CompactLevels {
  using Position = typename G::Position;

 public:
  explicit CompactLevels(CompactTier<G>& t) : t_(t) {}

  void run() {
    CompactCheckpoints<G> checkpoints(t_);
    const bool any_reexamined = !t_.reexamined.empty();
    for (int level = t_.at.level; t_.at.previous > 0 || level <= t_.last_due ||
                                  (any_reexamined && (t_.at.older_previous || level <= t_.deepest_external + 2));
         ++level) {
      if (level >= kMaxRemoteness) throw std::logic_error("remoteness overflow in tier " + t_.moves.name());
      t_.check_stop();
      const std::vector<std::uint64_t> examined = examine(level);
      std::uint64_t now = 0;
      {
        tbb::enumerable_thread_specific<std::uint64_t> claimed(0);
        t_.due.for_each(level, [&](int kind, std::uint64_t i) { claimed.local() += t_.claim(i, kind == 0, level); });
        t_.due.drop(level);
        if (level == 1)
          t_.due.for_each(kForeseenDue, [&](int, std::uint64_t i) { claimed.local() += t_.claim(i, true, level); });
        for (std::uint64_t c : claimed) now += c;
      }
      int last_due = t_.last_due;
      now += pass(level, last_due);
      t_.last_due = last_due;
      if (level == 1) log_foreseen_wins();
      for (std::uint64_t e : examined) now += t_.claim(e >> 1, e & 1, level);
      t_.record_watched(level);
      t_.at.decided += now;
      t_.report(level, t_.at.decided);
      t_.at.older_previous = t_.at.previous > 0;
      t_.at.previous = now;
      t_.last_level = level;
      t_.at.level = level + 1;
      if (checkpoints.due()) checkpoints.write();
    }
  }

 private:
  // The re-examined positions decided at `level`, tagged with their value (low bit: won).
  std::vector<std::uint64_t> examine(int level) {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    const auto code_of = [this](std::uint64_t i) { return t_.code_of_watched(i); };
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, t_.reexamined.size(), 64), [&](const auto& r) {
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        const std::uint64_t i = t_.reexamined[k];
        if (value_of(t_.load(i)) != kUndecided) continue;
        t_.game.unrank(t_.tier, i, p);
        if (auto v = t_.moves.decide_at(p, level, code_of)) found.local().push_back(i << 1 | (*v == Value::Win ? 1 : 0));
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
    t_.game.unrank(t_.tier, q, p);
    int floor = 0;
    const std::uint8_t now = tag(level);
    const bool all_won = t_.moves.visit_children(
        p, false,
        [&](std::uint64_t c) {
          const std::uint8_t s = t_.load(c);
          return value_of(s) == kWon && aux_of(s) != now;
        },
        [&](const Outcome& o) {
          if (o.value != Value::Win) return false;
          floor = std::max(floor, o.remoteness + 1);
          return true;
        });
    if (!all_won) return false;
    if (floor <= level) return true;
    t_.note_due(floor, false, q, last_due);
    return false;
  }

  // What a child decided at level - 1 does to its predecessors.
  void unmove_from(std::uint64_t child, bool child_lost, int level, std::uint64_t& claimed, int& last_due,
                   retro_detail::Slots& preds, Position& p) {
    const int count = t_.moves.predecessors(child, preds, p);
    for (int j = 0; j < count; ++j) __builtin_prefetch(&t_.cells[preds[j] >> 1], 1);
    for (int j = 0; j < count; ++j) {
      const std::uint64_t q = preds[j];
      const std::uint8_t s = t_.load(q);
      if (value_of(s) != kUndecided || aux_of(s) == kReexamined) continue;
      if (child_lost) claimed += t_.claim(q, true, level);
      else if (aux_of(s) == kMayBeLost && first_recount(q) && lost_now(q, level, p, last_due))
        claimed += t_.claim(q, false, level);
    }
  }

  // Whether slot q, undecided and may yet be lost, is recounted for the first time in this
  // level's pass (its cell then says so): its children's states as of the level before do
  // not change during the pass, so a second won child would find the same child not yet
  // won (or file the same loss). The cell itself keeps the mark, not a bit per slot: K1W5B's
  // 24.2 G slots would need 3 GB more.
  bool first_recount(std::uint64_t q) {
    std::atomic_ref<std::uint8_t> pair(t_.cells[q >> 1]);
    const int shift = static_cast<int>(q & 1) * 4;
    std::uint8_t old = pair.load(std::memory_order_relaxed);
    do {
      if (static_cast<std::uint8_t>(old >> shift & 15) != cell(kUndecided, kMayBeLost)) return false;
    } while (!pair.compare_exchange_weak(
        old, static_cast<std::uint8_t>(old | cell(kUndecided, kRecounted) << shift), std::memory_order_relaxed));
    const std::uint64_t b = q >> level_blocks::kShift, bit = std::uint64_t{1} << (b & 63);
    std::atomic_ref<std::uint64_t> word(t_.recounted_blocks[b >> 6]);
    if (!(word.load(std::memory_order_relaxed) & bit)) word.fetch_or(bit, std::memory_order_relaxed);
    return true;
  }

  // After a pass: the slots recounted in it may be lost again (by the next pass's wins).
  void forget_recounts() {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, t_.recounted_blocks.size(), 16), [&](const auto& r) {
      for (std::size_t w = r.begin(); w != r.end(); ++w) {
        for (std::uint64_t bits = t_.recounted_blocks[w]; bits; bits &= bits - 1) {
          const std::uint64_t b = w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits));
          // Blocks hold an even number of slots: whole bytes of cells.
          const std::uint64_t first = level_blocks::first_slot(b) >> 1, end = (level_blocks::end_slot(b, t_.n) + 1) >> 1;
          for (std::uint64_t k = first; k != end; ++k) {
            std::uint8_t pair = t_.cells[k];
            if ((pair & 15) == cell(kUndecided, kRecounted)) pair &= 0xF0;
            if ((pair >> 4) == cell(kUndecided, kRecounted)) pair &= 0x0F;
            t_.cells[k] = pair;
          }
        }
        t_.recounted_blocks[w] = 0;
      }
    });
  }

  // After level 1's pass: the foreseen wins (kForeseenDue), decided at level 1, logged and
  // aged now, so that the next pass, which logs and un-moves from the rest, passes them by.
  void log_foreseen_wins() {
    tbb::enumerable_thread_specific<bool> any(false);
    t_.due.for_each(kForeseenDue, [&](int, std::uint64_t i) {
      t_.decided.add(1, 0, i);
      t_.age(i);
      any.local() = true;
    });
    t_.due.drop(kForeseenDue);
    for (bool a : any)
      if (a) t_.widest = std::max(t_.widest, encode(Outcome::win(1)));
  }

  // One level's pass: un-moves from every slot decided at the previous level, logging it.
  std::uint64_t pass(int level, int& last_due) {
    tbb::enumerable_thread_specific<std::uint64_t> claimed(0);
    tbb::enumerable_thread_specific<int> last(0);
    tbb::enumerable_thread_specific<std::uint8_t> kinds(0);  // bit 0: a win logged, bit 1: a loss
    const std::uint8_t previous = tag(level - 1);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t_.block_count(), 16), [&](const auto& r) {
      t_.check_stop();
      std::uint64_t mine = 0;
      int due = 0;
      retro_detail::Slots preds;
      Position p;
      for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
        if (!level_blocks::has(t_.decided_in_block, b, level - 1)) continue;
        const std::uint64_t end = level_blocks::end_slot(b, t_.n);
        for (std::uint64_t i = level_blocks::first_slot(b); i != end; ++i) {
          const std::uint8_t s = t_.load(i);
          const std::uint8_t v = value_of(s);
          if ((v != kWon && v != kLost) || aux_of(s) != previous) continue;
          t_.decided.add(level - 1, v == kWon ? 0 : 1, i);
          kinds.local() |= v;
          unmove_from(i, v == kLost, level, mine, due, preds, p);
          t_.age(i);
        }
        level_blocks::clear(t_.decided_in_block, b, level - 1);
      }
      claimed.local() += mine;
      last.local() = std::max(last.local(), due);
    });
    for (int l : last) last_due = std::max(last_due, l);
    for (std::uint8_t k : kinds) {
      if (k & kWon) t_.widest = std::max(t_.widest, encode(Outcome::win(level - 1)));
      if (k & kLost) t_.widest = std::max(t_.widest, encode(Outcome::loss(level - 1)));
    }
    t_.decided.seal(level - 1);
    forget_recounts();
    std::uint64_t total = 0;
    for (std::uint64_t c : claimed) total += c;
    return total;
  }

  CompactTier<G>& t_;
};

}  // namespace zz::compact_detail
