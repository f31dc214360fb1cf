#include "api/state_graph.hpp"

#include <algorithm>
#include <cstdio>

#include "core/common/hash.hpp"

namespace zz::api {
namespace {

// Whether kids[k] is not among kids[0..k) (two moves to one state make one parent).
bool first_time(std::span<const StateId> kids, std::size_t k) {
  return std::find(kids.begin(), kids.begin() + static_cast<std::ptrdiff_t>(k), kids[k]) ==
         kids.begin() + static_cast<std::ptrdiff_t>(k);
}

}  // namespace

void StateGraph::add_state(std::span<const StateId> children, std::optional<Value> over, int side) {
  child_.insert(child_.end(), children.begin(), children.end());
  first_child_.push_back(child_.size());
  over_.push_back(over ? static_cast<std::uint8_t>(*over) : kGoesOn);
  side_.push_back(static_cast<std::uint8_t>(side));
}

void StateGraph::finish() {
  const std::uint32_t n = size();
  // Parents by counting sort over the children, each parent once per child.
  std::vector<std::uint64_t> count(static_cast<std::size_t>(n) + 1, 0);
  for (StateId s = 0; s < n; ++s) {
    const auto kids = children(s);
    for (std::size_t k = 0; k < kids.size(); ++k)
      if (first_time(kids, k)) ++count[kids[k] + 1];
  }
  for (std::uint32_t s = 0; s < n; ++s) count[s + 1] += count[s];
  first_parent_ = count;
  parent_.assign(first_parent_[n], 0);
  for (StateId s = 0; s < n; ++s) {
    const auto kids = children(s);
    for (std::size_t k = 0; k < kids.size(); ++k)
      if (first_time(kids, k)) parent_[count[kids[k]]++] = s;
  }
  std::uint64_t h = hash_combine(n, child_.size());
  for (StateId s = 0; s < n; ++s) {
    h = hash_combine(h, first_child_[s + 1] - first_child_[s]);
    h = hash_combine(h, static_cast<std::uint64_t>(over_[s]) << 8 | side_[s]);
  }
  for (StateId c : child_) h = hash_combine(h, c);
  char text[40];
  std::snprintf(text, sizeof text, "%u-%llu-%016llx", n, static_cast<unsigned long long>(child_.size()),
                static_cast<unsigned long long>(h));
  digest_ = text;
}

StateId StateGraph::edge_source(std::uint64_t e) const {
  // The last state whose first edge is at or before e (states without moves share offsets).
  const auto it = std::upper_bound(first_child_.begin(), first_child_.end(), e);
  return static_cast<StateId>(it - first_child_.begin() - 1);
}

std::uint64_t StateGraph::bytes() const {
  return first_child_.capacity() * 8 + child_.capacity() * 4 + first_parent_.capacity() * 8 + parent_.capacity() * 4 +
         over_.capacity() + side_.capacity();
}

}  // namespace zz::api
