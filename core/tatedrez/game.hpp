#pragma once
// TateDrez as a Game for the solvers: rules, move generation, notation and the tiered index
// (placement plies 0..5, then the movement phase).
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
#include "core/tatedrez/position.hpp"

namespace zz::tatedrez {

enum class NoMove { Draw, Pass };

// Tier k < 6 holds the positions with k pieces placed; tier 6 is the movement phase.
using Tier = int;
inline constexpr Tier kMovementTier = 6;

class TateDrez {
 public:
  using Position = tatedrez::Position;
  using Move = tatedrez::Move;
  using Tier = tatedrez::Tier;

  static std::string_view name() { return "tatedrez"; }
  static std::span<const RuleOption> rule_options();

  explicit TateDrez(RuleValues rules);
  const RuleValues& rules() const { return rules_; }
  RuleValues table_rules() const { return rules_; }
  NoMove no_move() const { return no_move_; }
  int rounds() const { return rounds_; }

  Position start() const { return Position{}; }
  // A hash of everything that decides the future (the ply counts toward the round limit).
  std::uint64_t hash(const Position& p) const {
    std::uint64_t h = hash_combine(std::uint64_t{p.by_color[White]} << 16 | p.by_color[Black], p.side);
    for (Mask t : p.by_type) h = hash_combine(h, t);
    return hash_combine(h, p.ply);
  }
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.side == White) == to_move ? "White" : "Black";
  }
  std::optional<Outcome> outcome(const Position& p) const;
  std::optional<int> plies_left(const Position& p) const;
  // The same board with the other side to move, when that is a position of the game (for
  // the mutual-zugzwang flag of a query); nullopt otherwise.
  std::optional<Position> other_side_to_move(const Position& p) const {
    // In placement the counts of pieces on the board say whose turn it is.
    if (p.placement_phase() || has_line(p.by_color[opponent(p.side)])) return std::nullopt;
    Position q = p;
    q.side = opponent(p.side);
    q.ply = static_cast<std::uint8_t>(p.ply ^ 1);
    return q;
  }

  template <class F>
  void for_each_move(const Position& p, F&& f) const;
  Position play(const Position& p, Move m) const;

  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  Move parse_move(const Position& p, std::string_view text) const;
  std::string format_move(Move m) const;
  // The position and a move as data a page draws without the notation (view.cpp).
  BoardView view(const Position& p) const;
  MoveView view_move(const Position& p, Move m) const;

  Tier tier_of(const Position& p) const { return p.placed(); }
  std::string tier_name(Tier t) const;
  std::uint64_t tier_size(Tier t) const;
  std::span<const Tier> tier_dependencies(Tier t) const;
  std::uint64_t rank(const Position& p) const;
  bool unrank(Tier t, std::uint64_t index, Position& out) const;
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const;

 private:
  template <class F>
  void for_each_step(const Position& p, Color c, F&& f) const;
  bool can_step(const Position& p, Color c) const;

  RuleValues rules_;
  NoMove no_move_;
  int rounds_;
};

// Movement of one colour's pieces to empty squares, ignoring whose turn it is.
template <class F>
void TateDrez::for_each_step(const Position& p, Color c, F&& f) const {
  const Reach& r = reach();
  const Mask empty = static_cast<Mask>(~p.occupied() & kFull);
  for (int t = 0; t < kPieceTypes; ++t) {
    const Mask piece = p.pieces(c, static_cast<PieceType>(t));
    if (!piece) continue;
    const int from = __builtin_ctz(piece);
    Mask targets = r.targets[t][from] & empty;
    while (targets) {
      const int to = __builtin_ctz(targets);
      targets &= targets - 1;
      if (r.between[from][to] & ~empty) continue;
      f(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), static_cast<PieceType>(t)});
    }
  }
}

template <class F>
void TateDrez::for_each_move(const Position& p, F&& f) const {
  if (has_line(p.by_color[opponent(p.side)])) return;
  if (p.placement_phase()) {
    const Mask empty = static_cast<Mask>(~p.occupied() & kFull);
    for (int t = 0; t < kPieceTypes; ++t) {
      if (p.on_board(p.side, static_cast<PieceType>(t))) continue;
      for (int sq = 0; sq < kSquares; ++sq)
        if (empty & bit(sq)) f(Move{kHand, static_cast<std::uint8_t>(sq), static_cast<PieceType>(t)});
    }
    return;
  }
  if (rounds_ > 0 && p.ply >= 2 * rounds_) return;
  bool any = false;
  for_each_step(p, p.side, [&](Move m) {
    any = true;
    f(m);
  });
  if (!any && no_move_ == NoMove::Pass) f(Move{});
}

// Predecessors inside the movement tier: the side that just moved steps one of its pieces
// back, or (no-move=pass) passed because it had no move.
template <class F>
void TateDrez::for_each_unmove(const Position& p, F&& f) const {
  if (p.placement_phase()) return;
  const Color mover = opponent(p.side);
  const Reach& r = reach();
  const Mask empty = static_cast<Mask>(~p.occupied() & kFull);
  Position q = p;
  q.side = mover;
  q.ply = p.ply > 0 ? static_cast<std::uint8_t>(p.ply - 1) : 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    const Mask piece = p.pieces(mover, static_cast<PieceType>(t));
    const int at = __builtin_ctz(piece);
    // Piece reach is symmetric, so the squares it could have come from are its targets.
    Mask origins = r.targets[t][at] & empty;
    while (origins) {
      const int from = __builtin_ctz(origins);
      origins &= origins - 1;
      if (r.between[from][at] & ~empty) continue;
      Position prev = q;
      const Mask swap = static_cast<Mask>(bit(at) | bit(from));
      prev.by_color[mover] ^= swap;
      prev.by_type[t] ^= swap;
      f(prev);
    }
  }
  if (no_move_ == NoMove::Pass && !can_step(q, mover)) f(q);
}

}  // namespace zz::tatedrez
