#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include "core/common/combinatorics.hpp"

using namespace zz;

TEST_CASE("binomial coefficients match Pascal's identities") {
  CHECK(binomial(0, 0) == 1);
  CHECK(binomial(9, 3) == 84);
  CHECK(binomial(64, 5) == 7624512);
  CHECK(binomial(81, 16) == binomial(80, 15) + binomial(80, 16));
  CHECK(binomial(3, 5) == 0);
  CHECK(arrangements(9, 6) == 60480);
}

TEST_CASE("subset ranks are a bijection onto [0, C(n,k))") {
  const int n = 10, k = 4;
  std::set<std::uint64_t> seen;
  for (int mask = 0; mask < (1 << n); ++mask) {
    if (__builtin_popcount(mask) != k) continue;
    std::vector<int> sq;
    for (int s = 0; s < n; ++s)
      if (mask >> s & 1) sq.push_back(s);
    auto r = rank_subset(sq);
    CHECK(r < binomial(n, k));
    seen.insert(r);
    std::array<int, k> back{};
    unrank_subset(r, n, back);
    CHECK(std::equal(back.begin(), back.end(), sq.begin()));
  }
  CHECK(seen.size() == binomial(n, k));
}

TEST_CASE("arrangement ranks are a bijection onto [0, n!/(n-k)!)") {
  const int n = 7, k = 3;
  std::set<std::uint64_t> seen;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      for (int c = 0; c < n; ++c) {
        if (a == b || b == c || a == c) continue;
        std::array<int, 3> sq{a, b, c};
        auto r = rank_arrangement(sq, n);
        CHECK(r < arrangements(n, k));
        seen.insert(r);
        std::array<int, 3> back{};
        unrank_arrangement(r, n, back);
        CHECK(back == sq);
      }
  CHECK(seen.size() == arrangements(n, k));
}
