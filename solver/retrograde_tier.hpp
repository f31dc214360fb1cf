#pragma once
// One rank's working state of the tier RetrogradeSolver (retrograde.hpp) is solving, shared
// by the pieces that do its jobs: initialization (retrograde_initialize.hpp), the levels by
// un-moves or by sweeps (retrograde_unmoves.hpp, retrograde_sweeps.hpp) and the examination
// of positions by their moves (retrograde_examine.hpp). It holds the per-slot arrays and the
// atomic operations on one slot, what initialization leaves for the levels, and the other
// ranks' slots last fetched.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "solver/distributed/communicator.hpp"
#include "solver/exit_floors.hpp"
#include "solver/game.hpp"
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

template <Enumerable G>
struct RetroTier {
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  RetroTier(const G& game, Tier tier, std::span<const SolvedTier<Tier>> solved, const SolveOptions& options)
      : game(game), tier(tier), options(options), name(game.tier_name(tier)),
        comm(options.comm ? *options.comm : single), entries(game.tier_size(tier)),
        owned(entries, comm.rank(), comm.size()), moves(game, tier, solved) {}

  bool distributed() const { return comm.size() > 1; }
  std::uint64_t local(std::uint64_t i) const { return owned.local(i); }

  // State of a slot of this rank, by its place l in the arrays (the *_slot functions below
  // take such places too) or by its index i in the tier.
  Code load_slot(std::uint64_t l) const {
    return std::atomic_ref<const Code>(state[l]).load(std::memory_order_relaxed);
  }
  Code load(std::uint64_t i) const { return load_slot(local(i)); }
  bool is_undecided(std::uint64_t i) const { return undecided(load(i)); }
  // Writes code c over an undecided slot (whatever its count); false if it was decided.
  bool claim_slot(std::uint64_t l, Code c) {
    std::atomic_ref<Code> word(state[l]);
    Code w = word.load(std::memory_order_relaxed);
    while (undecided(w))
      if (word.compare_exchange_weak(w, c, std::memory_order_relaxed)) return true;
    return false;
  }
  bool claim(std::uint64_t i, Code c) { return claim_slot(local(i), c); }

  // The passes of un-moves skip blocks of slots with nothing to do at their level
  // (level_blocks.hpp): decided_in_block for the slots decided at a level, due_in_block for
  // the recorded decisions falling due there.
  bool claim_slot_at(std::uint64_t l, int level, bool win) {
    if (!claim_slot(l, encode(win ? Outcome::win(level) : Outcome::loss(level)))) return false;
    level_blocks::mark(decided_in_block, l, level);
    return true;
  }

  // Records that a decision on slot l falls due at `level` (to the pass of that level);
  // `last` gathers the last such level per thread.
  void note_due(int& last, int level, std::uint64_t l) {
    check_level(level);
    last = std::max(last, level);
    level_blocks::mark(due_in_block, l, level);
  }

  void check_level(int level) const {
    if (level > kLastLevel) throw std::logic_error("remoteness overflow in tier " + name);
  }

  // State of any slot of the tier: this rank's, or another rank's as last fetched.
  Code code_of(std::uint64_t i) const {
    if (owned.owns(i)) return visible(load(i));
    const auto it = std::lower_bound(remote_index.begin(), remote_index.end(), i);
    if (it == remote_index.end() || *it != i) throw std::logic_error("slot of another rank not fetched in " + name);
    return remote_code[static_cast<std::size_t>(it - remote_index.begin())];
  }

  // Reads the current codes of other ranks' slots (sorted, distinct): each rank asks the
  // owners, and answers what it is asked, in the order asked.
  void fetch_remote(const std::vector<std::uint64_t>& wanted) {
    Outboxes<std::uint64_t> requests(comm.size());
    for (std::uint64_t i : wanted) requests[owned.owner(i)].push_back(i);
    std::vector<std::uint64_t> asked_counts, asked;
    comm.exchange(requests, asked, asked_counts);
    Outboxes<std::uint64_t> replies(comm.size());
    std::size_t k = 0;
    for (int s = 0; s < comm.size(); ++s)
      for (std::uint64_t c = 0; c < asked_counts[s]; ++c, ++k) replies[s].push_back(visible(load(asked[k])));
    std::vector<std::uint64_t> reply_counts, codes;
    comm.exchange(replies, codes, reply_counts);
    // Replies come in rank order, each in the order asked: owner s's k-th reply answers the
    // k-th of the wanted slots it holds.
    std::vector<std::uint64_t> next(comm.size(), 0);
    for (int s = 1; s < comm.size(); ++s) next[s] = next[s - 1] + reply_counts[s - 1];
    remote_index = wanted;
    remote_code.resize(wanted.size());
    for (std::size_t w = 0; w < wanted.size(); ++w) remote_code[w] = static_cast<Code>(codes[next[owned.owner(wanted[w])]++]);
  }

  void check_stop() const { throw_if_stopped(options.stop); }

  // After each level, on every rank: progress for rank 0's caller, and a stop request.
  void report(int level, std::uint64_t decided, std::uint64_t bytes_sent) const {
    check_stop();
    if (options.progress && comm.rank() == 0) options.progress({name, level, decided, entries, bytes_sent});
  }

  const G& game;
  Tier tier;
  const SolveOptions& options;
  std::string name;
  LocalCommunicator single;  // the communicator of a solve by one process
  Communicator& comm;
  std::uint64_t entries;  // slots of the whole tier
  Ownership owned;
  TierMoves<G> moves;
  // Per slot this rank holds, in the order of Ownership::local:
  std::vector<Code> state;
  std::vector<std::uint16_t> loss_floor;
  std::vector<std::uint64_t> decided_in_block, due_in_block;  // level bits per block of slots
  // What initialization leaves for the levels:
  PendingLevels pending;                      // sweeps' decisions falling due later
  std::vector<std::uint64_t> reexamined;        // positions with a transient child (unless scheduled)
  std::vector<std::uint64_t> reexamined_needs;  // other ranks' slots their children read
  bool any_reexamined = false;                  // on any rank
  ReexaminationSchedule schedule;               // when to examine them (one rank only)
  int deepest_external = 0;                     // longest remoteness in the solved dependencies
  int last_due = 0;  // the last level at which a recorded decision falls due
  std::vector<std::uint64_t> remote_index;  // other ranks' slots last fetched, sorted
  std::vector<Code> remote_code;            // and their codes
};

}  // namespace retro_detail

}  // namespace zz
