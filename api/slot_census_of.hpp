#pragma once
// What a table's counts read of each slot (core/common/slot_census.hpp): whether it is used,
// whose move it is, how many positions it stands for. From the index where the game can tell
// (solver/game.hpp HasSlotCensus) and the caller needs no position; else from the position
// unrank writes into the caller's `p`. The solve's closing counts (api/raw_counts.hpp) and
// `summary` (api/table_summary.hpp) both count with it.
#include <cstdint>
#include <string>

#include "core/common/slot_census.hpp"
#include "solver/game.hpp"

namespace zz::api {

// A callable census(i, p) for the slots of tier t. kNeedsPosition: the caller reads p after
// (summary's mutual zugzwangs), so it is always built.
template <bool kNeedsPosition = false, class G>
auto slot_census_reader(const G& game, const typename G::Tier& t) {
  using Position = typename G::Position;
  if constexpr (HasSlotCensus<G> && !kNeedsPosition) {
    return [ranker = game.tier_ranker(t)](std::uint64_t i, Position&) { return ranker.census(i); };
  } else {
    return [&game, t, first = std::string(game.player_name(game.start(), true))](std::uint64_t i, Position& p) {
      if (!game.unrank(t, i, p)) return SlotCensus{};
      std::uint32_t copies = 1;  // a game without symmetry reduction: one position a slot
      if constexpr (requires { game.orbit_size(p); }) copies = static_cast<std::uint32_t>(game.orbit_size(p));
      return SlotCensus{true, game.player_name(p, true) == first, copies};
    };
  }
}

}  // namespace zz::api
