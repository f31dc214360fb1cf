#include "core/taktikl/index.hpp"

#include <algorithm>
#include <array>

#include "core/common/combinatorics.hpp"
#include "core/taktikl/symmetry.hpp"

namespace zz::taktikl {
namespace {

// The opponent's squares renumbered among the 12 squares the mover leaves free.
Mask compact(Mask other, Mask mover) {
  Mask out = 0;
  while (other) {
    const int sq = __builtin_ctz(other);
    other &= static_cast<Mask>(other - 1);
    out |= bit(sq - __builtin_popcount(mover & (bit(sq) - 1)));
  }
  return out;
}

std::uint16_t colex(Mask m) {
  std::array<int, 16> sq{};
  int n = 0;
  for (int s = 0; s < 16; ++s)
    if (m >> s & 1) sq[n++] = s;
  return static_cast<std::uint16_t>(rank_subset(std::span<const int>(sq.data(), n)));
}

std::uint32_t key(Mask mover, Mask other) { return std::uint32_t{mover} << 16 | other; }

}  // namespace

const BoardIndex& BoardIndex::get() {
  static const BoardIndex index;
  return index;
}

std::uint32_t BoardIndex::board_rank(Mask mover, Mask other) const {
  return std::uint32_t{rank4_of_16_[mover]} * 495 + rank4_of_12_[compact(other, mover)];
}

BoardIndex::BoardIndex() : rank4_of_16_(1 << 16), rank4_of_12_(1 << 12) {
  for (int m = 0; m < (1 << 16); ++m)
    if (__builtin_popcount(m) == 4) rank4_of_16_[m] = colex(static_cast<Mask>(m));
  for (int m = 0; m < (1 << 12); ++m)
    if (__builtin_popcount(m) == 4) rank4_of_12_[m] = colex(static_cast<Mask>(m));

  // Every board, then the least key of each symmetry class as its representative.
  std::vector<std::pair<Mask, Mask>> boards;
  boards.reserve(900900);
  for (int m = 0; m < (1 << 16); ++m) {
    if (__builtin_popcount(m) != 4) continue;
    const int free = ~m & 0xFFFF;
    for (int o = free; o; o = (o - 1) & free)
      if (__builtin_popcount(o) == 4) boards.emplace_back(static_cast<Mask>(m), static_cast<Mask>(o));
  }
  classes_.resize(boards.size());
  std::vector<std::uint32_t> least(boards.size());
  std::vector<std::uint8_t> least_sym(boards.size());
  for (const auto& [m, o] : boards) {
    const std::uint32_t r = board_rank(m, o);
    std::uint32_t best = key(m, o);
    std::uint8_t best_sym = 0;
    for (int s = 1; s < kSymmetryCount; ++s) {
      const std::uint32_t k = key(transform(s, m), transform(s, o));
      if (k < best) {
        best = k;
        best_sym = static_cast<std::uint8_t>(s);
      }
    }
    least[r] = best;
    least_sym[r] = best_sym;
  }
  std::vector<std::uint32_t> keys = least;
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  canonical_.resize(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const Mask m = static_cast<Mask>(keys[i] >> 16), o = static_cast<Mask>(keys[i] & 0xFFFF);
    std::uint8_t stabilizer = 0;
    for (int s = 0; s < kSymmetryCount; ++s)
      if (transform(s, m) == m && transform(s, o) == o) stabilizer |= static_cast<std::uint8_t>(1 << s);
    canonical_[i] = {m, o, stabilizer};
  }
  for (std::size_t r = 0; r < least.size(); ++r) {
    const auto id = std::lower_bound(keys.begin(), keys.end(), least[r]) - keys.begin();
    classes_[r] = {static_cast<std::uint32_t>(id), least_sym[r]};
  }
}

}  // namespace zz::taktikl
