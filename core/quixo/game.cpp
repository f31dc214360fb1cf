#include "core/quixo/game.hpp"

#include <charconv>

#include "core/common/error.hpp"

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

std::vector<Quixo::Tier> Quixo::solve_roots(const std::string& tier) const {
  if (tier.empty()) return {tier_of(start())};
  const int squares = geometry_.squares();
  const auto refuse = [&] {
    return InputError("unknown quixo tier '" + tier + "': tiers are named LvS, L >= S cubes showing a symbol, L + S <= " +
                      std::to_string(squares) + ", like 6v5");
  };
  const std::size_t v = tier.find('v');
  if (v == std::string::npos) throw refuse();
  int large = -1, small = -1;
  const char* end = tier.data() + tier.size();
  const auto a = std::from_chars(tier.data(), tier.data() + v, large);
  const auto b = std::from_chars(tier.data() + v + 1, end, small);
  if (a.ec != std::errc{} || a.ptr != tier.data() + v || b.ec != std::errc{} || b.ptr != end || v == 0 ||
      small < 0 || small > large || large + small > squares)
    throw refuse();
  return {Tier{static_cast<std::int8_t>(large), static_cast<std::int8_t>(small)}};
}

}  // namespace zz::quixo
