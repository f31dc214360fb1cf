#include "solver/pending_levels.hpp"

// Between the sweeps, once per level: compiled here once rather than in every game's
// session unit (docs/build-time.md). Adding an index, the sweeps' work, stays inline.
namespace zz::retro_detail {

namespace {

using Lists = std::vector<std::vector<std::uint64_t>>;

void merge(Lists& from, Lists& into) {
  if (into.size() < from.size()) into.resize(from.size());
  for (std::size_t l = 0; l < from.size(); ++l) {
    into[l].insert(into[l].end(), from[l].begin(), from[l].end());
    from[l].clear();
  }
}

bool any(const Lists& lists, int level) {
  for (std::size_t l = static_cast<std::size_t>(level); l < lists.size(); ++l)
    if (!lists[l].empty()) return true;
  return false;
}

}  // namespace

void PendingLevels::merge_into(PendingLevels& into) {
  merge(win_, into.win_);
  merge(loss_, into.loss_);
}

std::vector<std::uint64_t> PendingLevels::take(bool win, int level) {
  auto& lists = win ? win_ : loss_;
  if (lists.size() <= static_cast<std::size_t>(level)) return {};
  return std::move(lists[level]);
}

bool PendingLevels::any_from(int level) const { return any(win_, level) || any(loss_, level); }

}  // namespace zz::retro_detail
