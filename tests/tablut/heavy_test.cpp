// Opt-in (ZUGZWANG_HEAVY_TESTS): the deeper perft counts, which no published source gives,
// re-derived by the plain reference generator.
#include <doctest/doctest.h>

#include "core/tablut/game.hpp"
#include "tests/tablut/naive_bridge.hpp"

using namespace zz::tablut;
using namespace zz::tablut::test;

TEST_CASE("perft 4 from the start: fast engine and plain reference agree") {
  const Tablut game;
  CHECK(naive::perft(to_naive(game.start()), 4) == game.perft(game.start(), 4));
}

TEST_CASE("perft 5 from the start equals the sum of perft 4 over the children") {
  const Tablut game;
  std::uint64_t sum = 0;
  game.for_each_move(game.start(), [&](Move m) { sum += game.perft(game.play(game.start(), m), 4); });
  CHECK(sum == game.perft(game.start(), 5));
  CHECK(sum == 1'074'150'880);
}
