#pragma once
// The value of a position or a slot from its moves, read in the tables they reach: what a
// compressed table's left-out side and its exit-implied slots are derived from (the table
// store's SlotResolver, and decoding), what the writer stores as 0 where the exits imply
// it, and what verify checks a stored value against. The table store (store.hpp) opens the
// tables; each thread keeps its own short list of those it reached, and of the game's
// rankers of their tiers, so that a warm probe takes no lock.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/common/error.hpp"
#include "solver/game.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

template <Enumerable G>
class TableStore;

template <Enumerable G>
class MoveValues {
 public:
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  // Tables of the tiers a position's moves reach, looked up without the store's lock after
  // the first time (a thread's own short list), and the game's rankers of those tiers
  // (HasRankedExits), which find a child's table and index without playing its move.
  using Ranker = typename TierRankerOf<G>::type;
  struct TableList {
    std::vector<std::pair<Tier, const TierTable*>> tables;
    std::vector<std::pair<Tier, std::unique_ptr<Ranker>>> rankers;
    void clear() { tables.clear(); }
  };

  MoveValues(const G& game, TableStore<G>& store) : game_(game), store_(store) {}

  // This thread's list for probes: naming a tier (a string) and taking the store's lock cost
  // more than a probe of a warm table itself. A table replaced since (the store's
  // generation) empties it.
  TableList& thread_tables() {
    ThreadTables& mine = thread_tables_.local();
    const std::uint64_t now = store_.generation();
    if (mine.generation != now) {
      mine.list.clear();
      mine.generation = now;
    }
    return mine.list;
  }
  const TierTable& table_for(const Tier& t, TableList& seen) {
    for (const auto& [tier, table] : seen.tables)
      if (tier == t) return *table;
    seen.tables.emplace_back(t, &store_.load(t));
    return *seen.tables.back().second;
  }

  // The value of a child p, with no move limit applied, as its table stores it: a transient
  // position's best move, else its table's code (which, for a slot its compressed file
  // leaves out, is again the best of its moves). A finished game needs no test of its own
  // here: its table holds its result (the solver stores it), which saves generating the
  // child's moves to look for mate.
  Outcome stored_value(const Position& p, TableList& seen) {
    if constexpr (HasTransients<G>) {
      if (game_.transient(p)) return value_from_moves(p, seen);
    }
    return stored_value_in(p, table_for(game_.tier_of(p), seen), seen);
  }
  // The same for a child known not to be transient, in `table`.
  Outcome stored_value_in(const Position& p, const TierTable& table, TableList& seen) {
    const Code c = table.code_of_used(game_.rank(p));
    // A zero is a slot of a table being decoded whose value is not derived yet (a transient
    // position's move can come back to the part being derived): its moves tell.
    if (c == kUnusedCode) return value_from_moves(p, seen);
    return decode(c);
  }

  // The value of p from the rules and its moves alone: a finished game's result, else the
  // best of its moves.
  Outcome value_from_moves(const Position& p, TableList& seen, bool from_scratch = false) {
    if (auto o = game_.outcome(p)) return *o;
    const Tier t = game_.tier_of(p);
    return value_of_moves(p, t, table_for(t, seen), seen, from_scratch);
  }

  // The best of the moves of p (not finished), of tier `tier` whose table is `own`: a move
  // the game promises to keep in the tier (HasInTierTest) reads `own` without asking for
  // its tier; a game's ranker (HasRankedExits) finds the child's slot without playing it.
  // from_scratch: neither shortcut; every move is played and its child's tier and slot found
  // whole (verify --from-scratch checks the shortcuts so).
  Outcome value_of_moves(const Position& p, const Tier& tier, const TierTable& own, TableList& seen,
                         bool from_scratch = false) {
    BestOfChildren moves;
    const auto take = [&](const Outcome& child) { moves.take(child); };
    if constexpr (HasRankedExits<G> && HasInTierTest<G>) {
      if (!from_scratch) {
        const Ranker& ranker = ranker_for(tier, seen);
        const auto children = ranker.in_tier_children(p);
        game_.for_each_move(p, [&](const auto& m) {
          Code c = kUnusedCode;
          int exit;
          std::uint64_t index;
          if (game_.stays_in_tier(p, m)) c = own.code_of_used(children(m));
          else if (ranker.exit_child(p, m, exit, index))
            c = table_for(ranker.exit_tiers()[static_cast<std::size_t>(exit)], seen).code_of_used(index);
          // Anything else (and a slot not derived yet, see stored_value_in) the slow way.
          take(c != kUnusedCode ? decode(c) : stored_value(game_.play(p, m), seen));
        });
        return moves.best;
      }
    }
    game_.for_each_move(p, [&](const auto& m) {
      const Position c = game_.play(p, m);
      bool in_tier = false;
      if constexpr (HasInTierTest<G>) in_tier = !from_scratch && game_.stays_in_tier(p, m);
      take(in_tier ? stored_value_in(c, own, seen) : stored_value(c, seen));
    });
    return moves.best;
  }

  // The value slot i of tier t has from its exits alone: the game's result if it is over,
  // else the best of its moves that leave the tier; kUnusedCode if it has neither (or the
  // slot is unused). Shared by the writer, which stores a slot whose code equals it as 0, and
  // the reader, so both mean the same moves.
  Code exits_code(const Tier& t, std::uint64_t i, TableList& seen) {
    Position p;
    return game_.unrank(t, i, p) ? exits_code_of(p, t, seen) : kUnusedCode;
  }
  Code exits_code_of(const Position& p, const Tier& t, TableList& seen) {
    if (auto o = game_.outcome(p)) return encode(*o);
    BestOfChildren moves;
    const auto take = [&](const Outcome& child) { moves.take(child); };
    // A move the game cannot promise to stay is an exit only if its child is in another
    // tier's table: not a transient position (chess after a double step that allows en
    // passant), whose value would need this very table.
    const auto take_other_tier = [&](const Position& c) {
      if constexpr (HasTransients<G>) {
        if (game_.transient(c)) return;
      }
      if (!(game_.tier_of(c) == t)) take(stored_value(c, seen));
    };
    if constexpr (HasRankedExits<G> && HasInTierTest<G>) {
      const Ranker& ranker = ranker_for(t, seen);
      const auto exit = [&](const auto& m) {
        if (game_.stays_in_tier(p, m)) return;
        int tier;
        std::uint64_t index;
        if (ranker.exit_child(p, m, tier, index)) {
          const Code c = table_for(ranker.exit_tiers()[static_cast<std::size_t>(tier)], seen).code_of_used(index);
          if (c != kUnusedCode) return take(decode(c));
        }
        take_other_tier(game_.play(p, m));
      };
      // The moves that stay are skipped in bulk where the game counts them so (the writer
      // values every slot of a table the compact solver hands it this way).
      if constexpr (HasBulkQuietMoves<G>) game_.for_each_move_counting_quiet(p, [](int) {}, exit);
      else game_.for_each_move(p, exit);
    } else if constexpr (HasInTierTest<G>) {
      game_.for_each_move(p, [&](const auto& m) {
        if (!game_.stays_in_tier(p, m)) take_other_tier(game_.play(p, m));
      });
    }
    return moves.any ? encode(moves.best) : kUnusedCode;
  }

  // The code of slot i (position p) of tier t, stored as 0 for its exits to value.
  Code implied_code(const Position& p, const Tier& t, std::uint64_t i, TableList& seen) {
    const Code c = exits_code_of(p, t, seen);
    if (c == kUnusedCode)
      throw InputError("table " + store_.file(t).string() + ": corrupt data (slot " + std::to_string(i) +
                       " is implied by its exits but has none)");
    return c;
  }

  // Sets the implied slots of [from, to) of the decoded table d of tier t (exits_implied):
  // used slots that decoded as 0. Their exits lead to other tiers only.
  void fill_implied(const Tier& t, TierTable& d, std::uint64_t from, std::uint64_t to) {
    tbb::enumerable_thread_specific<TableList> lists;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(from, to, 4096), [&](const auto& r) {
      TableList& seen = lists.local();
      Position p;
      for (std::uint64_t i = r.begin(); i != r.end(); ++i)
        if (d.code_of_used(i) == kUnusedCode && game_.unrank(t, i, p)) d.set(i, implied_code(p, t, i, seen));
    });
    d.implied_filled();
  }

  // The code of slot i of tier t that its compressed file leaves out (0 if unused).
  Code derive(const Tier& t, std::uint64_t i, TableList& seen) {
    Position p;
    if (!game_.unrank(t, i, p)) return kUnusedCode;
    return encode(value_from_moves(p, seen));
  }

  // Fills slots [from, to) of the decoded table d of tier t, which its file leaves out. Moves
  // from these slots lead into the stored part or to other tiers (HasSideSplit), both read
  // while other threads write this range.
  void derive_range(const Tier& t, TierTable& d, std::uint64_t from, std::uint64_t to) {
    tbb::enumerable_thread_specific<TableList> lists;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(from, to, 4096), [&](const auto& r) {
      TableList& seen = lists.local();
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) d.set(i, derive(t, i, seen));
    });
  }

  // What a table of tier t whose file leaves slots out reads them by.
  SlotResolver resolver(const Tier& t) {
    SlotResolver r;
    r.used = [this, t](std::uint64_t i) {
      Position p;
      return game_.unrank(t, i, p);
    };
    r.derive = [this, t](std::uint64_t i) { return derive(t, i, thread_tables()); };
    r.implied = [this, t](std::uint64_t i) {
      Position p;
      if (!game_.unrank(t, i, p)) return kUnusedCode;
      return implied_code(p, t, i, thread_tables());
    };
    return r;
  }

 private:
  const Ranker& ranker_for(const Tier& t, TableList& seen) {
    for (const auto& [tier, ranker] : seen.rankers)
      if (tier == t) return *ranker;
    seen.rankers.emplace_back(t, std::make_unique<Ranker>(game_.tier_ranker(t)));
    return *seen.rankers.back().second;
  }

  struct ThreadTables {
    std::uint64_t generation = 0;
    TableList list;
  };

  const G& game_;
  TableStore<G>& store_;
  tbb::enumerable_thread_specific<ThreadTables> thread_tables_;
};

}  // namespace zz
