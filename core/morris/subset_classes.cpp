#include "core/morris/subset_classes.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace zz::morris {
namespace {

// The set of as many points that follows `set` in increasing order (Gosper's hack): `low` is
// a power of two, so the division by it is a shift.
Mask next_set(Mask set) {
  const Mask low = set & (~set + 1), ripple = set + low;
  return ripple | (((set ^ ripple) >> 2) >> __builtin_ctz(low));
}

// The smallest image of `set` under the board's symmetries, and into `op` the first symmetry
// (by number) that gives it (0, the identity, when the set is its own smallest image).
Mask smallest_image(const Board& board, Mask set, int& op) {
  Mask best = set;
  op = 0;
  for (int o = 1; o < kSymmetries; ++o)
    if (const Mask image = board.transform(o, set); image < best) best = image, op = o;
  return best;
}

// The representatives: the sets in increasing order (Gosper's hack), each kept when no
// symmetry turns it into a smaller set. Most sets are not, and the first image smaller than
// the set ends their test, so this costs a few turns per set (9 stones: 9 ms, where finding
// every set's smallest image costs 50).
std::unique_ptr<SubsetClasses> build(const Board& shape, int k) {
  auto out = std::make_unique<SubsetClasses>(shape, k);
  const std::uint64_t sets = choose(shape.points, k);
  Mask set = k == 0 ? 0 : (Mask{1} << k) - 1;
  for (std::uint64_t r = 0; r < sets; ++r) {
    bool smallest = true;
    std::uint16_t fixing = 1;
    for (int op = 1; op < kSymmetries && smallest; ++op) {
      const Mask image = shape.transform(op, set);
      smallest = image >= set;
      if (image == set) fixing = static_cast<std::uint16_t>(fixing | 1u << op);
    }
    if (smallest) {
      out->representative.push_back(set);
      out->stabilizer.push_back(fixing);
    }
    if (set == 0) break;
    set = next_set(set);
  }
  return out;
}

}  // namespace

std::uint64_t choose(int n, int k) {
  if (k < 0 || n < 0 || k > n || n > kMaxPoints) return 0;
  return choose_table[n][k];
}

Mask unrank_set(std::uint64_t rank, int k, int n) {
  Mask set = 0;
  for (int i = k, p = n - 1; i > 0; --i) {
    while (choose_table[p][i] > rank) --p;  // the largest p with C(p, i) <= rank
    rank -= choose_table[p][i];
    set |= bit(p);
    --p;
  }
  return set;
}

Mask compress(Mask set, Mask among) {
  Mask out = 0;
  int i = 0;
  for (Mask m = among; m; m &= m - 1, ++i)
    if (set & (m & (~m + 1))) out |= bit(i);
  return out;
}

Mask expand(Mask compressed, Mask among) {
  Mask out = 0;
  int i = 0;
  for (Mask m = among; m; m &= m - 1, ++i)
    if (compressed & bit(i)) out |= m & (~m + 1);
  return out;
}

std::uint32_t SubsetClasses::entry_by_search(Mask set) const {
  int best_op = 0;
  const Mask best = smallest_image(*board_, set, best_op);
  const auto at = std::lower_bound(representative.begin(), representative.end(), best);
  return static_cast<std::uint32_t>(at - representative.begin()) << 4 | static_cast<std::uint32_t>(best_op);
}

std::uint32_t SubsetClasses::entry_without_table(Mask set) const {
  if (searches_.fetch_add(1, std::memory_order_relaxed) >= kSearchesBeforeTable) {
    table();
    return class_and_op_[rank_set(set)];
  }
  return entry_by_search(set);
}

const std::vector<std::uint32_t>& SubsetClasses::table() const {
  std::call_once(table_once_, [&] {
    // Every set in increasing order, so a set's smallest image, when not the set itself, has
    // its entry already.
    const std::uint64_t sets = choose(board_->points, k_);
    class_and_op_.resize(sets);
    Mask set = k_ == 0 ? 0 : (Mask{1} << k_) - 1;
    std::uint64_t next_class = 0;
    for (std::uint64_t r = 0; r < sets; ++r) {
      int best_op = 0;
      const Mask best = smallest_image(*board_, set, best_op);
      class_and_op_[r] = best == set ? static_cast<std::uint32_t>(next_class++ << 4)
                                     : (class_and_op_[rank_set(best)] & ~0xFu) | static_cast<std::uint32_t>(best_op);
      if (set == 0) break;
      set = next_set(set);
    }
    if (next_class != classes()) throw std::logic_error("subset classes: the table and the representatives disagree");
    table_.store(class_and_op_.data(), std::memory_order_release);
  });
  return class_and_op_;
}

const SubsetClasses& build_subset_classes(const Board& board, int k) {
  // Boards with the same points have the same symmetries (Nine Men's Morris, Lasker and
  // Morabaraba share theirs), so the number of points names the shape; the first board of a
  // shape asked for is kept as the one the classes turn sets with.
  if (k < 0 || k > board.points || (board.points != 24 && board.points != 16))
    throw std::logic_error("no subset classes for this board and size");
  const int shape = board.points == 24 ? 0 : 1;
  static std::array<std::once_flag, 2> shape_once;
  static std::array<std::unique_ptr<Board>, 2> shapes;
  std::call_once(shape_once[shape], [&] { shapes[shape] = std::make_unique<Board>(board); });
  static std::array<std::array<std::once_flag, kMaxPoints + 1>, 2> once;
  static std::array<std::array<std::unique_ptr<SubsetClasses>, kMaxPoints + 1>, 2> built;
  std::call_once(once[shape][k], [&] {
    built[shape][k] = build(*shapes[shape], k);
    subset_detail::built[shape][k].store(built[shape][k].get(), std::memory_order_release);
  });
  return *built[shape][k];
}

}  // namespace zz::morris
