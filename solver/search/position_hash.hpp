#pragma once
// The hash a search uses for a position: the game's own (hash(p)), or the position's key().
#include <cstdint>

#include "solver/game.hpp"

namespace zz {

template <class G>
concept Hashable = Game<G> && (requires(const G& g, const typename G::Position& p) {
                                 { g.hash(p) } -> std::convertible_to<std::uint64_t>;
                               } || requires(const typename G::Position& p) {
                                 { p.key() } -> std::convertible_to<std::uint64_t>;
                               });

template <Hashable G>
std::uint64_t position_hash(const G& game, const typename G::Position& p) {
  if constexpr (requires { game.hash(p); }) {
    return game.hash(p);
  } else {
    (void)game;
    return p.key();
  }
}

}  // namespace zz
