// The time a set solve says it still needs follows the tables finished lately: a slow start
// (a resumed set decoding its sub-tables, a busy machine) fades instead of skewing the rest.
#include <doctest/doctest.h>

#include "solver/solve_options.hpp"

namespace {

constexpr std::uint64_t kGiga = 1000000000;

// A set of `tables` tables of one G slots each; the first takes `first` seconds, the others
// `each`; the estimate once `finished` of them are done.
double left_after(int tables, int finished, double first, double each) {
  zz::SolveProgress p;
  p.tables = tables;
  p.slots = static_cast<std::uint64_t>(tables) * kGiga;
  double now = 0;
  for (int k = 0; k < finished; ++k) {
    now += k == 0 ? first : each;
    p.finish_table(kGiga, now);
  }
  p.seconds = now;
  return p.seconds_left().value();
}

}  // namespace

TEST_CASE("no estimate before the first table") {
  zz::SolveProgress p;
  p.slots = kGiga;
  CHECK_FALSE(p.seconds_left());
  p.finish_table(kGiga / 2, 10);
  p.seconds = 10;
  REQUIRE(p.seconds_left());
  CHECK(*p.seconds_left() == doctest::Approx(10));
  CHECK(p.tables_done == 1);
  CHECK(p.slots_done == kGiga / 2);
}

TEST_CASE("at a steady rate the estimate is that rate times the slots left") {
  CHECK(left_after(20, 5, 100, 100) == doctest::Approx(1500));
}

TEST_CASE("a slow first table fades as tables finish at another rate") {
  // 15 tables left at 100 s each: 1,500 s. The first took 2,000 s, so the average of the
  // finished tables would say 15 x 480 = 7,200 s after five.
  const double after_five = left_after(20, 5, 2000, 100);
  CHECK(after_five < 7200.0 / 2);
  CHECK(after_five > 1500);
  // After ten, 1,000 s are left; the slow start is almost forgotten.
  CHECK(left_after(20, 10, 2000, 100) == doctest::Approx(1000).epsilon(0.1));
}

TEST_CASE("the time the current table has taken comes off the estimate") {
  zz::SolveProgress p;
  p.slots = 3 * kGiga;
  p.finish_table(kGiga, 100);
  p.seconds = 130;
  CHECK(*p.seconds_left() == doctest::Approx(170));
  p.seconds = 400;
  CHECK(*p.seconds_left() == 0);
}
