#pragma once
// The order in which a compressed table stores the slots of its stored range. A game's index
// is often a mixed-radix number (chess: the king pair, then each group of pieces, the last
// group varying fastest), so the range is an array with one axis per digit, and the file may
// store that array transposed: another axis varies fastest. Which order compresses best
// depends on the table (KBNvKP: the bishop outermost and the knight innermost, 24 % smaller
// than the index's own order; docs/solver-design.md), so the writer tries them on a sample.
//
// Offsets here count from the start of the stored range: a slot's offset k is its index less
// the range's first slot, and its position j is where the file stores it.
#include <cstdint>
#include <vector>

namespace zz {

class AxisOrder {
 public:
  static constexpr int kMaxAxes = 8;

  // The identity over a range of any size: no axes.
  AxisOrder() = default;
  // `sizes`: the axes in the index's order, outermost first; `order[a]` is the index axis the
  // file's a-th axis (outermost first) holds. Throws std::invalid_argument unless order is a
  // permutation of the axes, every size is at least 1 and there are at most kMaxAxes.
  AxisOrder(std::vector<std::uint64_t> sizes, std::vector<int> order);

  const std::vector<std::uint64_t>& sizes() const { return sizes_; }
  const std::vector<int>& order() const { return order_; }
  bool identity() const { return identity_; }
  std::uint64_t size() const { return size_; }  // the product of the sizes (0: no axes)

  std::uint64_t position(std::uint64_t offset) const;  // where the file stores an offset
  std::uint64_t offset(std::uint64_t position) const;  // the offset a position holds

  // The offsets of positions start, start + 1, ... in turn, by adding strides (no division
  // after the first).
  class Walk {
   public:
    Walk(const AxisOrder& order, std::uint64_t start);
    std::uint64_t offset() const { return offset_; }
    void next();

   private:
    const AxisOrder& order_;
    std::uint64_t digit_[kMaxAxes] = {};
    std::uint64_t offset_ = 0;
  };

 private:
  std::vector<std::uint64_t> sizes_;
  std::vector<int> order_;
  bool identity_ = true;
  std::uint64_t size_ = 0;
  std::uint64_t index_stride_[kMaxAxes] = {};   // by index axis: its weight in an offset
  std::uint64_t file_stride_[kMaxAxes] = {};    // by index axis: its weight in a position
};

// The slots axes of these sizes span: their product; 0 when there are none, more than
// kMaxAxes, one of size 0, or more than 2^64 slots (no order can be built on them).
std::uint64_t axes_span(const std::vector<std::uint64_t>& sizes);

// Every order of n axes (n! of them, the index's own first), for a writer to try.
std::vector<std::vector<int>> all_axis_orders(int n);

}  // namespace zz
