#include "core/chess/repetition.hpp"

#include <algorithm>

namespace zz::chess {

int History::occurrences() const {
  if (entries_.empty()) return 0;
  const Entry& current = entries_.back();
  const std::size_t last = entries_.size() - 1;
  const std::size_t reach = std::min<std::size_t>(last, static_cast<std::size_t>(current.halfmove_clock));
  int count = 1;
  // Keys include the side to move, so only every second earlier position can match.
  for (std::size_t back = 2; back <= reach; back += 2)
    if (entries_[last - back].key == current.key) ++count;
  return count;
}

}  // namespace zz::chess
