#include "core/quixo/game.hpp"

namespace zz::quixo {

std::span<const RuleOption> Quixo::rule_options() {
  static const std::vector<RuleOption> options = {
      {"size", {"5", "4", "3"}, "5", "the board is size x size cubes; a line is a whole row, column or long diagonal"},
  };
  return options;
}

Quixo::Quixo(RuleValues rules)
    : rules_(std::move(rules)),
      geometry_(quixo::geometry(std::stoi(rules_.at("size")))) {}

std::vector<Quixo::Tier> Quixo::tier_dependencies(Tier t) const {
  std::vector<Tier> out;
  if (t.large + t.small >= geometry_.squares()) return out;  // no blank left
  auto ordered = [](int a, int b) {
    return a < b ? Tier{static_cast<std::int8_t>(b), static_cast<std::int8_t>(a)}
                 : Tier{static_cast<std::int8_t>(a), static_cast<std::int8_t>(b)};
  };
  out.push_back(ordered(t.large, t.small + 1));
  if (t.small < t.large) out.push_back(ordered(t.small, t.large + 1));
  return out;
}

}  // namespace zz::quixo
