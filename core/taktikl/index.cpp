#include "core/taktikl/index.hpp"

#include <sys/mman.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <new>

#include "core/common/combinatorics.hpp"

namespace zz::taktikl {
namespace {

// The opponent's squares renumbered among the squares the mover leaves free.
Mask compact(Mask other, Mask mover) {
  Mask out = 0;
  while (other) {
    const int sq = __builtin_ctz(other);
    other &= other - 1;
    out |= bit(sq - __builtin_popcount(mover & (bit(sq) - 1)));
  }
  return out;
}

std::uint16_t colex(Mask m) {
  std::array<int, 32> sq{};
  int n = 0;
  for (int s = 0; s < 32; ++s)
    if (m >> s & 1) sq[n++] = s;
  return static_cast<std::uint16_t>(rank_subset(std::span<const int>(sq.data(), n)));
}

}  // namespace

const BoardIndex& BoardIndex::get(const Geometry& g) {
  if (g.ranks() == 4) {
    static const BoardIndex four(kBoard4x4);
    return four;
  }
  static const BoardIndex five(kBoard4x5);
  return five;
}

void BoardIndex::Free::operator()(Class* p) const { std::free(p); }

BoardIndex::BoardIndex(const Geometry& g)
    : geometry_(g),
      symmetries_(symmetry_tables(g)),
      others_(static_cast<std::uint32_t>(binomial(g.squares() - 4, 4))),
      rank4_of_all_(std::size_t{1} << g.squares()),
      rank4_of_rest_(std::size_t{1} << (g.squares() - 4)),
      compact_byte_(1 << 16) {
  const int n = g.squares();
  const int symmetries = symmetries_.count;
  // Only subsets x of `free` are ever looked up (the opponent is never on the mover's
  // squares): 3^8 entries, each its subset's packed bits.
  for (unsigned free = 0; free < 256; ++free) {
    unsigned x = 0;
    do {  // every subset of free, by the carry-rippler trick
      compact_byte_[free << 8 | x] = static_cast<std::uint8_t>(compact(x, ~free & 0xFF));
      x = (x - free) & free;
    } while (x);
  }
  for (Mask m = 0; m < (Mask{1} << n); ++m)
    if (__builtin_popcount(m) == 4) rank4_of_all_[m] = colex(m);
  for (Mask m = 0; m < (Mask{1} << (n - 4)); ++m)
    if (__builtin_popcount(m) == 4) rank4_of_rest_[m] = colex(m);

  // Every program that touches Tak Tikl builds this index first (a cold `query` too), so it
  // is built in one pass without sorting. Masks turn by bytes: three lookups per mask.
  std::array<std::array<std::array<Mask, 256>, 3>, kSymmetryCount> turn{};
  for (int s = 0; s < symmetries; ++s)
    for (int c = 0; c < 3; ++c)
      for (Mask b = 0; b < 256; ++b) turn[s][c][b] = symmetries_.transform(s, (b << 8 * c) & g.all());
  auto turned = [&](int s, Mask m) { return turn[s][0][m & 0xFF] | turn[s][1][m >> 8 & 0xFF] | turn[s][2][m >> 16 & 0xFF]; };

  // inverse[s] undoes symmetry s (checked on every square).
  std::array<std::uint8_t, kSymmetryCount> inverse{};
  for (int s = 0; s < symmetries; ++s)
    for (int t = 0; t < symmetries; ++t) {
      bool undoes = true;
      for (int sq = 0; sq < n && undoes; ++sq) undoes = turned(t, turned(s, bit(sq))) == bit(sq);
      if (undoes) inverse[s] = static_cast<std::uint8_t>(t);
    }

  // The 4-of-(N-4) masks in increasing order: their position is their colex rank.
  std::vector<Mask> fours;
  fours.reserve(others_);
  for (Mask m = 0; m < (Mask{1} << (n - 4)); ++m)
    if (__builtin_popcount(m) == 4) fours.push_back(m);

  // Boards in increasing key order (mover, then opponent, ascending). The first board of a
  // symmetry class met this way is its least, the canonical board, and canonical ids follow
  // key order; its images get their class at once, so each class is turned once per
  // symmetry in all. An image's symmetry back is the first that takes it to the canonical
  // board: the inverse of the one that made it, unless the canonical board is symmetric
  // itself.
  constexpr std::uint32_t kUnassigned = ~std::uint32_t{0};
  const std::size_t boards = static_cast<std::size_t>(binomial(n, 4)) * others_;
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t bytes = (boards * sizeof(Class) + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = std::aligned_alloc(kHugePage, bytes);
  if (!memory) throw std::bad_alloc();
  ::madvise(memory, bytes, MADV_HUGEPAGE);  // a hint: without huge pages, plain pages
  classes_.reset(static_cast<Class*>(memory));
  std::uninitialized_fill_n(classes_.get(), boards, Class{kUnassigned, 0});
  canonical_.reserve(boards / static_cast<std::size_t>(symmetries - 1));
  for (Mask mover = 0; mover < (Mask{1} << n); ++mover) {
    if (__builtin_popcount(mover) != 4) continue;
    std::array<std::uint8_t, kMaxSquares> free_square{};
    for (int sq = 0, k = 0; sq < n; ++sq)
      if (!(mover >> sq & 1)) free_square[k++] = static_cast<std::uint8_t>(sq);
    const std::uint32_t mover_rank = std::uint32_t{rank4_of_all_[mover]} * others_;
    for (std::uint32_t j = 0; j < fours.size(); ++j) {
      if (classes_[mover_rank + j].id != kUnassigned) continue;
      Mask other = 0;  // the opponent's squares among the free ones; increasing with j
      for (Mask c = fours[j]; c; c &= c - 1) other |= bit(free_square[__builtin_ctz(c)]);
      std::array<Mask, kSymmetryCount> image_mover{}, image_other{};
      std::uint8_t stabilizer = 0;
      for (int s = 0; s < symmetries; ++s) {
        image_mover[s] = turned(s, mover);
        image_other[s] = turned(s, other);
        if (image_mover[s] == mover && image_other[s] == other) stabilizer |= static_cast<std::uint8_t>(1 << s);
      }
      const auto id = static_cast<std::uint32_t>(canonical_.size());
      canonical_.push_back({mover, other, stabilizer});
      for (int s = 0; s < symmetries; ++s) {
        Class& c = classes_[board_rank(image_mover[s], image_other[s])];
        if (c.id != kUnassigned) continue;
        std::uint8_t back = inverse[s];
        if (stabilizer != 1)
          for (int t = 0; t < symmetries; ++t)
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
