#include "core/quixo/index.hpp"

#include <bit>
#if defined(__BMI2__)
#include <immintrin.h>
#endif
#include <mutex>
#include <stdexcept>

namespace zz::quixo {

const Index& Index::build(int n) {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  if (const Index* built = built_[n - 3].load(std::memory_order_acquire)) return *built;
  const Index* index = new Index(n);  // lives as long as the program
  built_[n - 3].store(index, std::memory_order_release);
  return *index;
}

Index::Index(int n) : n_(n), squares_(n * n), symmetries_(symmetries(n)) {
  for (int i = 0; i <= kMaxSquares; ++i) {
    binomial_[i][0] = 1;
    for (int k = 1; k <= i; ++k) binomial_[i][k] = binomial_[i - 1][k - 1] + (k < i ? binomial_[i - 1][k] : 0);
  }
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j <= kMaxSquares; ++j)
      for (int b = 0; b < 256; ++b) {
        std::uint64_t r = 0;
        for (int t = 0, pos = 0; pos < 8; ++pos)
          if (b >> pos & 1) r += binomial_[std::min(8 * k + pos, kMaxSquares)][std::min(j + ++t, kMaxSquares)];
        rank_byte_[k][j][b] = static_cast<std::uint32_t>(r);
      }
  // Masks in increasing order: the first of each orbit met is its least, the canonical set.
  constexpr std::uint32_t kUnassigned = ~std::uint32_t{0};
  const std::uint64_t masks = std::uint64_t{1} << squares_;
  class_of_.assign(masks, kUnassigned);
  for (std::uint64_t m = 0; m < masks; ++m) {
    if (class_of_[m] != kUnassigned) continue;
    const Mask set = static_cast<Mask>(m);
    auto& list = canonical_[std::popcount(set)];
    const auto id = static_cast<std::uint32_t>(list.size());
    std::uint8_t stabilizer = 0;
    for (int s = 0; s < kSymmetryCount; ++s) {
      const Mask image = symmetries_.apply(s, set);
      if (image == set) stabilizer |= static_cast<std::uint8_t>(1 << s);
      std::uint32_t& c = class_of_[image];
      if (c == kUnassigned) c = id << 4 | static_cast<std::uint32_t>(symmetries_.inverse(s)) << 1;
    }
    list.push_back({set, stabilizer});
    if (stabilizer != 1)
      for (int s = 0; s < kSymmetryCount; ++s) class_of_[symmetries_.apply(s, set)] |= 1;
  }
}

std::uint64_t Index::subset_rank(Mask set, Mask free) const {
  std::uint64_t r = 0;
#if defined(__BMI2__)
  // The set's squares renumbered among the free ones in one instruction.
  const Mask packed = _pext_u32(set, free);
  const int below1 = std::popcount(packed & 0xFF), below2 = std::popcount(packed & 0xFFFF);
  r = rank_byte_[0][0][packed & 0xFF] + rank_byte_[1][below1][packed >> 8 & 0xFF];
  if (packed >> 16) r += rank_byte_[2][below2][packed >> 16 & 0xFF] + rank_byte_[3][std::popcount(packed & 0xFFFFFF)][packed >> 24];
#else
  for (int i = 1; set; ++i) {
    const Mask low = set & (~set + 1);
    set ^= low;
    r += binomial_[std::popcount(free & (low - 1))][i];
  }
#endif
  return r;
}

Mask Index::subset_unrank(std::uint64_t r, int k, Mask free) const {
  const int count = std::popcount(free);
  Mask packed = 0;
  int q = count;
  for (int i = k; i >= 1; --i) {
    do --q;
    while (binomial_[q][i] > r);
    r -= binomial_[q][i];
    packed |= bit(q);
  }
#if defined(__BMI2__)
  return _pdep_u32(packed, free);
#else
  Mask set = 0;
  for (Mask f = free; packed; f &= f - 1, packed >>= 1)
    if (packed & 1) set |= f & (~f + 1);
  return set;
#endif
}

std::uint64_t Index::rank(Mask mover, Mask other) const {
  const int m = std::popcount(mover), o = std::popcount(other);
  const bool mover_small = m < o;
  const Mask large = mover_small ? other : mover;
  const Mask small = mover_small ? mover : other;
  const Tier t{static_cast<std::int8_t>(mover_small ? o : m), static_cast<std::int8_t>(mover_small ? m : o)};
  const std::uint32_t c = class_of_[large];
  const int sym = static_cast<int>(c >> 1 & 7);
  const Mask full = (Mask{1} << squares_) - 1;
  const Mask free = ~symmetries_.apply(sym, large) & full;
  const Mask turned = symmetries_.apply(sym, small);
  std::uint64_t r = subset_rank(turned, free);
  if (c & 1) {
    const std::uint8_t stabilizer = canonical_[t.large][c >> 4].stabilizer;
    for (int s = 1; s < kSymmetryCount; ++s)
      if (stabilizer >> s & 1) r = std::min(r, subset_rank(symmetries_.apply(s, turned), free));
  }
  const std::uint64_t per_class = choose(squares_ - t.large, t.small);
  const std::uint64_t part = t.small < t.large && !mover_small ? canonical_[t.large].size() * per_class : 0;
  return part + std::uint64_t{c >> 4} * per_class + r;
}

bool Index::unrank(Tier t, std::uint64_t i, Mask& mover, Mask& other) const {
  const std::uint64_t per_part = part_size(t);
  const bool second = i >= per_part;
  if (second) i -= per_part;
  const std::uint64_t per_class = choose(squares_ - t.large, t.small);
  const Canonical& canon = canonical_[t.large][i / per_class];
  const std::uint64_t r = i % per_class;
  const Mask free = ~canon.set & ((Mask{1} << squares_) - 1);
  const Mask small = subset_unrank(r, t.small, free);
  if (canon.stabilizer != 1)
    for (int s = 1; s < kSymmetryCount; ++s)
      if ((canon.stabilizer >> s & 1) && subset_rank(symmetries_.apply(s, small), free) < r) return false;
  // The first part has the mover on the small set (for equal counts, the only part has the
  // mover on the large one).
  const bool mover_small = !second && t.small < t.large;
  mover = mover_small ? small : canon.set;
  other = mover_small ? canon.set : small;
  // The last mover's cube was just pushed in on the ring; only the empty start has none.
  const Mask ring = geometry(n_).ring();
  return (other & ring) || (mover == 0 && other == 0);
}

int Index::orbit_size(Mask mover, Mask other) const {
  int stabilizer = 0;
  for (int s = 0; s < kSymmetryCount; ++s)
    stabilizer += symmetries_.apply(s, mover) == mover && symmetries_.apply(s, other) == other;
  return kSymmetryCount / stabilizer;
}

}  // namespace zz::quixo
