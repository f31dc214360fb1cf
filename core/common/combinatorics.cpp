#include "core/common/combinatorics.hpp"

#include <array>
#include <cassert>

namespace zz {
namespace {

struct BinomialTable {
  std::array<std::array<std::uint64_t, kMaxBinomial>, kMaxBinomial> c{};
  BinomialTable() {
    for (int n = 0; n < kMaxBinomial; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
    }
  }
};

const BinomialTable& table() {
  static const BinomialTable t;
  return t;
}

}  // namespace

std::uint64_t binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0;
  assert(n < kMaxBinomial);
  return table().c[n][k];
}

std::uint64_t arrangements(int n, int k) {
  std::uint64_t r = 1;
  for (int i = 0; i < k; ++i) r *= static_cast<std::uint64_t>(n - i);
  return r;
}

std::uint64_t rank_subset(std::span<const int> sq) {
  std::uint64_t r = 0;
  for (std::size_t i = 0; i < sq.size(); ++i) r += binomial(sq[i], static_cast<int>(i) + 1);
  return r;
}

void unrank_subset(std::uint64_t rank, int n, std::span<int> out) {
  int s = n - 1;
  for (int i = static_cast<int>(out.size()) - 1; i >= 0; --i) {
    while (binomial(s, i + 1) > rank) --s;
    out[i] = s;
    rank -= binomial(s, i + 1);
    --s;
  }
}

std::uint64_t rank_arrangement(std::span<const int> sq, int n) {
  // Digit i is the square's position among the squares not used by digits before it.
  std::uint64_t r = 0;
  std::uint64_t used = 0;
  for (std::size_t i = 0; i < sq.size(); ++i) {
    std::uint64_t below = used & ((std::uint64_t{1} << sq[i]) - 1);
    int digit = sq[i] - __builtin_popcountll(below);
    r = r * static_cast<std::uint64_t>(n - static_cast<int>(i)) + static_cast<std::uint64_t>(digit);
    used |= std::uint64_t{1} << sq[i];
  }
  return r;
}

void unrank_arrangement(std::uint64_t rank, int n, std::span<int> out) {
  const int k = static_cast<int>(out.size());
  std::array<int, 64> digits{};
  for (int i = k - 1; i >= 0; --i) {
    std::uint64_t radix = static_cast<std::uint64_t>(n - i);
    digits[i] = static_cast<int>(rank % radix);
    rank /= radix;
  }
  std::uint64_t used = 0;
  for (int i = 0; i < k; ++i) {
    int d = digits[i];
    int s = 0;
    for (;; ++s) {
      if (used >> s & 1) continue;
      if (d-- == 0) break;
    }
    out[i] = s;
    used |= std::uint64_t{1} << s;
  }
}

}  // namespace zz
