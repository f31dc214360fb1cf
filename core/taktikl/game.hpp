#pragma once
// Tak Tikl as a Game for the solvers: rules, moves with the no-return memory, notation and
// one symmetry-reduced tier holding every position. The rule option `board` selects the
// 4x4 board or Ruderman's original 4x5 (Tac-Tickle); everything else is the same on both.
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
#include "core/taktikl/index.hpp"
#include "core/taktikl/position.hpp"

namespace zz::taktikl {

enum class NoMove { Draw, Pass, Loss };

struct Tier {
  friend bool operator==(const Tier&, const Tier&) = default;
};

class TakTikl {
 public:
  using Position = taktikl::Position;
  using Move = taktikl::Move;
  using Tier = taktikl::Tier;

  static std::string_view name() { return "taktikl"; }
  static std::span<const RuleOption> rule_options();
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.side == X) == to_move ? "X" : "O";
  }

  explicit TakTikl(RuleValues rules);
  const RuleValues& rules() const { return rules_; }
  // The move limit is answered from remoteness, so it does not select the table; the
  // default board is left out, so tables solved before the option existed stay valid.
  RuleValues table_rules() const;
  const Geometry& geometry() const { return *geometry_; }
  bool no_return() const { return no_return_; }
  NoMove no_move() const { return no_move_; }

  Position start() const;
  // A hash of everything that decides the future (the ply counts toward the move limit).
  std::uint64_t hash(const Position& p) const {
    // O's fifth rank goes above X's pieces: 4x4 positions hash as before the 4x5 board.
    const std::uint64_t pieces = std::uint64_t{p.pieces[X]} << 16 ^ p.pieces[O] ^ std::uint64_t{p.pieces[O] >> 16} << 40;
    std::uint64_t h = hash_combine(pieces, p.side);
    for (const Memory& m : p.memory) h = hash_combine(h, static_cast<std::uint64_t>(m.to + 1) << 2 | m.dir);
    return hash_combine(h, p.ply);
  }
  std::optional<Outcome> outcome(const Position& p) const;
  std::optional<int> plies_left(const Position& p) const;
  // The same board with the other side to move, when that is a position of the game (for
  // the mutual-zugzwang flag of a query); nullopt otherwise.
  std::optional<Position> other_side_to_move(const Position& p) const {
    if (geometry_->has_line(p.pieces[opponent(p.side)])) return std::nullopt;
    Position q = p;
    q.side = opponent(p.side);
    q.ply = static_cast<std::uint16_t>(p.ply ^ 1);
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

  Tier tier_of(const Position&) const { return {}; }
  std::string tier_name(Tier) const { return "all"; }
  std::uint64_t tier_size(Tier) const;
  std::span<const Tier> tier_dependencies(Tier) const { return {}; }
  std::uint64_t rank(const Position& p) const;
  bool unrank(Tier, std::uint64_t index, Position& out) const;
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const;

 private:
  // Steps of colour c's pieces, honouring memory `own` when the no-return rule is on.
  template <class F>
  void for_each_step(Mask own, Mask occupied, Memory memory, F&& f) const;
  bool can_step(Mask own, Mask occupied, Memory memory) const;
  // Memories of colour c that forbid something on c's turn: none, or a move whose origin is
  // empty.
  template <class F>
  void for_each_live_memory(Mask own, Mask occupied, F&& f) const;

  RuleValues rules_;
  const Geometry* geometry_;
  bool no_return_;
  int moves_;
  NoMove no_move_;
};

template <class F>
void TakTikl::for_each_step(Mask own, Mask occupied, Memory memory, F&& f) const {
  const int forbidden_from = no_return_ && !memory.none() ? memory.to : -1;
  const int forbidden_to = forbidden_from >= 0 ? memory.origin() : -1;
  for (Mask m = own; m; m &= m - 1) {
    const int from = __builtin_ctz(m);
    for (int d = 0; d < kDirections; ++d) {
      const int to = geometry_->step(from, static_cast<Direction>(d));
      if (to < 0 || (occupied & bit(to))) continue;
      if (from == forbidden_from && to == forbidden_to) continue;
      f(Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)});
    }
  }
}

template <class F>
void TakTikl::for_each_move(const Position& p, F&& f) const {
  if (geometry_->has_line(p.pieces[opponent(p.side)])) return;
  if (moves_ > 0 && p.ply >= moves_) return;
  bool any = false;
  for_each_step(p.pieces[p.side], p.occupied(), p.memory[p.side], [&](Move m) {
    any = true;
    f(m);
  });
  if (!any && no_move_ == NoMove::Pass) f(Move{});
}

template <class F>
void TakTikl::for_each_live_memory(Mask own, Mask occupied, F&& f) const {
  f(Memory{});
  if (!no_return_) return;
  for (Mask m = own; m; m &= m - 1) {
    const int to = __builtin_ctz(m);
    for (int d = 0; d < kDirections; ++d) {
      const Memory mem{static_cast<std::int8_t>(to), static_cast<Direction>(d)};
      const int origin = geometry_->step(to, reverse(mem.dir));
      if (origin >= 0 && !(occupied & bit(origin))) f(mem);
    }
  }
}

// Predecessors: the player who just moved takes back its last move (known from its memory
// when the no-return rule is on; any step otherwise), or its pass. What that player
// remembered before is unknown, so every memory that allowed the move is tried; the other
// player's memory is kept, or, if the taken-back move had covered its origin square, every
// memory that this hid is tried too.
template <class F>
void TakTikl::for_each_unmove(const Position& p, F&& f) const {
  const Color mover = opponent(p.side);  // moved last
  Position q = p;
  q.side = mover;
  q.ply = p.ply > 0 ? static_cast<std::uint16_t>(p.ply - 1) : 0;
  const Memory last = p.memory[mover];
  Memory waiting = p.memory[p.side];
  if (!waiting.none() && (p.occupied() & bit(waiting.origin()))) waiting = Memory{};  // forbids nothing

  if (!no_return_) {
    q.memory = {};
    for (Mask m = p.pieces[mover]; m; m &= m - 1) {
      const int to = __builtin_ctz(m);
      for (int d = 0; d < kDirections; ++d) {
        const int from = geometry_->step(to, static_cast<Direction>(d));
        if (from < 0 || (p.occupied() & bit(from))) continue;
        Position prev = q;
        prev.pieces[mover] ^= bit(from) | bit(to);
        f(prev);
      }
    }
    if (no_move_ == NoMove::Pass && !can_step(p.pieces[mover], p.occupied(), Memory{})) f(q);
    return;
  }

  if (last.none()) {
    // Only a pass leaves no memory.
    if (no_move_ != NoMove::Pass) return;
    q.memory[p.side] = waiting;
    for_each_live_memory(p.pieces[mover], p.occupied(), [&](Memory before) {
      if (can_step(p.pieces[mover], p.occupied(), before)) return;
      Position prev = q;
      prev.memory[mover] = before;
      f(prev);
    });
    return;
  }

  const int to = last.to, from = last.origin();
  if (p.occupied() & bit(from)) return;
  Position base = q;
  base.pieces[mover] ^= bit(from) | bit(to);
  const Mask occupied = base.occupied();
  auto with_waiting = [&](Memory w) {
    base.memory[p.side] = w;
    for_each_live_memory(base.pieces[mover], occupied, [&](Memory before) {
      // The one memory that forbade this very move.
      if (!before.none() && before.to == from && before.origin() == to) return;
      Position prev = base;
      prev.memory[mover] = before;
      f(prev);
    });
  };
  if (!waiting.none()) {
    if (occupied & bit(waiting.origin())) return;
    with_waiting(waiting);
    return;
  }
  with_waiting(Memory{});
  // A memory of the waiting player whose origin the move covered counted as none after it.
  for (Mask m = p.pieces[p.side]; m; m &= m - 1) {
    const int sq = __builtin_ctz(m);
    const int d = geometry_->direction_of(to, sq);
    if (d >= 0) with_waiting(Memory{static_cast<std::int8_t>(sq), static_cast<Direction>(d)});
  }
}

}  // namespace zz::taktikl
