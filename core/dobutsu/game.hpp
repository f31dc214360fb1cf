#pragma once
// Dobutsu Shogi as a Game for the solvers: rules, allocation-free moves and un-moves,
// notation, and two tiers: "all" (every position where the game goes on, side to move
// normalized and left-right mirror merged, index.hpp) and "over" (the finished ones).
//
// The game ends as Tanaka (2009) judges it (docs/rules/dobutsu.md): the side to move has won
// when it can capture the opposing lion (in 1 ply: the capture, which is forced and ends the
// game, is not played out), and has lost when the opposing lion stands on its home rank (a
// try that survived) or when it has no legal move. A lion is therefore never actually
// captured, and hands hold only elephants, giraffes and chicks.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/common/hash.hpp"
#include "core/common/board_view.hpp"
#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"
#include "core/dobutsu/index.hpp"
#include "core/dobutsu/position.hpp"

namespace zz::dobutsu {

struct Tier {
  bool over = false;  // the two finished states; otherwise every position where play goes on
  friend bool operator==(const Tier&, const Tier&) = default;
};

class Dobutsu {
 public:
  using Position = dobutsu::Position;
  using Move = dobutsu::Move;
  using Tier = dobutsu::Tier;

  // The rules have no options; the map is kept so that every result can name it.
  explicit Dobutsu(RuleValues rules) : rules_(std::move(rules)) {}

  static std::string_view name() { return "dobutsu"; }
  static std::span<const RuleOption> rule_options() { return {}; }
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.to_move == Sente) == to_move ? "Sente" : "Gote";
  }
  const RuleValues& rules() const { return rules_; }
  RuleValues table_rules() const { return rules_; }

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
  // The position and a move as data a page draws without the notation (view.cpp).
  BoardView view(const Position& p) const;
  MoveView view_move(const Position& p, Move m) const;

  std::uint64_t hash(const Position& p) const {
    std::uint64_t h = std::uint64_t{p.side_mask[Sente]} | std::uint64_t{p.side_mask[Gote]} << 12;
    for (int k = 0; k < kKinds; ++k) h = hash_combine(h, p.kind_mask[k]);
    std::uint64_t hands = p.to_move;
    for (int s = 0; s < 2; ++s)
      for (int k = 0; k < kHandKinds; ++k) hands = hands << 2 | p.hand[s][k];
    return hash_combine(h, hands);
  }

  Tier tier_of(const Position& p) const { return Tier{terminal(p)}; }
  std::string tier_name(const Tier& t) const { return t.over ? "over" : "all"; }
  std::uint64_t tier_size(const Tier& t) const { return t.over ? 2 : kIndexSize; }
  std::span<const Tier> tier_dependencies(const Tier& t) const {
    static const Tier over[1] = {Tier{true}};
    return t.over ? std::span<const Tier>{} : std::span<const Tier>{over};
  }
  // In tier "over": 0 for a game won by the side to move (in 1 ply), 1 for one it lost.
  std::uint64_t rank(const Position& p) const;
  bool unrank(const Tier& t, std::uint64_t index, Position& out) const;

  // True when the game is over (outcome(p) is set), without valuing it.
  bool terminal(const Position& p) const {
    const Side s = p.to_move, o = opponent(s);
    return attackers(p, s, p.lion(o)) || (p.pieces(o, Lion) & home_rank(s)) || (p.pieces(s, Lion) & far_rank(s)) ||
           !has_move(p);
  }

 private:
  static bool has_move(const Position& p) {
    const Side s = p.to_move;
    if (!p.hand_empty(s)) return true;  // 8 pieces leave at least 4 empty squares
    const Mask own = p.side_mask[s];
    for (Mask m = own; m; m &= static_cast<Mask>(m - 1)) {
      const int sq = __builtin_ctz(m);
      if (reach(s, p.kind_at(sq), sq) & ~own) return true;
    }
    return false;
  }

  RuleValues rules_;
};

template <class F>
void Dobutsu::for_each_move(const Position& p, F&& f) const {
  const Side s = p.to_move, o = opponent(s);
  if (attackers(p, s, p.lion(o)) || (p.pieces(o, Lion) & home_rank(s)) || (p.pieces(s, Lion) & far_rank(s))) return;
  const Mask own = p.side_mask[s];
  for (int k = 0; k < kKinds; ++k)
    for (Mask m = p.pieces(s, static_cast<Kind>(k)); m; m &= static_cast<Mask>(m - 1)) {
      const int from = __builtin_ctz(m);
      for (Mask t = static_cast<Mask>(reach(s, static_cast<Kind>(k), from) & ~own); t; t &= static_cast<Mask>(t - 1))
        f(Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(__builtin_ctz(t)), Elephant});
    }
  const Mask empty = static_cast<Mask>(kBoard & ~p.occupied());
  for (int k = 0; k < kHandKinds; ++k) {
    if (!p.hand[s][k]) continue;
    for (Mask t = empty; t; t &= static_cast<Mask>(t - 1))
      f(Move{-1, static_cast<std::int8_t>(__builtin_ctz(t)), static_cast<Kind>(k)});
  }
}

// Predecessors inside tier "all": the side that moved last (t) takes back a board move (a
// hen on t's far rank may have arrived as a chick and promoted; an unpromoted chick there
// can only have been dropped), possibly restoring a piece it captured from its hand (a
// chick in hand may have been captured as a chick or as a hen), or takes back a drop. Only
// positions where the game was still going on are kept.
template <class F>
void Dobutsu::for_each_unmove(const Position& p, F&& f) const {
  if (terminal(p)) return;  // tier "over" has no predecessors in itself
  const Side s = p.to_move, t = opponent(s);
  const Mask occ = p.occupied();
  const int s_lion = p.lion(s);
  // q (t to move) is in tier "all": t's lion not on its far rank, s's lion not on t's home
  // rank (unchanged from p), and t cannot capture s's lion.
  auto emit = [&](Position& q) {
    q.to_move = t;
    if (q.pieces(t, Lion) & far_rank(t)) return;
    if (attackers(q, t, s_lion)) return;
    f(q);
  };
  auto place = [](Position& q, Side side, Kind k, int sq) {
    q.side_mask[side] |= bit(sq);
    q.kind_mask[k] |= bit(sq);
  };
  for (int k = 0; k < kKinds; ++k)
    for (Mask m = p.pieces(t, static_cast<Kind>(k)); m; m &= static_cast<Mask>(m - 1)) {
      const int to = __builtin_ctz(m);
      const Kind kind = static_cast<Kind>(k);
      Position lifted = p;  // p without this piece
      lifted.side_mask[t] &= static_cast<Mask>(~bit(to));
      lifted.kind_mask[k] &= static_cast<Mask>(~bit(to));
      const bool on_far = far_rank(t) & bit(to);
      // Board moves: (kind before the move, its origins).
      auto unmove_from = [&](Kind before, Mask origins) {
        for (Mask o = static_cast<Mask>(origins & ~occ); o; o &= static_cast<Mask>(o - 1)) {
          Position q = lifted;
          place(q, t, before, __builtin_ctz(o));
          Position quiet = q;
          emit(quiet);
          for (int h = 0; h < kHandKinds; ++h) {
            if (!p.hand[t][h]) continue;
            Position c = q;
            --c.hand[t][h];
            Position cap = c;
            place(cap, s, static_cast<Kind>(h), to);
            emit(cap);
            if (h == Chick) {
              place(c, s, Hen, to);
              emit(c);
            }
          }
        }
      };
      if (kind == Hen) {
        unmove_from(Hen, reach(s, Hen, to));
        if (on_far) unmove_from(Chick, reach(s, Chick, to));
      } else if (kind != Chick || !on_far) {
        unmove_from(kind, reach(s, kind, to));
      }
      if (kind <= Chick) {  // a drop
        Position q = lifted;
        ++q.hand[t][k];
        emit(q);
      }
    }
}

}  // namespace zz::dobutsu
