#pragma once
// The morris family as a Game for the solvers (docs/rules/morris.md): Nine Men's Morris by
// default, Lasker Morris, Morabaraba and Six Men's Morris by the option `variant`. Rules,
// allocation-free moves and un-moves, notation, and tiers by stones on the board and in hand
// (tiers.cpp, index.cpp).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/board_view.hpp"
#include "core/common/hash.hpp"
#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"
#include "core/morris/position.hpp"
#include "core/morris/tier.hpp"
#include "core/morris/tier_ranker.hpp"

namespace zz::morris {

// What a variant is: a board and a few numbers.
struct Variant {
  std::string_view name;
  const Board* board;
  int stones;              // each player's, all in hand at the start
  bool place_or_move;      // Lasker: a player with stones in hand may also move
  bool flying;             // a player with exactly 3 stones (board + hand) moves anywhere
  bool full_board_draw;    // Morabaraba: a full board is a draw
};

const Variant& variant_named(std::string_view name);

class Morris {
 public:
  using Position = morris::Position;
  using Move = morris::Move;
  using Tier = morris::Tier;

  explicit Morris(RuleValues rules);

  static std::string_view name() { return "morris"; }
  static std::span<const RuleOption> rule_options();
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.to_move == White) == to_move ? "White" : "Black";
  }
  const RuleValues& rules() const { return rules_; }
  RuleValues table_rules() const { return rules_; }
  const Variant& variant() const { return *variant_; }
  const Board& board() const { return *variant_->board; }

  Position start() const;
  std::optional<Outcome> outcome(const Position& p) const;
  std::optional<int> plies_left(const Position&) const { return std::nullopt; }

  template <class F>
  void for_each_move(const Position& p, F&& f) const;
  Position play(const Position& p, Move m) const;
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const;

  // The solver's shortcuts for in-tier children (solver/game.hpp). The moves that stay in
  // p's tier are exactly the slides and flights that remove nothing (a placement changes the
  // hands, a removal the stones), so their children all have p's waiting stones to move:
  // two of them share a slot only through a symmetry that fixes those stones.
  bool neighbours_distinct(const Position& p) const;
  static bool stays_in_tier(const Position&, Move m) { return !m.is_placement() && m.remove == kNone; }
  // Tables store every slot's code, none left for its exits to imply (solver/game.hpp
  // ChoosesImpliedExits): in the movement tiers the only exits are mills, and implying them
  // made 5-5-0-0's file 70 % larger; the placement tiers, all of whose moves are exits, shrink
  // with it, but what that is worth is a question of the format, not of these shortcuts.
  static bool implies_exits(const Tier&) { return false; }
  // for_each_move, with the moves that stay counted: quiet(n) for n of them at a time.
  template <class Quiet, class F>
  void for_each_move_counting_quiet(const Position& p, Quiet&& quiet, F&& f) const;

  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  Move parse_move(const Position& p, std::string_view text) const;
  std::string format_move(Move m) const;
  BoardView view(const Position& p) const;
  MoveView view_move(const Position& p, Move m) const;

  std::uint64_t hash(const Position& p) const {
    return hash_combine(std::uint64_t{p.stones[White]} | std::uint64_t{p.stones[Black]} << 24,
                        std::uint64_t{p.hand[White]} << 8 | std::uint64_t{p.hand[Black]} << 1 | p.to_move);
  }

  // Tiers (tiers.cpp) and their index (index.cpp).
  Tier tier_of(const Position& p) const;
  std::string tier_name(const Tier& t) const;
  std::uint64_t tier_size(const Tier& t) const;
  std::vector<Tier> tier_dependencies(const Tier& t) const;
  std::uint64_t rank(const Position& p) const;
  bool unrank(const Tier& t, std::uint64_t index, Position& out) const;
  // Ranks the positions of one tier as rank() does, without finding their tier, and the
  // solver's other kernels on the index (tier_ranker.hpp; solver/game.hpp HasTierRanker,
  // HasIndexedUnmoves, HasRankedExits).
  using Ranker = TierRanker;
  Ranker tier_ranker(const Tier& t) const;
  // Blocks of 65,536 codes (solver/game.hpp HasTableBlockShift): Nine Men's Morris's tables
  // in them are 0.4 % larger than in the 1 M-code blocks large tables get, and a probe
  // decodes a sixteenth of a block (results/morris/README.md, "Queries").
  int table_block_shift(const Tier&) const { return 16; }
  // --material A-B-HA-HB names one tier; "" the start's.
  std::vector<Tier> solve_roots(const std::string& material) const;
  // The positions an index entry stands for: the board's images under the 16 symmetries.
  int orbit_size(const Position& p) const;

  // Whether a side with hand `mover` to move against hand `waiting` can arise: except in
  // Lasker Morris, White places first and the players alternate.
  bool hands_fit(int mover, int waiting) const {
    return variant_->place_or_move || mover == waiting || mover == waiting + 1;
  }
  // Whether side c, to move, flies.
  bool flies(const Position& p, Colour c) const { return variant_->flying && p.total(c) == 3; }
  // Whether side c, to move, may slide or fly stones on the board.
  bool may_move(const Position& p, Colour c) const {
    return p.stones[c] != 0 && (p.hand[c] == 0 || variant_->place_or_move);
  }

 private:
  // The opposing stones a mill closed by `mover` may remove.
  Mask removable(const Position& p, Colour mover) const { return board().removable(p.stones[other(mover)]); }

  RuleValues rules_;
  const Variant* variant_;
};

template <class F>
void Morris::for_each_move(const Position& p, F&& f) const {
  const Colour s = p.to_move;
  if (p.total(s) < 3) return;
  const Board& b = board();
  const Mask own = p.stones[s];
  const Mask empty = b.all & ~p.occupied();
  // A move that closes a mill comes once per stone it may remove (once when none is on the board).
  const auto emit = [&](std::int8_t from, int to, Mask after) {
    Mask r = b.in_mill(after, to) ? removable(p, s) : 0;
    if (!r) f(Move{from, static_cast<std::int8_t>(to), kNone});
    for (; r; r &= r - 1) f(Move{from, static_cast<std::int8_t>(to), static_cast<std::int8_t>(__builtin_ctz(r))});
  };
  if (p.hand[s] > 0)
    for (Mask t = empty; t; t &= t - 1) {
      const int to = __builtin_ctz(t);
      emit(kNone, to, own | bit(to));
    }
  if (!may_move(p, s)) return;
  const bool fly = flies(p, s);
  for (Mask m = own; m; m &= m - 1) {
    const int from = __builtin_ctz(m);
    for (Mask t = (fly ? empty : b.adjacent[from] & empty); t; t &= t - 1) {
      const int to = __builtin_ctz(t);
      emit(static_cast<std::int8_t>(from), to, (own & ~bit(from)) | bit(to));
    }
  }
}

template <class Quiet, class F>
void Morris::for_each_move_counting_quiet(const Position& p, Quiet&& quiet, F&& f) const {
  const Colour s = p.to_move;
  if (p.total(s) < 3) return;
  const Board& b = board();
  const Mask own = p.stones[s];
  const Mask empty = b.all & ~p.occupied();
  const Mask removable_stones = p.stones[other(s)] ? removable(p, s) : 0;  // none: a mill removes nothing
  // A move that closes a mill comes once per stone it removes, as in for_each_move.
  const auto removing = [&](std::int8_t from, int to) {
    for (Mask r = removable_stones; r; r &= r - 1)
      f(Move{from, static_cast<std::int8_t>(to), static_cast<std::int8_t>(__builtin_ctz(r))});
  };
  if (p.hand[s] > 0)
    for (Mask t = empty; t; t &= t - 1) {
      const int to = __builtin_ctz(t);
      if (removable_stones && b.in_mill(own | bit(to), to)) removing(kNone, to);
      else f(Move{kNone, static_cast<std::int8_t>(to), kNone});
    }
  if (!may_move(p, s)) return;
  const bool fly = flies(p, s);
  for (Mask m = own; m; m &= m - 1) {
    const int from = __builtin_ctz(m);
    const Mask targets = fly ? empty : b.adjacent[from] & empty;
    Mask closing = 0;
    if (removable_stones)
      for (Mask t = targets; t; t &= t - 1) {
        const int to = __builtin_ctz(t);
        if (b.in_mill((own & ~bit(from)) | bit(to), to)) closing |= bit(to);
      }
    if (const Mask still = targets & ~closing) quiet(__builtin_popcount(still));
    for (Mask t = closing; t; t &= t - 1) removing(static_cast<std::int8_t>(from), __builtin_ctz(t));
  }
}

// Predecessors in p's tier: the side that just moved takes back a slide or flight that
// removed nothing (a placement changes the hands and a removal the stones, so both come from
// other tiers). A move that closed a mill removed a stone unless the side to move has none
// on the board.
template <class F>
void Morris::for_each_unmove(const Position& p, F&& f) const {
  const Colour s = p.to_move, t = other(s);
  // q has t to move with the same hands, which must fit that (in Nine Men's Morris both are
  // empty: a player's last placement is followed by the other's, not by its own slide).
  if (p.total(s) < 3 || p.total(t) < 3 || !may_move(p, t) || !hands_fit(p.hand[t], p.hand[s])) return;
  const Board& b = board();
  const Mask empty = b.all & ~p.occupied();
  const bool fly = flies(p, t);  // its count did not change
  const bool mill_removes = p.stones[s] != 0;
  for (Mask m = p.stones[t]; m; m &= m - 1) {
    const int to = __builtin_ctz(m);
    if (mill_removes && b.in_mill(p.stones[t], to)) continue;
    for (Mask o = (fly ? empty : b.adjacent[to] & empty); o; o &= o - 1) {
      Position q = p;
      q.stones[t] = (p.stones[t] & ~bit(to)) | (o & (~o + 1));
      q.to_move = t;
      f(q);
    }
  }
}

}  // namespace zz::morris
