#pragma once
// The sets of k points of a board, grouped into classes under the board's 16 symmetries: the
// first set of a tier's index is its class (a number below about C(n,k)/16), so symmetric
// positions share a slot and the slots cost a 16th of the positions (index.hpp).
//
// Sets are ranked in colexicographic order, which is the numeric order of their masks; each
// class is represented by its smallest member.
#include <cstdint>
#include <vector>

#include "core/morris/board.hpp"

namespace zz::morris {

// C(n, k) for n <= 24; 0 when k > n or k < 0.
std::uint64_t choose(int n, int k);

// The colexicographic rank of a set among the sets of its size: the sum of C(p_i, i + 1)
// over its points p_0 < p_1 < ...
std::uint64_t rank_set(Mask set);
// The set of `k` points (of 0..n-1) with colexicographic rank `rank`.
Mask unrank_set(std::uint64_t rank, int k, int n);
// The points of `set` renumbered among the points of `among` (keeping order), and back.
Mask compress(Mask set, Mask among);
Mask expand(Mask compressed, Mask among);

struct SubsetClasses {
  std::vector<Mask> representative;       // per class, ascending
  std::vector<std::uint16_t> stabilizer;  // per class: the symmetries (bit per op) that fix it
  // Per set of k points, by its rank: class << 4 | the symmetry that maps it to its class's
  // representative.
  std::vector<std::uint32_t> class_and_op;

  std::uint64_t classes() const { return representative.size(); }
};

// Built once per board shape and size (thread-safe), kept for the process.
const SubsetClasses& subset_classes(const Board& board, int k);

// The index of the mover's stones `own` against the waiting side's within one part of a
// tier (index.cpp).
std::uint64_t rank_in_part(const Board& board, Mask own, Mask waiting);

}  // namespace zz::morris
