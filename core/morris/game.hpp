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

// The positions with the same stones: a side with `a` on the board and `ha` in hand against a
// side with `b` and `hb`, either to move (the index's first part has the (a, ha) side to move,
// its second part, when the tier has one, the other; index.cpp). `over`: the one slot for a
// side to move with fewer than 3 stones, which has lost.
struct Tier {
  std::int8_t a = 0, b = 0, ha = 0, hb = 0;
  bool over = false;
  friend bool operator==(const Tier&, const Tier&) = default;
};

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
  // Ranks the positions of one tier as rank() does, without finding their tier (the solver
  // ranks every in-tier child and predecessor with it; solver/game.hpp HasTierRanker).
  class Ranker {
   public:
    Ranker(const Board& board, const Tier& t, std::uint64_t second_part)
        : board_(&board), tier_(t), second_part_(second_part) {}
    std::uint64_t operator()(const Position& p) const;

   private:
    const Board* board_;
    Tier tier_;
    std::uint64_t second_part_;  // where the part with the (B, HB) side to move starts
  };
  Ranker tier_ranker(const Tier& t) const;
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
  Mask removable(const Position& p, Colour mover) const {
    const Mask opp = p.stones[other(mover)];
    const Mask free = opp & ~board().in_mills(opp);
    return free ? free : opp;
  }

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
