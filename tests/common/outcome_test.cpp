#include <doctest/doctest.h>

#include "core/common/outcome.hpp"

using namespace zz;

TEST_CASE("outcomes order by the mover's preference") {
  CHECK(better(Outcome::win(1), Outcome::win(3)));
  CHECK(better(Outcome::win(9), Outcome::draw()));
  CHECK(better(Outcome::draw(), Outcome::loss(9)));
  CHECK(better(Outcome::loss(9), Outcome::loss(2)));
  CHECK_FALSE(better(Outcome::draw(), Outcome::draw()));
  CHECK(from_child(Outcome::loss(0)) == Outcome::win(1));
  CHECK(from_child(Outcome::win(4)) == Outcome::loss(5));
  CHECK(within_limit(Outcome::win(5), 4) == Outcome::draw());
  CHECK(within_limit(Outcome::win(4), 4) == Outcome::win(4));
  CHECK(within_limit(Outcome::loss(7), std::nullopt) == Outcome::loss(7));
}
