#pragma once
// Quixo as a Game for the solvers: rules, pushes, notation and the tiers of index.hpp.
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
#include "core/quixo/board.hpp"
#include "core/quixo/index.hpp"
#include "core/quixo/position.hpp"

namespace zz::quixo {

class Quixo {
 public:
  using Position = quixo::Position;
  using Move = quixo::Move;
  using Tier = quixo::Tier;

  static std::string_view name() { return "quixo"; }
  static std::span<const RuleOption> rule_options();
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.side == X) == to_move ? "X" : "O";
  }

  explicit Quixo(RuleValues rules);
  const RuleValues& rules() const { return rules_; }
  RuleValues table_rules() const { return rules_; }
  int side() const { return geometry_.side(); }
  const Geometry& geometry() const { return geometry_; }

  Position start() const { return {}; }
  std::uint64_t hash(const Position& p) const {
    return hash_combine(std::uint64_t{p.cubes[X]} << 32 | p.cubes[O], p.side);
  }
  // A player who completes a line of its own symbol wins; one who completes a line of the
  // opponent's loses, even if it completes one of its own too. So at the turn of `side`:
  // a line of its symbol (made by the opponent's push) wins, else the opponent's loses.
  std::optional<Outcome> outcome(const Position& p) const {
    if (geometry_.has_line(p.cubes[p.side])) return Outcome::win(0);
    if (geometry_.has_line(p.cubes[opponent(p.side)])) return Outcome::loss(0);
    return std::nullopt;
  }
  std::optional<int> plies_left(const Position&) const { return std::nullopt; }

  // Every push of a ring cube that is blank or shows the mover's symbol. A position that is
  // not over always has one: a ring of the opponent's cubes would hold its line.
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    if (outcome(p)) return;
    const Mask theirs = p.cubes[opponent(p.side)];
    for (int k = 0; k < geometry_.move_count(); ++k) {
      const Move m = geometry_.move(k);
      if (!(theirs & bit(m.from))) f(m);
    }
  }
  Position play(const Position& p, Move m) const {
    const Push push = m.push;
    Position next;
    next.cubes[p.side] = Geometry::slide(p.cubes[p.side], push) | bit(m.to);
    next.cubes[opponent(p.side)] = Geometry::slide(p.cubes[opponent(p.side)], push);
    next.side = opponent(p.side);
    return next;
  }

  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  Move parse_move(const Position& p, std::string_view text) const;
  std::string format_move(Move m) const;
  // The board and a push as data for a page (view.cpp).
  BoardView view(const Position& p) const;
  MoveView view_move(const Position& p, Move m) const;

  // --- tiers (index.hpp) ---
  Tier tier_of(const Position& p) const {
    const auto a = static_cast<std::int8_t>(__builtin_popcount(p.cubes[X]));
    const auto b = static_cast<std::int8_t>(__builtin_popcount(p.cubes[O]));
    return a < b ? Tier{b, a} : Tier{a, b};
  }
  std::string tier_name(Tier t) const { return std::to_string(t.large) + "v" + std::to_string(t.small); }
  std::uint64_t tier_size(Tier t) const { return index().size(t); }
  // What `solve` builds: the whole game from the start, or one tier named like "13v12"
  // with every tier it depends on (5x5's last tiers fit one machine; its start does not).
  std::vector<Tier> solve_roots(const std::string& tier) const;
  // Pushes of blanks: from the part where the mover has `small` cubes to tier
  // {large, small + 1}, from the other part to {small, large + 1}, ordered.
  std::vector<Tier> tier_dependencies(Tier t) const;
  std::uint64_t rank(const Position& p) const {
    return index().rank(p.cubes[p.side], p.cubes[opponent(p.side)]);
  }
  bool unrank(Tier t, std::uint64_t i, Position& out) const {
    out.side = X;
    return index().unrank(t, i, out.cubes[X], out.cubes[O]);
  }
  // Slots [0, side_split) hold the positions whose mover has the tier's smaller count, the
  // rest the others; every in-tier move goes from one part to the other. 0 when the counts
  // are equal (one part).
  std::uint64_t side_split(Tier t) const { return t.small < t.large ? index().part_size(t) : 0; }
  int orbit_size(const Position& p) const { return index().orbit_size(p.cubes[X], p.cubes[O]); }

  // Predecessors in the same tier: the player who just moved pushed one of its own cubes.
  // For every push whose end holds that player's cube, the line slides back and the cube
  // returns to where it was taken from, showing that player's symbol (a blank there would
  // be a predecessor in another tier).
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    const Color last = opponent(p.side);
    for (int k = 0; k < geometry_.move_count(); ++k) {
      const Move m = geometry_.move(k);
      if (!(p.cubes[last] & bit(m.to))) continue;
      const Push push = m.push;
      Position q;
      q.cubes[last] = Geometry::unslide(p.cubes[last], push) | bit(m.from);
      q.cubes[p.side] = Geometry::unslide(p.cubes[p.side], push);
      q.side = last;
      f(q);
    }
  }

 private:
  const Index& index() const { return Index::get(geometry_.side()); }

  RuleValues rules_;
  const Geometry& geometry_;
};

}  // namespace zz::quixo
