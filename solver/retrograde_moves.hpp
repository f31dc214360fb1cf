#pragma once
// What the retrograde solvers (solver/retrograde.hpp, solver/compact_retrograde.hpp) ask of
// one tier's moves: its children counted and summarised, its predecessors listed, the value
// a position takes at a level from children already known. Both working states share it, so
// both decide exactly the same positions at the same levels.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/common/outcome.hpp"
#include "solver/game.hpp"
#include "solver/slot_order.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

template <class Tier>
struct SolvedTier {
  Tier tier;
  const TierTable* table;
};

namespace retro_detail {

inline constexpr int kMaxChildren = 256;
using Slots = std::array<std::uint64_t, kMaxChildren>;

// The level at which a position whose every in-tier child is a foreseen win in one ply
// (HasForeseenWins) is lost: TierMoves::initial_children files it, the pass of this level
// decides it, and the pass of this level skips un-moving from the foreseen slots themselves.
inline constexpr int kForeseenLossLevel = 2;

// What the children outside the tier say about a position.
struct ExternalSummary {
  int win_level = -1;  // won at this level through an external child lost in level-1 plies
  bool draw = false;   // some external child is drawn
  int loss_floor = 0;  // if lost, not before this level (slowest external win + 1)
  // The same for the in-tier children counted as known at initialization
  // (TierMoves::initial_children): kept apart, since the writer reads loss_floor as what the
  // exits alone imply (solver/exit_floors.hpp).
  int foreseen_floor = 0;
  // The position is itself one the game foresees won in one ply (HasForeseenWins): its
  // predecessors counted it as known, so no pass un-moves from it. Each working state marks
  // it where its pass finds it without an unrank.
  bool foreseen_win = false;
  int lost_at() const { return loss_floor > foreseen_floor ? loss_floor : foreseen_floor; }

  // Adds a child valued o in another tier.
  void add(const Outcome& o) {
    switch (o.value) {
      case Value::Loss:
        if (win_level < 0 || o.remoteness + 1 < win_level) win_level = o.remoteness + 1;
        break;
      case Value::Draw: draw = true; break;
      case Value::Win: loss_floor = std::max(loss_floor, o.remoteness + 1); break;
    }
  }
};

}  // namespace retro_detail

template <Enumerable G>
class TierMoves {
  using Position = typename G::Position;
  using Tier = typename G::Tier;
  using InTierChildren = typename InTierChildrenOf<G>::type;

 public:
  TierMoves(const G& game, const Tier& tier, std::span<const SolvedTier<Tier>> solved)
      : game_(game), tier_(tier), solved_(solved), name_(game.tier_name(tier)), ranker_(make_ranker(game, tier)) {
    if constexpr (HasRankedExits<G>)
      for (const Tier& t : ranker_.exit_tiers()) exit_tables_.push_back(&table_of(t));
  }

  const std::string& name() const { return name_; }
  const typename TierRankerOf<G>::type& ranker() const { return ranker_; }
  const G& game() const { return game_; }
  const TierTable* exit_table(int k) const { return exit_tables_[static_cast<std::size_t>(k)]; }  // of exit_tiers()[k]

  // The longest remoteness stored in the tables this tier's moves leave to.
  int deepest_external() const {
    int deepest = 0;
    for (const auto& s : solved_) deepest = std::max({deepest, s.table->stats().longest_win, s.table->stats().longest_loss});
    return deepest;
  }

  // A number that changes when any table this tier's moves leave to changes (their names,
  // sizes and counts), for a checkpoint to tell whether it still applies.
  std::uint64_t dependencies_fingerprint() const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    const auto mix = [&h](std::uint64_t v) {
      h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    };
    for (const auto& s : solved_) {
      for (char c : game_.tier_name(s.tier)) mix(static_cast<unsigned char>(c));
      const TierStats& st = s.table->stats();
      for (std::uint64_t v : {s.table->size(), st.wins, st.losses, st.draws}) mix(v);
    }
    return h;
  }

  // The index of an in-tier child or predecessor of a position of this tier.
  std::uint64_t rank_in_tier(const Position& p) const {
    if constexpr (HasTierRanker<G>) return ranker_(p);
    else return game_.rank(p);
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
    return within_limit(decode(table_of(t).code_of_used(game_.rank(c))), game_.plies_left(c));
  }

  // Whether p's in-tier neighbours are known to have distinct indices, and whether move m of
  // p is known to stay in the tier without playing it (solver/game.hpp).
  bool neighbours_distinct(const Position& p) const {
    if constexpr (HasDistinctNeighbours<G>) {
      return game_.neighbours_distinct(p);
    } else {
      (void)p;
      return false;
    }
  }
  bool stays_in_tier(const Position& p, const typename G::Move& m) const {
    if constexpr (HasInTierTest<G>) {
      return game_.stays_in_tier(p, m);
    } else {
      (void)p, (void)m;
      return false;
    }
  }

  // Whether every move of the tier leaves it (HasExitLocality): no slot then has an in-tier
  // child or predecessor, so a slot's value is known once its exits are read.
  bool exits_only() const {
    if constexpr (HasExitLocality<G>) return ranker_.exits_only();
    else return false;
  }

  // Calls f(k) once for each k in [begin, end): in order, or, in a tier whose every move
  // leaves it (HasExitLocality), in the order of exit_locality(slot(k)) (slot_order.hpp).
  // `order` is the caller's scratch, reused.
  template <class Slot, class F>
  void for_each_slot(std::uint64_t begin, std::uint64_t end, Slot&& slot, std::vector<std::uint64_t>& order,
                     F&& f) const {
    if constexpr (HasExitLocality<G>) {
      if (ranker_.exits_only()) {
        for_each_slot_by_locality(ranker_, begin, end, slot, order, f);
        return;
      }
    }
    for (std::uint64_t k = begin; k < end; ++k) f(k);
  }

  // Calls inside(index) for each in-tier child of p (repeats included) and outside(outcome)
  // for each child valued in another tier's table, while they return true; returns false if
  // a child is transient (at once) or a call returned false. With count_only, a move the game
  // promises to keep in the tier is passed to inside unranked (index 0): counting is all
  // initialization needs when p's neighbours are distinct, and ranking was its largest cost.
  //
  // Children ranked into another tier without playing the move (HasRankedExits) are valued
  // after p's other moves, their codes prefetched as they are ranked: in a placement tier of
  // Nine Men's Morris every move is such an exit, read at random in tables of 10^8 slots,
  // and reading each at once waited on memory once per move. Callers ask for conjunctions
  // and summaries, which do not depend on the order.
  template <class Inside, class Outside>
  bool visit_children(const Position& p, bool count_only, Inside&& inside, Outside&& outside) const {
    bool any = false, go_on = true;
    InTierChildren children;  // made at the first in-tier move that needs an index
    struct RankedExit {
      const TierTable* table;
      std::uint64_t index;
    };
    std::array<RankedExit, retro_detail::kMaxChildren> exits;  // not initialized: written before read
    int exit_count = 0;
    const auto value_exits = [&] {
      for (int k = 0; k < exit_count && go_on; ++k) go_on = outside(decode(exits[k].table->code_of_used(exits[k].index)));
      exit_count = 0;
    };
    const auto visit = [&](const auto& m) {
      any = true;
      if (!go_on) return;
      if (count_only && stays_in_tier(p, m)) {
        go_on = inside(std::uint64_t{0});
        return;
      }
      if constexpr (HasRankedExits<G>) {
        if (stays_in_tier(p, m)) {
          if (!children) children.emplace(ranker_.in_tier_children(p));
          go_on = inside((*children)(m));
          return;
        }
        int exit;
        std::uint64_t index;
        if (ranker_.exit_child(p, m, exit, index)) {
          if (exit_count == retro_detail::kMaxChildren) value_exits();
          const TierTable* table = exit_tables_[static_cast<std::size_t>(exit)];
          table->prefetch_code(index);
          exits[exit_count++] = {table, index};
          return;
        }
      }
      const Position c = game_.play(p, m);
      if (is_transient(c)) {
        go_on = false;
        return;
      }
      const Tier ct = game_.tier_of(c);
      go_on = ct == tier_ ? inside(rank_in_tier(c)) : outside(external(ct, c));
    };
    if constexpr (HasExitBatch<G>) {
      // A placement tier: every child named in one call, prefetched, then valued.
      if (ranker_.exits_only()) {
        std::array<int, retro_detail::kMaxChildren> tiers;  // not initialized: written before read
        std::array<std::uint64_t, retro_detail::kMaxChildren> indices;
        const int n = ranker_.exit_children(p, tiers.data(), indices.data());
        if (n >= 0) {
          if (n == 0) throw std::logic_error("position " + game_.format(p) + " has no move and no outcome");
          for (int k = 0; k < n; ++k) {
            const auto at = static_cast<std::size_t>(k);
            const TierTable* table = exit_tables_[static_cast<std::size_t>(tiers[at])];
            table->prefetch_code(indices[at]);
            exits[at] = {table, indices[at]};
          }
          exit_count = n;
          value_exits();
          return go_on;
        }
      }
    }
    bool counted_in_bulk = false;
    if constexpr (HasBulkQuietMoves<G>) {
      if (count_only) {
        const auto quiet = [&](int n) {
          any = true;
          for (int k = 0; k < n && go_on; ++k) go_on = inside(std::uint64_t{0});
        };
        game_.for_each_move_counting_quiet(p, quiet, visit);
        counted_in_bulk = true;
      }
    }
    if (!counted_in_bulk) game_.for_each_move(p, visit);
    value_exits();
    if (!any) throw std::logic_error("position " + game_.format(p) + " has no move and no outcome");
    return go_on;
  }

  // Children of p: the count of distinct in-tier indices (or -1 if a child is transient), the
  // indices themselves into `inside` unless `count_only` (then the count is of moves into the
  // tier, repeats included: the distinct count only where p's neighbours are distinct, and in
  // any case zero exactly when that is), and the summary of children in other tiers.
  int children(const Position& p, retro_detail::Slots& inside, retro_detail::ExternalSummary& ext,
               bool count_only = false) const {
    int count = 0;
    const auto add_inside = [&](std::uint64_t index) {
      if (count == retro_detail::kMaxChildren) throw std::logic_error("too many moves in tier " + name_);
      inside[count++] = index;
      return true;
    };
    const auto add_outside = [&](const Outcome& o) {
      ext.add(o);
      return true;
    };
    if (!visit_children(p, count_only, add_inside, add_outside)) return -1;  // a transient child
    if (count_only) return count;
    std::sort(inside.begin(), inside.begin() + count);
    return static_cast<int>(std::unique(inside.begin(), inside.begin() + count) - inside.begin());
  }

  // children() as initialization asks it: the in-tier children the game foresees won in one
  // ply for their side to move (HasForeseenWins) go into the summary as such, not into the
  // count, and the pass after level 1 does not un-move from them (ext.foreseen_win says p is
  // one). Every predecessor of such a slot counted it here, so each count ends as it did.
  int initial_children(const Position& p, retro_detail::Slots& inside, retro_detail::ExternalSummary& ext,
                       bool count_only) const {
    const int count = children(p, inside, ext, count_only);
    if constexpr (HasForeseenWins<G>) {
      if (count >= 0 && ext.win_level == 1) ext.foreseen_win = ranker_.foreseen_win_at(p);
      // A position an exit wins is never lost: how many of its children are known matters
      // to no one.
      if (count <= 0 || ext.win_level >= 0) return count;
      // Per move, repeats included: the distinct children's count when p's neighbours are
      // distinct, and otherwise whether any child needs asking at all (most positions have
      // none, and asking a slot unranks it).
      int foreseen = ranker_.foreseen_children(p);
      if (!count_only && foreseen > 0) {
        foreseen = 0;
        int kept = 0;
        for (int k = 0; k < count; ++k) {
          const std::uint64_t c = inside[static_cast<std::size_t>(k)];
          if (ranker_.foreseen_win(c)) ++foreseen;
          else inside[static_cast<std::size_t>(kept++)] = c;
        }
      }
      if (foreseen > 0) ext.foreseen_floor = retro_detail::kForeseenLossLevel;  // each won in one ply
      return count - foreseen;
    }
    return count;
  }

  // The distinct in-tier predecessors of slot `child` into preds; returns how many. p is
  // scratch space.
  int predecessors(std::uint64_t child, retro_detail::Slots& preds, Position& p) const
    requires Unmovable<G>
  {
    int count = 0;
    bool distinct = false;
    if constexpr (HasIndexedUnmoves<G>) {
      static_assert(retro_detail::kMaxChildren == 256, "HasIndexedUnmoves writes up to 256 predecessors");
      count = ranker_.predecessors(child, preds.data(), distinct);
    } else {
      game_.unrank(tier_, child, p);
      game_.for_each_unmove(p, [&](const Position& q) {
        if (count == retro_detail::kMaxChildren) throw std::logic_error("too many un-moves in tier " + name_);
        preds[count++] = rank_in_tier(q);
      });
      // (Asking neighbours_distinct here costs more than the sort it would save.)
    }
    if (!distinct) {
      std::sort(preds.begin(), preds.begin() + count);
      count = static_cast<int>(std::unique(preds.begin(), preds.begin() + count) - preds.begin());
    }
    return count;
  }

  // Calls f(index) for every in-tier slot known() reads to decide p: its children's, and
  // through a transient child that child's children's.
  template <class F>
  void for_each_read_slot(const Position& p, F&& f) const {
    game_.for_each_move(p, [&](const auto& m) {
      const Position c = game_.play(p, m);
      if (is_transient(c)) {
        if (!game_.outcome(c)) for_each_read_slot(c, f);
        return;
      }
      if (game_.tier_of(c) == tier_) f(game_.rank(c));
    });
  }

  // What can make decide_at decide p, found before the solve (reexamination_schedule.hpp):
  // transient(slot, depth) for every unfinished transient position known() reaches from p
  // (depth 1: p's child), with the slot of its board; fixed(level) for every win or loss
  // fixed before the solve that it reaches, with the first level at which it can decide p.
  template <class Transient, class Fixed>
  void for_each_trigger(const Position& p, Transient&& transient, Fixed&& fixed, int depth = 1) const {
    game_.for_each_move(p, [&](const auto& m) {
      const Position c = game_.play(p, m);
      if (is_transient(c)) {
        if (auto o = game_.outcome(c)) {
          if (o->value != Value::Draw) fixed(o->remoteness + depth);
          return;
        }
        if (game_.tier_of(c) != tier_) throw std::logic_error("a transient position outside its parent's tier " + name_);
        transient(rank_in_tier(c), depth);
        for_each_trigger(c, transient, fixed, depth + 1);
        return;
      }
      const Tier ct = game_.tier_of(c);
      if (ct == tier_) return;  // the level's pass reaches p, or its transient board, from c
      const Outcome o = external(ct, c);
      if (o.value != Value::Draw) fixed(o.remoteness + depth);
    });
  }

  // The value of a child c if it is already known: a draw that can no longer change, or a
  // win or loss in fewer than `level` plies. code_of(i) is the code of in-tier slot i as far
  // as it is known (0, undecided, for a slot decided at `level` or later).
  template <class CodeOf>
  std::optional<Outcome> known(const Position& c, int level, const CodeOf& code_of) const {
    if (is_transient(c)) {
      if (auto o = game_.outcome(c)) return *o;
      bool all_known = true;
      std::optional<Outcome> best;
      game_.for_each_move(c, [&](const auto& m) {
        const auto o = known(game_.play(c, m), level - 1, code_of);
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
    const Code code = code_of(game_.rank(c));
    if (code == kDrawCode) return Outcome::draw();  // a finished game: decided from the start
    if (code == kUndecidedCode || decode(code).remoteness >= level) return std::nullopt;
    return decode(code);
  }

  // The value p takes at `level` from children known at lower levels, if any.
  template <class CodeOf>
  std::optional<Value> decide_at(const Position& p, int level, const CodeOf& code_of) const {
    bool all_won = true;
    int slowest = -1;
    bool wins_now = false;
    game_.for_each_move(p, [&](const auto& m) {
      const auto o = known(game_.play(p, m), level, code_of);
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

  // The code 0: a slot not decided (yet), in both working states.
  static constexpr Code kUndecidedCode = 0;

 private:
  static typename TierRankerOf<G>::type make_ranker(const G& game, const Tier& tier) {
    if constexpr (HasTierRanker<G>) return game.tier_ranker(tier);
    else return {};
  }

  const G& game_;
  Tier tier_;
  std::span<const SolvedTier<Tier>> solved_;
  std::string name_;
  typename TierRankerOf<G>::type ranker_;  // the game's rank of this tier's positions, if it has one
  std::vector<const TierTable*> exit_tables_;  // the tables of ranker_.exit_tiers(), if it has them
};

}  // namespace zz
