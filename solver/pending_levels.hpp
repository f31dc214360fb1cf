#pragma once
// Indices waiting to be decided at a later level, one list per level and value, gathered
// per thread and merged between parallel phases: the in-memory retrograde solver's sweep
// mode (retrograde_sweeps.hpp; un-move mode keeps these in its per-slot arrays).
#include <cstdint>
#include <vector>

namespace zz::retro_detail {

class PendingLevels {
 public:
  void add(bool win, int level, std::uint64_t index) {
    auto& lists = win ? win_ : loss_;
    if (lists.size() <= static_cast<std::size_t>(level)) lists.resize(level + 1);
    lists[level].push_back(index);
  }
  void merge_into(PendingLevels& into);
  std::vector<std::uint64_t> take(bool win, int level);
  bool any_from(int level) const;

 private:
  using Lists = std::vector<std::vector<std::uint64_t>>;
  Lists win_, loss_;
};

}  // namespace zz::retro_detail
