#include "core/taktikl/index.hpp"

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

  // Every program that touches Tak Tikl builds this index first (a cold `query` too), so it
  // is built in one pass without sorting. Masks turn by bytes: two lookups per mask.
  std::array<std::array<std::array<Mask, 256>, 2>, kSymmetryCount> turn{};
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int b = 0; b < 256; ++b) {
      turn[s][0][b] = transform(s, static_cast<Mask>(b));
      turn[s][1][b] = transform(s, static_cast<Mask>(b << 8));
    }
  auto turned = [&](int s, Mask m) { return static_cast<Mask>(turn[s][0][m & 0xFF] | turn[s][1][m >> 8]); };

  // Boards in increasing key order (mover, then opponent, ascending). A board is canonical
  // when no symmetry gives a smaller key, and canonical ids follow key order. A board's
  // least image has a smaller key, so it was visited before and already has its id.
  classes_.resize(std::size_t{1820} * 495);
  canonical_.reserve(classes_.size() / 7);
  for (int m = 0; m < (1 << 16); ++m) {
    if (__builtin_popcount(m) != 4) continue;
    const int free = ~m & 0xFFFF;
    for (int o = (0 - free) & free; o; o = (o - free) & free) {  // submasks of free, ascending
      if (__builtin_popcount(o) != 4) continue;
      const Mask mover = static_cast<Mask>(m), other = static_cast<Mask>(o);
      const std::uint32_t own = key(mover, other);
      std::uint32_t best = own;
      std::uint8_t best_sym = 0, stabilizer = 1;
      for (int s = 1; s < kSymmetryCount; ++s) {
        const std::uint32_t k = key(turned(s, mover), turned(s, other));
        if (k < best) {
          best = k;
          best_sym = static_cast<std::uint8_t>(s);
        }
        if (k == own) stabilizer |= static_cast<std::uint8_t>(1 << s);
      }
      const std::uint32_t r = board_rank(mover, other);
      if (best == own) {
        classes_[r] = {static_cast<std::uint32_t>(canonical_.size()), 0};
        canonical_.push_back({mover, other, stabilizer});
      } else {
        const std::uint32_t least = board_rank(static_cast<Mask>(best >> 16), static_cast<Mask>(best & 0xFFFF));
        classes_[r] = {classes_[least].id, best_sym};
      }
    }
  }
}

}  // namespace zz::taktikl
