#pragma once
// Random Tablut positions for the engine's tests: any number of pawns on squares the rules
// allow (white pieces off camps and throne, black pawns off the throne), the king inside the
// board, either side to move.
#include <random>

#include "core/tablut/game.hpp"

namespace engine_test {

using namespace zz::tablut;

inline Position random_position(std::mt19937_64& rng, int max_white = 8, int max_black = 16) {
  Position p;
  const auto free_square = [&](auto allowed) {
    for (;;) {
      const int s = static_cast<int>(rng() % kSquares);
      if (allowed(s) && !has(p.occupied(), s)) return s;
    }
  };
  p.king = static_cast<std::uint8_t>(free_square([](int s) { return !has(kCamps | kEscapes, s); }));
  const int white = static_cast<int>(rng() % (max_white + 1)), black = static_cast<int>(rng() % (max_black + 1));
  for (int i = 0; i < white; ++i) p.white |= bit(free_square([](int s) { return s != kThrone && !has(kCamps, s); }));
  for (int i = 0; i < black; ++i) p.black |= bit(free_square([](int s) { return s != kThrone; }));
  p.turn = rng() % 2 ? Color::White : Color::Black;
  return p;
}

}  // namespace engine_test
