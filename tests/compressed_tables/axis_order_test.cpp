// The order a compressed table stores its slots in (solver/table/axis_order.hpp): a
// transpose of the index's mixed-radix digits, its inverse, and the walk a reader and a
// writer step through a block with.
#include <doctest/doctest.h>

#include <set>
#include <stdexcept>

#include "solver/table/axis_order.hpp"

TEST_CASE("an axis order is a transpose: every offset has one position, and back") {
  // Two axes swapped, by hand: offset a * 3 + b (a < 2, b < 3) is stored at b * 2 + a.
  const zz::AxisOrder swapped({2, 3}, {1, 0});
  CHECK(!swapped.identity());
  CHECK(swapped.size() == 6);
  for (std::uint64_t a = 0; a < 2; ++a)
    for (std::uint64_t b = 0; b < 3; ++b) {
      CHECK(swapped.position(a * 3 + b) == b * 2 + a);
      CHECK(swapped.offset(b * 2 + a) == a * 3 + b);
    }
  // Every order of four axes: a bijection, its inverse, and the walk from any start.
  const std::vector<std::uint64_t> sizes = {5, 1, 4, 3};
  for (const auto& order : zz::all_axis_orders(4)) {
    const zz::AxisOrder o(sizes, order);
    CAPTURE(order[0] * 1000 + order[1] * 100 + order[2] * 10 + order[3]);
    std::set<std::uint64_t> seen;
    for (std::uint64_t k = 0; k < o.size(); ++k) {
      const std::uint64_t j = o.position(k);
      CHECK(j < o.size());
      seen.insert(j);
      CHECK(o.offset(j) == k);
    }
    CHECK(seen.size() == o.size());
    for (std::uint64_t start : {0, 7, 59}) {
      zz::AxisOrder::Walk walk(o, start);
      for (std::uint64_t j = start; j < o.size(); ++j, walk.next()) REQUIRE(walk.offset() == o.offset(j));
    }
  }
  CHECK(zz::all_axis_orders(4).size() == 24);
  CHECK(zz::AxisOrder(sizes, {0, 1, 2, 3}).identity());
  // The default order has no axes and keeps every offset where it is.
  const zz::AxisOrder none;
  CHECK(none.identity());
  CHECK(none.position(123456789) == 123456789);
  zz::AxisOrder::Walk walk(none, 41);
  walk.next();
  CHECK(walk.offset() == 42);
}

TEST_CASE("an axis order that is not one is refused") {
  CHECK_THROWS_AS(zz::AxisOrder({2, 3}, {0, 0}), std::invalid_argument);
  CHECK_THROWS_AS(zz::AxisOrder({2, 3}, {0}), std::invalid_argument);
  CHECK_THROWS_AS(zz::AxisOrder({2, 0}, {0, 1}), std::invalid_argument);
  CHECK_THROWS_AS(zz::AxisOrder({}, {}), std::invalid_argument);
  CHECK_THROWS_AS(zz::AxisOrder({1u << 31, 1u << 31, 1u << 31}, {0, 1, 2}), std::invalid_argument);
  CHECK(zz::axes_span({}) == 0);
  CHECK(zz::axes_span({1u << 31, 1u << 31, 1u << 31}) == 0);
  CHECK(zz::axes_span({462, 64, 64}) == 462 * 64 * 64);
}
