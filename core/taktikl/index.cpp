#include "core/taktikl/index.hpp"

#include <sys/mman.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <new>

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

}  // namespace

const BoardIndex& BoardIndex::get() {
  static const BoardIndex index;
  return index;
}

void BoardIndex::Free::operator()(Class* p) const { std::free(p); }

std::uint32_t BoardIndex::board_rank(Mask mover, Mask other) const {
  // compact(other, mover) a byte at a time (the index's construction ranks 900,900 boards,
  // and a cold query waits for it).
  const Mask free = static_cast<Mask>(~mover);
  const unsigned low = compact_byte_[(free & 0xFF) << 8 | (other & free & 0xFF)];
  const unsigned high = compact_byte_[(free & 0xFF00) | (other & free) >> 8];
  const Mask compacted = static_cast<Mask>(low | high << __builtin_popcount(free & 0xFF));
  return std::uint32_t{rank4_of_16_[mover]} * 495 + rank4_of_12_[compacted];
}

BoardIndex::BoardIndex() : rank4_of_16_(1 << 16), rank4_of_12_(1 << 12), compact_byte_(1 << 16) {
  // Only subsets x of `free` are ever looked up (the opponent is never on the mover's
  // squares): 3^8 entries, each its subset's packed bits.
  for (unsigned free = 0; free < 256; ++free) {
    unsigned x = 0;
    do {  // every subset of free, by the carry-rippler trick
      compact_byte_[free << 8 | x] =
          static_cast<std::uint8_t>(compact(static_cast<Mask>(x), static_cast<Mask>(~free & 0xFF)));
      x = (x - free) & free;
    } while (x);
  }
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

  // inverse[s] undoes symmetry s (checked on every square).
  std::array<std::uint8_t, kSymmetryCount> inverse{};
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int t = 0; t < kSymmetryCount; ++t) {
      bool undoes = true;
      for (int sq = 0; sq < 16 && undoes; ++sq) undoes = turned(t, turned(s, bit(sq))) == bit(sq);
      if (undoes) inverse[s] = static_cast<std::uint8_t>(t);
    }

  // The 4-of-12 masks in increasing order: their position is their colex rank.
  std::array<Mask, 495> fours{};
  for (int m = 0, n = 0; m < (1 << 12); ++m)
    if (__builtin_popcount(m) == 4) fours[n++] = static_cast<Mask>(m);

  // Boards in increasing key order (mover, then opponent, ascending). The first board of a
  // symmetry class met this way is its least, the canonical board, and canonical ids follow
  // key order; its images get their class at once, so each class is turned 8 times in all.
  // An image's symmetry back is the first that takes it to the canonical board: the
  // inverse of the one that made it, unless the canonical board is symmetric itself.
  constexpr std::uint32_t kUnassigned = ~std::uint32_t{0};
  constexpr std::size_t kBoards = std::size_t{1820} * 495;
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t bytes = (kBoards * sizeof(Class) + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = std::aligned_alloc(kHugePage, bytes);
  if (!memory) throw std::bad_alloc();
  ::madvise(memory, bytes, MADV_HUGEPAGE);  // a hint: without huge pages, plain pages
  classes_.reset(static_cast<Class*>(memory));
  std::uninitialized_fill_n(classes_.get(), kBoards, Class{kUnassigned, 0});
  canonical_.reserve(kBoards / 7);
  for (int m = 0; m < (1 << 16); ++m) {
    if (__builtin_popcount(m) != 4) continue;
    const Mask mover = static_cast<Mask>(m);
    std::array<std::uint8_t, 12> free_square{};
    for (int sq = 0, n = 0; sq < 16; ++sq)
      if (!(m >> sq & 1)) free_square[n++] = static_cast<std::uint8_t>(sq);
    const std::uint32_t mover_rank = std::uint32_t{rank4_of_16_[m]} * 495;
    for (std::uint32_t j = 0; j < fours.size(); ++j) {
      if (classes_[mover_rank + j].id != kUnassigned) continue;
      Mask other = 0;  // the opponent's squares among the free ones; increasing with j
      for (Mask c = fours[j]; c; c &= static_cast<Mask>(c - 1)) other |= bit(free_square[__builtin_ctz(c)]);
      std::array<Mask, kSymmetryCount> image_mover{}, image_other{};
      std::uint8_t stabilizer = 0;
      for (int s = 0; s < kSymmetryCount; ++s) {
        image_mover[s] = turned(s, mover);
        image_other[s] = turned(s, other);
        if (image_mover[s] == mover && image_other[s] == other) stabilizer |= static_cast<std::uint8_t>(1 << s);
      }
      const auto id = static_cast<std::uint32_t>(canonical_.size());
      canonical_.push_back({mover, other, stabilizer});
      for (int s = 0; s < kSymmetryCount; ++s) {
        Class& c = classes_[board_rank(image_mover[s], image_other[s])];
        if (c.id != kUnassigned) continue;
        std::uint8_t back = inverse[s];
        if (stabilizer != 1)
          for (int t = 0; t < kSymmetryCount; ++t)
            if (turned(t, image_mover[s]) == mover && turned(t, image_other[s]) == other) {
              back = static_cast<std::uint8_t>(t);
              break;
            }
        c = {id, back};
      }
    }
  }
}

}  // namespace zz::taktikl
