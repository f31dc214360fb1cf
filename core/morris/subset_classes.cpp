#include "core/morris/subset_classes.hpp"

#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace zz::morris {
namespace {

std::unique_ptr<SubsetClasses> build(const Board& board, int k) {
  auto out = std::make_unique<SubsetClasses>();
  const int n = board.points;
  const std::uint64_t sets = choose(n, k);
  out->class_and_op.resize(sets);
  // Every set in increasing order (Gosper's hack), so a set's smallest image, when not the
  // set itself, has been met before.
  Mask set = k == 0 ? 0 : (Mask{1} << k) - 1;
  for (std::uint64_t r = 0; r < sets; ++r) {
    Mask best = set;
    int best_op = 0;
    std::uint16_t fixing = 0;
    for (int op = 0; op < kSymmetries; ++op) {
      const Mask image = board.transform(op, set);
      if (image < best) best = image, best_op = op;
      if (image == set) fixing = static_cast<std::uint16_t>(fixing | 1u << op);
    }
    if (best == set) {
      out->class_and_op[r] = static_cast<std::uint32_t>(out->representative.size() << 4);
      out->representative.push_back(set);
      out->stabilizer.push_back(fixing);
    } else {
      out->class_and_op[r] = (out->class_and_op[rank_set(best)] & ~0xFu) | static_cast<std::uint32_t>(best_op);
    }
    if (set == 0) break;
    const Mask low = set & (~set + 1), ripple = set + low;
    set = ripple | (((set ^ ripple) >> 2) / low);
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

const SubsetClasses& build_subset_classes(const Board& board, int k) {
  // Boards with the same points have the same symmetries (Nine Men's Morris, Lasker and
  // Morabaraba share theirs), so the number of points names the shape.
  if (k < 0 || k > board.points || (board.points != 24 && board.points != 16))
    throw std::logic_error("no subset classes for this board and size");
  static std::array<std::array<std::once_flag, kMaxPoints + 1>, 2> once;
  static std::array<std::array<std::unique_ptr<SubsetClasses>, kMaxPoints + 1>, 2> built;
  const int shape = board.points == 24 ? 0 : 1;
  std::call_once(once[shape][k], [&] {
    built[shape][k] = build(board, k);
    subset_detail::built[shape][k].store(built[shape][k].get(), std::memory_order_release);
  });
  return *built[shape][k];
}

}  // namespace zz::morris
