#pragma once
// Parallel, level-synchronous backward induction over one tier of an Enumerable game.
//
// Level 0 holds the terminal positions; a position is decided at level L when
//   - some child is lost in L-1 plies (it is won in L), or
//   - every child is won, the slowest in L-1 plies (it is lost in L).
// Children in other tiers were solved before and are read from their tables; their values
// enter at the level they imply. Positions never decided are draws. Because every
// decision at level L reads only decisions of lower levels, the result does not depend on
// the number of threads or the order of work.
//
// With un-moves (Unmovable games) each level is found from the previous one through
// predecessors, counting for every position its in-tier children not yet known to be won.
// The positions of a level are not listed: each level is one parallel pass over the table
// that un-moves from the positions the state array shows decided at the previous level and
// decides the positions whose recorded external win or loss floor falls due, skipping
// blocks of slots flagged as having nothing to do. Lists of 8-byte indices would cost more
// than the 5 bytes per slot of the arrays themselves (in Tablut nearly every position with
// White to move is decided at level 1), and no faster: each pass touches 2 bytes per slot
// of the blocks it visits.
// Without un-moves, each level is a parallel sweep over the undecided positions.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/common/error.hpp"
#include "solver/game.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

struct SolveProgress {
  std::string_view tier;
  int level = 0;
  std::uint64_t decided = 0;  // positions won or lost so far in this tier
  std::uint64_t size = 0;     // index slots in this tier
};

struct SolveOptions {
  // Sweeps even when the game can un-move: slower, independent of the un-move generator.
  bool force_sweeps = false;
  std::function<void(const SolveProgress&)> progress;
  // Checked between levels: once set, the solve throws Cancelled.
  const std::atomic<bool>* stop = nullptr;
};

template <class Tier>
struct SolvedTier {
  Tier tier;
  const TierTable* table;
};

namespace retro_detail {

inline constexpr Code kUndecided = 0;  // becomes a draw when solving ends
inline constexpr Code kUnusedSlot = 0xFFFF;
inline constexpr std::uint16_t kNeverLost = 0xFFFF;
// Positions with a transient child take no part in counting; each level re-examines them.
inline constexpr std::uint16_t kReexamined = 0xFFFE;
// A loss floor with this bit set instead holds the level at which an external child makes
// the position won (unless an in-tier child does so sooner): such a position is never lost.
inline constexpr std::uint16_t kWinAt = 0x8000;
inline constexpr int kLastWinAtLevel = 0x7FFD;  // below kReexamined and kNeverLost
inline constexpr int kMaxChildren = 256;

// Indices waiting to be decided at a later level, one list per level and value, gathered
// per thread and merged between parallel phases (sweep mode; un-move mode keeps these in
// its per-slot arrays).
class PendingLevels {
 public:
  void add(bool win, int level, std::uint64_t index) {
    auto& lists = win ? win_ : loss_;
    if (lists.size() <= static_cast<std::size_t>(level)) lists.resize(level + 1);
    lists[level].push_back(index);
  }
  void merge_into(PendingLevels& into) {
    merge(win_, into.win_);
    merge(loss_, into.loss_);
  }
  std::vector<std::uint64_t> take(bool win, int level) {
    auto& lists = win ? win_ : loss_;
    if (lists.size() <= static_cast<std::size_t>(level)) return {};
    return std::move(lists[level]);
  }
  bool any_from(int level) const { return any(win_, level) || any(loss_, level); }

 private:
  using Lists = std::vector<std::vector<std::uint64_t>>;
  static void merge(Lists& from, Lists& into) {
    if (into.size() < from.size()) into.resize(from.size());
    for (std::size_t l = 0; l < from.size(); ++l) {
      into[l].insert(into[l].end(), from[l].begin(), from[l].end());
      from[l].clear();
    }
  }
  static bool any(const Lists& lists, int level) {
    for (std::size_t l = static_cast<std::size_t>(level); l < lists.size(); ++l)
      if (!lists[l].empty()) return true;
    return false;
  }
  Lists win_, loss_;
};

// What the children outside the tier say about a position.
struct ExternalSummary {
  int win_level = -1;  // won at this level through an external child lost in level-1 plies
  bool draw = false;   // some external child is drawn
  int loss_floor = 0;  // if lost, not before this level (slowest external win + 1)
};

}  // namespace retro_detail

template <Enumerable G>
class RetrogradeSolver {
  using Position = typename G::Position;
  using Tier = typename G::Tier;

 public:
  RetrogradeSolver(const G& game, Tier tier, std::span<const SolvedTier<Tier>> solved, const SolveOptions& options)
      : game_(game), tier_(tier), solved_(solved), options_(options), name_(game.tier_name(tier)) {}

  TierTable solve() {
    const std::uint64_t n = game_.tier_size(tier_);
    state_.assign(n, retro_detail::kUndecided);
    bool unmoves = false;
    if constexpr (Unmovable<G>) unmoves = !options_.force_sweeps;
    if (unmoves) {
      counter_.assign(n, 0);
      loss_floor_.assign(n, 0);
      decided_in_block_.assign(block_count(n), 0);
      due_in_block_.assign(block_count(n), 0);
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
        if (c == retro_detail::kUndecided) c = kDrawCode;
        else if (c == retro_detail::kUnusedSlot) c = kUnusedCode;
      }
    });
    counter_ = {};
    loss_floor_ = {};
    decided_in_block_ = {};
    due_in_block_ = {};
    TierTable table(state_);
    state_ = {};
    return table;
  }

 private:
  Code load(std::uint64_t i) const { return std::atomic_ref<const Code>(state_[i]).load(std::memory_order_relaxed); }
  bool claim(std::uint64_t i, Code c) {
    Code expected = retro_detail::kUndecided;
    return std::atomic_ref<Code>(state_[i]).compare_exchange_strong(expected, c, std::memory_order_relaxed);
  }

  const TierTable& table_of(const Tier& t) const {
    for (const auto& s : solved_)
      if (s.tier == t) return *s.table;
    throw std::logic_error("a move of tier " + name_ + " leads to tier " + game_.tier_name(t) +
                           ", which is not among its solved dependencies");
  }

  bool is_transient(const Position& c) const {
    if constexpr (HasTransients<G>) {
      return game_.transient(c);
    } else {
      (void)c;
      return false;
    }
  }

  Outcome external(const Tier& t, const Position& c) const {
    return within_limit(table_of(t).outcome(game_.rank(c)), game_.plies_left(c));
  }

  // Children of p: distinct in-tier indices into `inside` (returns their count, or -1 if a
  // child is transient) and the summary of children in other tiers.
  int children(const Position& p, std::array<std::uint64_t, retro_detail::kMaxChildren>& inside,
               retro_detail::ExternalSummary& ext) const {
    int count = 0;
    bool any = false, transient = false;
    game_.for_each_move(p, [&](const auto& m) {
      any = true;
      const Position c = game_.play(p, m);
      if (is_transient(c)) {
        transient = true;
        return;
      }
      const Tier ct = game_.tier_of(c);
      if (ct == tier_) {
        if (count == retro_detail::kMaxChildren) throw std::logic_error("too many moves in tier " + name_);
        inside[count++] = game_.rank(c);
        return;
      }
      const Outcome o = external(ct, c);
      switch (o.value) {
        case Value::Loss:
          if (ext.win_level < 0 || o.remoteness + 1 < ext.win_level) ext.win_level = o.remoteness + 1;
          break;
        case Value::Draw: ext.draw = true; break;
        case Value::Win: ext.loss_floor = std::max(ext.loss_floor, o.remoteness + 1); break;
      }
    });
    if (!any) throw std::logic_error("position " + game_.format(p) + " has no move and no outcome");
    if (transient) return -1;
    std::sort(inside.begin(), inside.begin() + count);
    return static_cast<int>(std::unique(inside.begin(), inside.begin() + count) - inside.begin());
  }

  // Decides terminal positions and positions whose children all lie in solved tiers, and
  // records for the others what their external children imply.
  void initialize(bool unmoves) {
    const std::uint64_t n = state_.size();
    tbb::enumerable_thread_specific<retro_detail::PendingLevels> local;
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> reexamined;
    tbb::enumerable_thread_specific<int> last_due(0);
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 2048), [&](const auto& r) {
      check_stop();
      auto& pending = local.local();
      int& last = last_due.local();
      std::array<std::uint64_t, retro_detail::kMaxChildren> inside;
      Position p;
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
        if (!game_.unrank(tier_, i, p)) {
          state_[i] = retro_detail::kUnusedSlot;
          continue;
        }
        if (auto o = game_.outcome(p)) {
          if (o->value == Value::Draw) {
            state_[i] = kDrawCode;
          } else if (unmoves) {
            // A finished game has no move, so nothing un-moves into it; the pass of the
            // level after its own un-moves from it (its block is marked due for that pass).
            state_[i] = encode(*o);
            note_due(last, o->remoteness + 1, i);
          } else {
            pending.add(o->value == Value::Win, o->remoteness, i);
          }
          continue;
        }
        retro_detail::ExternalSummary ext;
        const int count = children(p, inside, ext);
        if (count < 0) {
          reexamined.local().push_back(i);
          if (unmoves) loss_floor_[i] = retro_detail::kReexamined;
          continue;
        }
        if (unmoves) {
          if (count > 255) throw std::logic_error("more than 255 distinct children in tier " + name_);
          counter_[i] = static_cast<std::uint8_t>(count);
          if (ext.win_level >= 0) {
            if (ext.win_level > retro_detail::kLastWinAtLevel)
              throw std::logic_error("remoteness overflow in tier " + name_);
            loss_floor_[i] = static_cast<std::uint16_t>(retro_detail::kWinAt | ext.win_level);
            note_due(last, ext.win_level, i);
          } else if (ext.draw) {
            if (count == 0) state_[i] = kDrawCode;
            else loss_floor_[i] = retro_detail::kNeverLost;
          } else {
            // With no in-tier child (count 0) the pass of level loss_floor decides it.
            loss_floor_[i] = static_cast<std::uint16_t>(ext.loss_floor);
            if (count == 0) note_due(last, ext.loss_floor, i);
          }
          continue;
        }
        if (ext.win_level >= 0) pending.add(true, ext.win_level, i);
        if (count == 0 && ext.win_level < 0) {
          if (ext.draw) state_[i] = kDrawCode;
          else pending.add(false, ext.loss_floor, i);
        }
      }
    });
    for (auto& l : local) l.merge_into(pending_);
    for (int l : last_due) last_due_ = std::max(last_due_, l);
    for (auto& v : reexamined) reexamined_.insert(reexamined_.end(), v.begin(), v.end());
    std::sort(reexamined_.begin(), reexamined_.end());
    deepest_external_ = 0;
    for (const auto& s : solved_) {
      const TierStats st = s.table->stats();
      deepest_external_ = std::max({deepest_external_, st.longest_win, st.longest_loss});
    }
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

  // Called at the start of every chunk of parallel work, so that a stop request ends the
  // solve within one chunk, not one level.
  void check_stop() const {
    if (options_.stop && options_.stop->load(std::memory_order_relaxed)) throw Cancelled();
  }

  void report(int level, std::uint64_t decided) const {
    check_stop();
    if (options_.progress) options_.progress({name_, level, decided, state_.size()});
  }

  // The passes skip blocks of slots with nothing to do at their level: one bit per level
  // (modulo 64) says that some slot of the block was decided at that level, or that a
  // recorded decision falls due there. A pass clears the decided bits it has used; a due
  // bit left from a level 64 earlier costs one needless look.
  static constexpr int kBlockShift = 8;
  static std::uint64_t block_count(std::uint64_t slots) {
    return (slots + (std::uint64_t{1} << kBlockShift) - 1) >> kBlockShift;
  }
  static std::uint64_t level_bit(int level) { return std::uint64_t{1} << (level & 63); }
  static bool has(const std::vector<std::uint64_t>& blocks, std::uint64_t b, int level) {
    return std::atomic_ref<const std::uint64_t>(blocks[b]).load(std::memory_order_relaxed) & level_bit(level);
  }
  static void mark(std::vector<std::uint64_t>& blocks, std::uint64_t i, int level) {
    std::atomic_ref<std::uint64_t> bits(blocks[i >> kBlockShift]);
    if (!(bits.load(std::memory_order_relaxed) & level_bit(level)))
      bits.fetch_or(level_bit(level), std::memory_order_relaxed);
  }
  bool claim_at(std::uint64_t i, int level, bool win) {
    if (!claim(i, encode(win ? Outcome::win(level) : Outcome::loss(level)))) return false;
    mark(decided_in_block_, i, level);
    return true;
  }

  // Records that a decision on slot i falls due at `level` (to the pass of that level);
  // `last` gathers the last such level per thread.
  void note_due(int& last, int level, std::uint64_t i) {
    if (level > retro_detail::kLastWinAtLevel) throw std::logic_error("remoteness overflow in tier " + name_);
    last = std::max(last, level);
    mark(due_in_block_, i, level);
  }

  // Un-moves from one position decided at the previous level: a lost child wins its
  // predecessors now; a won child counts down theirs, losing those left with no other hope.
  void unmove_from(std::uint64_t child, bool child_lost, int level, std::uint64_t& claimed, int& last_due,
                   std::array<std::uint64_t, retro_detail::kMaxChildren>& preds, Position& p) {
    game_.unrank(tier_, child, p);
    int count = 0;
    game_.for_each_unmove(p, [&](const Position& q) {
      if (count == retro_detail::kMaxChildren) throw std::logic_error("too many un-moves in tier " + name_);
      preds[count++] = game_.rank(q);
    });
    std::sort(preds.begin(), preds.begin() + count);
    count = static_cast<int>(std::unique(preds.begin(), preds.begin() + count) - preds.begin());
    for (int j = 0; j < count; ++j) {
      const std::uint64_t q = preds[j];
      if (load(q) != retro_detail::kUndecided || loss_floor_[q] == retro_detail::kReexamined) continue;
      if (child_lost) {
        claimed += claim_at(q, level, true);
        continue;
      }
      if (std::atomic_ref<std::uint8_t>(counter_[q]).fetch_sub(1, std::memory_order_relaxed) != 1) continue;
      const std::uint16_t floor = loss_floor_[q];
      if (floor & retro_detail::kWinAt) continue;  // never lost
      if (floor <= level) claimed += claim_at(q, level, false);
      else note_due(last_due, floor, q);  // the pass of level `floor` decides it
    }
  }

  // Decides an undecided position whose external win or loss floor falls due at `level`.
  bool decide_due(std::uint64_t i, int level) {
    const std::uint16_t floor = loss_floor_[i];
    if (floor == (retro_detail::kWinAt | level)) return claim_at(i, level, true);
    if (floor == level && std::atomic_ref<std::uint8_t>(counter_[i]).load(std::memory_order_relaxed) == 0)
      return claim_at(i, level, false);
    return false;
  }

  void propagate_backward()
    requires Unmovable<G>
  {
    const std::uint64_t n = state_.size();
    const std::uint64_t blocks = decided_in_block_.size();
    std::uint64_t decided = 0;
    std::uint64_t previous = 0;  // positions decided at the previous level
    // A transient child reads values one ply deeper: a position with one can be decided two
    // levels after its grandchild, or by an external value up to two plies further.
    bool older_previous = false;
    for (int level = 0; level == 0 || previous > 0 || level <= last_due_ ||
                        (!reexamined_.empty() && (older_previous || level <= deepest_external_ + 2));
         ++level) {
      if (level > retro_detail::kLastWinAtLevel) throw std::logic_error("remoteness overflow in tier " + name_);
      const std::vector<std::uint64_t> examined = examine(reexamined_, level);
      // Level 0 only counts the finished games initialize wrote; nothing is decided before.
      const Code previous_win = level > 0 ? encode(Outcome::win(level - 1)) : kDrawCode;
      const Code previous_loss = level > 0 ? encode(Outcome::loss(level - 1)) : kDrawCode;
      tbb::enumerable_thread_specific<std::uint64_t> claimed(0);
      tbb::enumerable_thread_specific<int> last_due(0);
      const Code* const codes = state_.data();
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, blocks, 16), [&](const auto& r) {
        check_stop();
        std::uint64_t mine = 0;
        int last = 0;
        std::array<std::uint64_t, retro_detail::kMaxChildren> preds;
        Position p;
        for (std::uint64_t b = r.begin(); b != r.end(); ++b) {
          const bool previous_here = level > 0 && has(decided_in_block_, b, level - 1);
          const bool due_here = level == 0 || has(due_in_block_, b, level);
          if (!previous_here && !due_here) continue;
          const std::uint64_t end = std::min(n, (b + 1) << kBlockShift);
          for (std::uint64_t i = b << kBlockShift; i != end; ++i) {
            const Code s = std::atomic_ref<const Code>(codes[i]).load(std::memory_order_relaxed);
            if (s == previous_win || s == previous_loss) {
              if (level > 0) unmove_from(i, s == previous_loss, level, mine, last, preds, p);
            } else if (due_here) {
              if (level == 0) mine += s > kDrawCode && s != retro_detail::kUnusedSlot;
              else if (s == retro_detail::kUndecided) mine += decide_due(i, level);
            }
          }
          // Nothing else is decided at level - 1: the bit is free for level + 63.
          if (previous_here)
            std::atomic_ref<std::uint64_t>(decided_in_block_[b]).fetch_and(~level_bit(level - 1),
                                                                           std::memory_order_relaxed);
        }
        claimed.local() += mine;
        last_due.local() = std::max(last_due.local(), last);
      });
      std::uint64_t now = 0;
      for (std::uint64_t c : claimed) now += c;
      for (int l : last_due) last_due_ = std::max(last_due_, l);
      for (std::uint64_t i : examined) now += claim_at(i >> 1, level, i & 1);
      decided += now;
      report(level, decided);
      older_previous = previous > 0;
      previous = now;
    }
  }

  // Without un-moves: level by level, every undecided position looks at all its children.
  void sweep_forward() {
    std::uint64_t decided = 0;
    int empty_levels = 0;
    for (int level = 0;; ++level) {
      // The largest remoteness a code holds below kUnusedSlot (0xFFFF = 3 + 2 * 32766).
      if (level >= kMaxRemoteness) throw std::logic_error("remoteness overflow in tier " + name_);
      std::vector<std::uint64_t> now = decide_pending(level);
      if (level > 0) {
        tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, state_.size(), 2048), [&](const auto& r) {
          check_stop();
          auto& out = found.local();
          Position p;
          for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
            if (load(i) != retro_detail::kUndecided) continue;
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
      decided += now.size();
      report(level, decided);
      // A transient child passes a decision on two levels later, so two quiet levels in a row
      // (past every external remoteness) mean nothing more can be decided.
      empty_levels = now.empty() ? empty_levels + 1 : 0;
      if (empty_levels >= 2 && level > deepest_external_ + 2 && !pending_.any_from(level + 1)) break;
    }
  }

  // The positions of `list` (tagged with their value) that are decided at `level`.
  std::vector<std::uint64_t> examine(const std::vector<std::uint64_t>& list, int level) const {
    tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, list.size(), 64), [&](const auto& r) {
      auto& out = found.local();
      Position p;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        const std::uint64_t i = list[k];
        if (load(i) != retro_detail::kUndecided) continue;
        game_.unrank(tier_, i, p);
        if (auto v = decide_at(p, level)) out.push_back(i << 1 | (*v == Value::Win ? 1 : 0));
      }
    });
    std::vector<std::uint64_t> all;
    for (auto& v : found) all.insert(all.end(), v.begin(), v.end());
    return all;
  }

  // The value of a child c if it is already known: a draw that can no longer change, or a
  // win or loss in fewer than `level` plies (in-tier positions decided at a lower level).
  std::optional<Outcome> known(const Position& c, int level) const {
    if (is_transient(c)) {
      if (auto o = game_.outcome(c)) return *o;
      bool all_known = true;
      std::optional<Outcome> best;
      game_.for_each_move(c, [&](const auto& m) {
        const auto o = known(game_.play(c, m), level - 1);
        if (!o) {
          all_known = false;
          return;
        }
        const Outcome mine = from_child(*o);
        if (!best || better(mine, *best)) best = mine;
      });
      // Every lost child faster than level - 1 is known, so a win found is the fastest.
      if (best && (best->value == Value::Win || all_known)) return best;
      return std::nullopt;
    }
    const Tier ct = game_.tier_of(c);
    if (ct != tier_) {
      const Outcome o = external(ct, c);
      if (o.value == Value::Draw || o.remoteness < level) return o;
      return std::nullopt;
    }
    const Code code = load(game_.rank(c));
    if (code == kDrawCode) return Outcome::draw();  // a finished game: decided from the start
    if (code == retro_detail::kUndecided || decode(code).remoteness >= level) return std::nullopt;
    return decode(code);
  }

  // The value p takes at `level` from children known at lower levels, if any.
  std::optional<Value> decide_at(const Position& p, int level) const {
    bool all_won = true;
    int slowest = -1;
    bool wins_now = false;
    game_.for_each_move(p, [&](const auto& m) {
      const auto o = known(game_.play(p, m), level);
      if (!o) {
        all_won = false;
        return;
      }
      if (o->value == Value::Loss && o->remoteness == level - 1) wins_now = true;
      if (o->value != Value::Win) all_won = false;
      else slowest = std::max<int>(slowest, o->remoteness);
    });
    if (wins_now) return Value::Win;
    if (all_won && slowest == level - 1) return Value::Loss;
    return std::nullopt;
  }

  const G& game_;
  Tier tier_;
  std::span<const SolvedTier<Tier>> solved_;
  const SolveOptions& options_;
  std::string name_;
  std::vector<Code> state_;
  std::vector<std::uint8_t> counter_;
  std::vector<std::uint16_t> loss_floor_;
  std::vector<std::uint64_t> decided_in_block_, due_in_block_;  // level bits per block of slots
  retro_detail::PendingLevels pending_;
  std::vector<std::uint64_t> reexamined_;  // positions with a transient child
  int deepest_external_ = 0;               // longest remoteness in the solved dependencies
  int last_due_ = 0;                       // the last level at which a recorded decision falls due
};

template <Enumerable G>
TierTable solve_tier(const G& game, const typename G::Tier& tier,
                     std::span<const SolvedTier<typename G::Tier>> solved, const SolveOptions& options = {}) {
  return RetrogradeSolver<G>(game, tier, solved, options).solve();
}

}  // namespace zz
