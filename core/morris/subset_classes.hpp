#pragma once
// The sets of k points of a board, grouped into classes under the board's 16 symmetries: the
// first set of a tier's index is its class (a number below about C(n,k)/16), so symmetric
// positions share a slot and the slots cost a 16th of the positions (index.hpp).
//
// Sets are ranked in colexicographic order, which is the numeric order of their masks; each
// class is represented by its smallest member.
#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "core/morris/board.hpp"

namespace zz::morris {

// choose_table[n][k] = C(n, k) for n <= 24 (0 when k > n): in the header because the
// index's kernels add a few of them per position (index_parts.hpp).
inline constexpr auto choose_table = [] {
  std::array<std::array<std::uint64_t, kMaxPoints + 1>, kMaxPoints + 1> c{};
  for (int n = 0; n <= kMaxPoints; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
  }
  return c;
}();

// C(n, k) for n <= 24; 0 when k > n or k < 0.
std::uint64_t choose(int n, int k);

// The colexicographic rank of a set among the sets of its size: the sum of C(p_i, i + 1)
// over its points p_0 < p_1 < ...
inline std::uint64_t rank_set(Mask set) {
  std::uint64_t r = 0;
  int i = 0;
  for (Mask m = set; m; m &= m - 1) r += choose_table[__builtin_ctz(m)][++i];
  return r;
}
// The set of `k` points (of 0..n-1) with colexicographic rank `rank`.
Mask unrank_set(std::uint64_t rank, int k, int n);
// The points of `set` renumbered among the points of `among` (keeping order), and back.
Mask compress(Mask set, Mask among);
Mask expand(Mask compressed, Mask among);

// A set's entry: its class << 4 | the first symmetry (by number) that turns it into the
// class's representative.
class SubsetClasses {
 public:
  std::vector<Mask> representative;       // per class, ascending
  std::vector<std::uint16_t> stabilizer;  // per class: the symmetries (bit per op) that fix it

  SubsetClasses(const Board& shape, int k) : board_(&shape), k_(k) {}
  std::uint64_t classes() const { return representative.size(); }

  // The entry of `set`, whose rank_set is `rank`. A process that ranks many sets (a solve)
  // reads it from a table of every set's entry; one that ranks a few (a query) searches for
  // it, which is why the table is built only after kSearchesBeforeTable searches: for 9
  // stones it is 1.3 M entries, 5 MB and some 50 ms, most of a cold query's time.
  std::uint32_t entry(std::uint64_t rank, Mask set) const {
    if (const std::uint32_t* t = table_.load(std::memory_order_acquire)) return t[rank];
    return entry_without_table(set);
  }
  // The table when it has been built, else null (for prefetching an entry).
  const std::uint32_t* table_if_built() const { return table_.load(std::memory_order_acquire); }
  // The entry by definition: the set's smallest image under the 16 symmetries and the class of
  // that representative, found by bisection.
  std::uint32_t entry_by_search(Mask set) const;
  // Every set's entry by rank, built now if not yet.
  const std::vector<std::uint32_t>& table() const;

  static constexpr std::uint64_t kSearchesBeforeTable = 1 << 14;

 private:
  std::uint32_t entry_without_table(Mask set) const;

  const Board* board_;  // the shape's board, kept for the process
  int k_;
  mutable std::vector<std::uint32_t> class_and_op_;
  mutable std::atomic<const std::uint32_t*> table_{nullptr};
  mutable std::atomic<std::uint64_t> searches_{0};
  mutable std::once_flag table_once_;
};

// Built once per board shape and size (thread-safe), kept for the process: the
// representatives and their stabilizers, the table of entries only when ranks ask for it.
const SubsetClasses& build_subset_classes(const Board& board, int k);
namespace subset_detail {
// The tables built so far, by shape (24 points, 16) and size: every rank and unrank asks for
// one, so the common case is one load here rather than a call through std::call_once.
inline std::array<std::array<std::atomic<const SubsetClasses*>, kMaxPoints + 1>, 2> built{};
}  // namespace subset_detail
inline const SubsetClasses& subset_classes(const Board& board, int k) {
  if (k >= 0 && k <= kMaxPoints)
    if (const SubsetClasses* c = subset_detail::built[board.points == 24 ? 0 : 1][static_cast<std::size_t>(k)].load(
            std::memory_order_acquire))
      return *c;
  return build_subset_classes(board, k);
}

}  // namespace zz::morris
