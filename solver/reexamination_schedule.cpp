#include "solver/reexamination_schedule.hpp"

// The schedule's construction runs once per tier and names no game: compiled here once
// rather than in every game's session unit (docs/build-time.md).
namespace zz::retro_detail {

SortedSlots::SortedSlots(std::vector<std::uint64_t> sorted, std::uint64_t slots) : slots_(std::move(sorted)) {
  starts_.assign((slots >> kShift) + 2, 0);
  for (std::uint64_t s : slots_) ++starts_[(s >> kShift) + 1];
  for (std::size_t b = 1; b < starts_.size(); ++b) starts_[b] += starts_[b - 1];
}

ReexaminationSchedule::ReexaminationSchedule(std::vector<std::uint64_t> positions, std::uint64_t slots,
                                             std::vector<TransientRead> reads, std::span<const FixedDue> fixed)
    : due_(positions.size(), 0), is_key_((slots + 63) / 64, 0) {
  if (positions.size() >= (std::size_t{1} << (32 - kDepthBits)))
    throw std::logic_error("too many positions with a transient child to schedule");
  positions_ = SortedSlots(std::move(positions), slots);
  std::sort(reads.begin(), reads.end(), [](const TransientRead& a, const TransientRead& b) { return a.slot < b.slot; });
  std::vector<std::uint64_t> keys(reads.size());
  readers_.resize(reads.size());
  for (std::size_t k = 0; k < reads.size(); ++k) {
    const TransientRead& r = reads[k];
    if (r.depth < 1 || r.depth > kMaxDepth) throw std::logic_error("a chain of transient positions too deep to schedule");
    keys[k] = r.slot;
    readers_[k] = place_of(r.reader) << kDepthBits | static_cast<std::uint32_t>(r.depth);
    is_key_[r.slot >> 6] |= std::uint64_t{1} << (r.slot & 63);
  }
  keys_ = SortedSlots(std::move(keys), slots);
  for (const FixedDue& f : fixed) {
    if (fixed_.size() <= static_cast<std::size_t>(f.level)) fixed_.resize(f.level + 1);
    fixed_[f.level].push_back(place_of(f.reader));
    last_fixed_ = std::max(last_fixed_, f.level);
  }
}

}  // namespace zz::retro_detail
