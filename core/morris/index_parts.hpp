#pragma once
// The arithmetic of one part of a tier's index (index.cpp), inline for the kernels that rank
// millions of positions per second (tier_ranker.cpp): a part's slot is the mover's class times
// the waiting side's placements, plus the rank of the waiting stones, turned to the class's
// representative, among the points the representative leaves free.
#include <cstdint>

#include "core/morris/board.hpp"
#include "core/morris/subset_classes.hpp"

namespace zz::morris::index_parts {

// Bits set in a mask of at most 24 points: one popcnt instruction inside the kernels built
// for it (kHot), the library's routine elsewhere.
constexpr int count24(Mask m) { return __builtin_popcount(m); }

// The build does not assume the popcnt instruction (no -march), and ranking counts the taken
// points below every stone: the kernels that rank are built twice, with and without it, and
// the loader picks the one the machine runs (GCC and Clang function multiversioning).
#if defined(__x86_64__) && defined(__ELF__) && !defined(__POPCNT__)
#define ZZ_MORRIS_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define ZZ_MORRIS_HOT
#endif

// rank_among_free's tables, a byte at a time: compress[f][s] keeps the points of set byte s
// where free byte f has them, packed (a pext of 8 bits); rank<n>[o][v] is the colexicographic
// rank's share of byte n = v of a packed set with o points in the bytes below it.
struct FreeRankTables {
  std::uint8_t compress[256][256];
  std::uint32_t rank0[256];
  std::uint32_t rank1[9][256];
  std::uint32_t rank2[17][256];
};
extern const FreeRankTables free_rank_tables;

// rank_set(compress(set, ~taken)) for a set disjoint from `taken`: the set's points
// renumbered among the free ones a byte at a time, then ranked a byte at a time, six
// look-ups and four popcounts whatever the set's size. (A loop over the set's points, each
// less the taken points below it, cost 7.4 ns for 7 stones where this costs 3.2; every
// predecessor and child the kernels rank asks for one.)
inline std::uint64_t rank_among_free(Mask set, Mask taken) {
  const FreeRankTables& t = free_rank_tables;
  const Mask free = ~taken;
  const unsigned f0 = free & 0xFF, f1 = free >> 8 & 0xFF, f2 = free >> 16 & 0xFF;
  const int below1 = count24(f0), below2 = below1 + count24(f1);
  const Mask packed = Mask{t.compress[f0][set & 0xFF]} | Mask{t.compress[f1][set >> 8 & 0xFF]} << below1 |
                      Mask{t.compress[f2][set >> 16 & 0xFF]} << below2;
  const unsigned c0 = packed & 0xFF, c1 = packed >> 8 & 0xFF, c2 = packed >> 16 & 0xFF;
  const int in0 = count24(c0), in01 = in0 + count24(c1);
  return std::uint64_t{t.rank0[c0]} + t.rank1[in0][c1] + t.rank2[in01][c2];
}

// expand(unrank_set(rank, k, free), ~taken): the k free points whose set has that rank among
// the free points, found in one pass; the free points are listed first so that each chosen
// one is a look-up rather than a walk over the board.
inline Mask unrank_among_free(const Board& b, std::uint64_t rank, int k, Mask taken) {
  std::int8_t free[kMaxPoints];
  int n = 0;
  for (Mask m = b.all & ~taken; m; m &= m - 1) free[n++] = static_cast<std::int8_t>(__builtin_ctz(m));
  Mask set = 0;
  for (int i = k, p = n - 1; i > 0; --i, --p) {
    while (choose_table[p][i] > rank) --p;  // the largest p with C(p, i) <= rank
    rank -= choose_table[p][i];
    set |= bit(free[p]);
  }
  return set;
}

// The mover's stones as the index sees them: their class, the symmetry taking them to the
// class's representative, and the other symmetries that fix the representative.
struct MoverClass {
  std::uint64_t id = 0;
  int op = 0;
  Mask rep = 0;
  std::uint16_t more = 0;  // the representative's stabilizer without the identity

  MoverClass() = default;
  MoverClass(const SubsetClasses& cls, Mask own) { *this = of_rank(cls, rank_set(own), own); }
  // From the mover's set and its rank (rank_set), for a caller that has the rank already.
  static MoverClass of_rank(const SubsetClasses& cls, std::uint64_t set_rank, Mask own) {
    MoverClass mc;
    const std::uint32_t e = cls.entry(set_rank, own);
    mc.id = e >> 4;
    mc.op = static_cast<int>(e & 0xF);
    mc.rep = cls.representative[mc.id];
    mc.more = static_cast<std::uint16_t>(cls.stabilizer[mc.id] & ~1u);
    return mc;
  }
  // The waiting stones' image that the index ranks, once turned by op (`turned`): the
  // smallest of their images under the symmetries that fix the representative.
  Mask smallest(const Board& b, Mask turned) const {
    Mask best = turned;
    for (std::uint16_t s = more; s; s &= static_cast<std::uint16_t>(s - 1))
      if (const Mask image = b.transform(__builtin_ctz(s), turned); image < best) best = image;
    return best;
  }
  // The slot within the part of waiting stones already turned by op.
  std::uint64_t slot_of_turned(const Board& b, Mask turned, std::uint64_t per_class) const {
    return id * per_class + rank_among_free(smallest(b, turned), rep);
  }
};

// The slot of the mover's stones `own` against `waiting` within one part of a tier.
inline std::uint64_t rank_in_part(const Board& b, Mask own, Mask waiting) {
  const MoverClass mc(subset_classes(b, count24(own)), own);
  return mc.slot_of_turned(b, b.transform(mc.op, waiting), choose(b.points - count24(own), count24(waiting)));
}

// Slot i of one part of a tier, whose mover has `own` stones and the waiting side `waiting`,
// read back: the mover's class, its representative and the waiting stones as the index
// holds them (turned with the representative). The class must exist (i within the part).
struct PartSlot {
  std::uint64_t mover_class;
  Mask rep, waiting;
};
inline PartSlot unrank_in_part(const Board& b, std::uint64_t i, int own, int waiting) {
  const std::uint64_t per_class = choose_table[b.points - own][waiting];
  const std::uint64_t c = i / per_class;
  const Mask rep = subset_classes(b, own).representative[c];
  return {c, rep, unrank_among_free(b, i % per_class, waiting, rep)};
}

}  // namespace zz::morris::index_parts
