#include "solver/table/axis_order.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace zz {

AxisOrder::AxisOrder(std::vector<std::uint64_t> sizes, std::vector<int> order)
    : sizes_(std::move(sizes)), order_(std::move(order)) {
  const int n = static_cast<int>(sizes_.size());
  if (n == 0 || n > kMaxAxes || static_cast<int>(order_.size()) != n)
    throw std::invalid_argument("axis order: 1 to 8 axes, one place for each");
  std::vector<int> seen(order_);
  std::sort(seen.begin(), seen.end());
  for (int a = 0; a < n; ++a)
    if (seen[a] != a) throw std::invalid_argument("axis order: not a permutation of the axes");
  size_ = 1;
  for (int a = n - 1; a >= 0; --a) {
    if (sizes_[a] == 0) throw std::invalid_argument("axis order: an axis of size 0");
    index_stride_[a] = size_;
    if (size_ > UINT64_MAX / sizes_[a]) throw std::invalid_argument("axis order: more than 2^64 slots");
    size_ *= sizes_[a];
  }
  std::uint64_t stride = 1;
  for (int a = n - 1; a >= 0; --a) {
    file_stride_[order_[a]] = stride;
    stride *= sizes_[order_[a]];
  }
  identity_ = true;
  for (int a = 0; a < n; ++a) identity_ = identity_ && order_[a] == a;
}

std::uint64_t AxisOrder::position(std::uint64_t offset) const {
  if (identity_) return offset;
  std::uint64_t position = 0;
  for (int a = static_cast<int>(sizes_.size()) - 1; a >= 0; --a) {
    position += offset % sizes_[a] * file_stride_[a];
    offset /= sizes_[a];
  }
  return position;
}

std::uint64_t AxisOrder::offset(std::uint64_t position) const {
  if (identity_) return position;
  std::uint64_t offset = 0;
  for (int a = static_cast<int>(order_.size()) - 1; a >= 0; --a) {
    const int axis = order_[a];
    offset += position % sizes_[axis] * index_stride_[axis];
    position /= sizes_[axis];
  }
  return offset;
}

AxisOrder::Walk::Walk(const AxisOrder& order, std::uint64_t start) : order_(order), offset_(start) {
  if (order.identity_) return;
  offset_ = 0;
  for (int a = static_cast<int>(order.order_.size()) - 1; a >= 0; --a) {
    const int axis = order.order_[a];
    digit_[a] = start % order.sizes_[axis];
    start /= order.sizes_[axis];
    offset_ += digit_[a] * order.index_stride_[axis];
  }
}

void AxisOrder::Walk::next() {
  if (order_.identity_) {
    ++offset_;
    return;
  }
  // The file's innermost axis steps; an axis that wraps carries into the one outside it.
  for (int a = static_cast<int>(order_.order_.size()) - 1; a >= 0; --a) {
    const int axis = order_.order_[a];
    if (++digit_[a] < order_.sizes_[axis]) {
      offset_ += order_.index_stride_[axis];
      return;
    }
    digit_[a] = 0;
    offset_ -= (order_.sizes_[axis] - 1) * order_.index_stride_[axis];
  }
  offset_ = order_.size_;  // past the last position
}

std::uint64_t axes_span(const std::vector<std::uint64_t>& sizes) {
  if (sizes.empty() || sizes.size() > AxisOrder::kMaxAxes) return 0;
  std::uint64_t span = 1;
  for (std::uint64_t s : sizes) {
    if (s == 0 || span > UINT64_MAX / s) return 0;
    span *= s;
  }
  return span;
}

std::vector<std::vector<int>> all_axis_orders(int n) {
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::vector<std::vector<int>> out;
  do out.push_back(order);
  while (std::next_permutation(order.begin(), order.end()));
  return out;
}

}  // namespace zz
