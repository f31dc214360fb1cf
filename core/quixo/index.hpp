#pragma once
// The tier index of Quixo positions.
//
// Tiers: a push never turns a symbol back into a blank, so the number of cubes showing a
// symbol never falls, and the side to move only ever adds to its own count. The side to
// move is normalized away (the rules treat both symbols alike), so a position is a pair of
// masks (mover's cubes, other's cubes), and tier {large, small} holds the positions whose
// two counts are `large` and `small` in either order. A push of an own cube stays in the
// tier (the counts swap roles with the turn); a push of a blank leads to tier
// {other's count, mover's count + 1}. Tiers therefore form a DAG by their total count.
//
// Inside a tier: the part where the mover has `small` cubes, then (when small < large) the
// part where it has `large`; every in-tier move goes from one part to the other. In each
// part the set of `large` cubes is reduced by the 8 symmetries of the square (its class
// among the sets of that size) and the set of `small` cubes is ranked among the squares it
// leaves free, as turned by the symmetry that made the large set canonical:
//   index = part * part_size + class(large set) * C(N - large, small) + rank(small set)
// A large set that some symmetry maps onto itself leaves a choice of images of the small
// set: the least rank is kept and the other slots are unused, as are positions whose last
// mover has no cube on the outer ring (its cube was just pushed in there).
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/quixo/board.hpp"
#include "core/quixo/symmetry.hpp"

namespace zz::quixo {

struct Tier {
  std::int8_t large = 0, small = 0;  // the two counts of cubes showing a symbol
  friend bool operator==(const Tier&, const Tier&) = default;
};

class Index {
 public:
  // The index of side n, built on first use (5x5's class table takes 134 MB, so a program
  // that never ranks a 5x5 position never builds it).
  static const Index& get(int n) {
    const Index* built = built_[n - 3].load(std::memory_order_acquire);
    return built ? *built : build(n);
  }

  std::uint64_t part_size(Tier t) const {
    return std::uint64_t{static_cast<std::uint32_t>(canonical_[t.large].size())} * choose(squares_ - t.large, t.small);
  }
  std::uint64_t size(Tier t) const { return part_size(t) * (t.small < t.large ? 2 : 1); }
  std::uint64_t rank(Mask mover, Mask other) const;
  // The canonical representative of slot i: false for an unused slot.
  bool unrank(Tier t, std::uint64_t i, Mask& mover, Mask& other) const;
  // Distinct positions of each slot's orbit under the symmetries (for raw counts).
  int orbit_size(Mask mover, Mask other) const;

  std::uint64_t choose(int n, int k) const { return k < 0 || k > n ? 0 : binomial_[n][k]; }

 private:
  explicit Index(int n);
  static const Index& build(int n);
  static inline std::atomic<const Index*> built_[3] = {};
  // Colex rank of `set` among the squares of `free` (set is a subset of free), and back.
  std::uint64_t subset_rank(Mask set, Mask free) const;
  Mask subset_unrank(std::uint64_t r, int k, Mask free) const;

  struct Canonical {
    Mask set;
    std::uint8_t stabilizer;  // bit s: symmetry s maps the set onto itself
  };
  int n_, squares_;
  const Symmetries& symmetries_;
  std::array<std::array<std::uint64_t, kMaxSquares + 1>, kMaxSquares + 1> binomial_{};
  // By mask: its class id among the sets of its size << 4 | a symmetry taking it to the
  // class's canonical (least) set << 1 | whether the canonical set has symmetries of its
  // own (then the small set's images under them are compared). One load answers the
  // common case; the canonical list is read only for symmetric sets.
  std::vector<std::uint32_t> class_of_;
  // rank_byte_[k][j][b]: the colex rank terms of the set bits of byte b of a packed set,
  // byte k, after j set bits in the bytes below: a packed set ranks in a few lookups.
  std::array<std::array<std::array<std::uint32_t, 256>, kMaxSquares + 1>, 4> rank_byte_{};
  std::array<std::vector<Canonical>, kMaxSquares + 1> canonical_;  // by set size, then id
};

}  // namespace zz::quixo
