#pragma once
// What both retrograde solvers (retrograde.hpp, compact_retrograde.hpp) keep per block of
// 256 slots so that a level's pass skips the blocks with nothing to do: one bit per level,
// modulo 64, saying that some slot of the block was decided (or falls due) at that level. A
// pass clears the bits it has used; a bit left from a level 64 earlier costs one needless
// look. Also the stop check both call at the start of every chunk of parallel work.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/common/error.hpp"

namespace zz::level_blocks {

inline constexpr int kShift = 8;

inline std::uint64_t count(std::uint64_t slots) { return (slots + (std::uint64_t{1} << kShift) - 1) >> kShift; }
inline std::uint64_t first_slot(std::uint64_t block) { return block << kShift; }
inline std::uint64_t end_slot(std::uint64_t block, std::uint64_t slots) {
  return std::min(slots, (block + 1) << kShift);
}
inline std::uint64_t bit(int level) { return std::uint64_t{1} << (level & 63); }

inline bool has(const std::vector<std::uint64_t>& blocks, std::uint64_t block, int level) {
  return std::atomic_ref<const std::uint64_t>(blocks[block]).load(std::memory_order_relaxed) & bit(level);
}
// Slot's block gets the level's bit (read first: most marks find it set already).
inline void mark(std::vector<std::uint64_t>& blocks, std::uint64_t slot, int level) {
  std::atomic_ref<std::uint64_t> bits(blocks[slot >> kShift]);
  if (!(bits.load(std::memory_order_relaxed) & bit(level))) bits.fetch_or(bit(level), std::memory_order_relaxed);
}
inline void clear(std::vector<std::uint64_t>& blocks, std::uint64_t block, int level) {
  std::atomic_ref<std::uint64_t>(blocks[block]).fetch_and(~bit(level), std::memory_order_relaxed);
}

}  // namespace zz::level_blocks

namespace zz {

// Ends a solve within one chunk of work, not one level, once `stop` is set.
inline void throw_if_stopped(const std::atomic<bool>* stop) {
  if (stop && stop->load(std::memory_order_relaxed)) throw Cancelled();
}

}  // namespace zz
