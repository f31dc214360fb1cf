// The match statistics: score, Elo difference and its 95% interval.
#include <doctest/doctest.h>

#include "tools/match/elo.hpp"

using zz::match::estimate;
using zz::match::Tally;

TEST_CASE("an even score is zero Elo, 75% is about +191, and the interval narrows with games") {
  CHECK(estimate({10, 0, 10}).elo == doctest::Approx(0));
  CHECK(estimate({15, 0, 5}).elo == doctest::Approx(190.85).epsilon(0.001));
  const auto few = estimate({15, 0, 5}), many = estimate({150, 0, 50});
  CHECK(few.lower < few.elo);
  CHECK(few.upper > few.elo);
  CHECK(many.margin() < few.margin() / 2);
  // Draws halve the spread of a drawn game's score.
  CHECK(estimate({5, 10, 5}).margin() < estimate({10, 0, 10}).margin());
}

TEST_CASE("a clean sweep still has an interval") {
  const auto e = estimate({20, 0, 0});
  CHECK(e.elo > 500);
  CHECK(e.lower < e.elo);
  CHECK(e.lower > 100);
}
