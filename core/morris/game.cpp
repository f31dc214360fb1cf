#include "core/morris/game.hpp"

#include <array>

#include "core/common/error.hpp"

namespace zz::morris {
namespace {

constexpr std::array<Variant, 4> kVariants = {{
    {"nine", &boards::kNine, 9, false, true, false},
    {"lasker", &boards::kNine, 10, true, true, false},
    {"morabaraba", &boards::kMorabaraba, 12, false, true, true},
    {"six", &boards::kSix, 6, false, false, false},
}};

}  // namespace

const Variant& variant_named(std::string_view name) {
  for (const Variant& v : kVariants)
    if (v.name == name) return v;
  throw InputError("unknown morris variant '" + std::string(name) + "' (nine, lasker, morabaraba, six)");
}

std::span<const RuleOption> Morris::rule_options() {
  static const std::vector<RuleOption> options = {
      {"variant", {"nine", "lasker", "morabaraba", "six"}, "nine",
       "nine: Nine Men's Morris; lasker: 10 stones, place or move on each turn; morabaraba: 12 stones, "
       "diagonal lines, a full board draws; six: Six Men's Morris (16 points, 6 stones, no flying)"},
  };
  return options;
}

Morris::Morris(RuleValues rules) : rules_(std::move(rules)), variant_(&variant_named(rules_.at("variant"))) {}

Morris::Position Morris::start() const {
  Position p;
  p.hand = {static_cast<std::uint8_t>(variant_->stones), static_cast<std::uint8_t>(variant_->stones)};
  return p;
}

std::optional<Outcome> Morris::outcome(const Position& p) const {
  const Colour s = p.to_move;
  if (p.total(s) < 3) return Outcome::loss(0);
  if (variant_->full_board_draw && p.occupied() == board().all) return Outcome::draw();
  // Placement always has a move while a point is empty; sliding needs an empty neighbour.
  const Mask empty = board().all & ~p.occupied();
  if (p.hand[s] > 0 && empty) return std::nullopt;
  if (may_move(p, s) && empty) {
    if (flies(p, s)) return std::nullopt;
    for (Mask m = p.stones[s]; m; m &= m - 1)
      if (board().adjacent[__builtin_ctz(m)] & empty) return std::nullopt;
  }
  return Outcome::loss(0);
}

Morris::Position Morris::play(const Position& p, Move m) const {
  Position q = p;
  const Colour s = p.to_move;
  if (m.is_placement()) --q.hand[s];
  else q.stones[s] &= ~bit(m.from);
  q.stones[s] |= bit(m.to);
  if (m.remove != kNone) q.stones[other(s)] &= ~bit(m.remove);
  q.to_move = other(s);
  return q;
}

}  // namespace zz::morris
