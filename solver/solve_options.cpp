#include "solver/solve_options.hpp"

#include <algorithm>
#include <string>
#include <unistd.h>

#include "core/common/error.hpp"

namespace zz {

WorkingState parse_working_state(std::string_view text) {
  if (text == "auto") return WorkingState::automatic;
  if (text == "memory") return WorkingState::in_memory;
  if (text == "compact") return WorkingState::compact;
  throw InputError("working state '" + std::string(text) + "' (auto, memory or compact)");
}

std::uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{8} << 30;  // unknown: assume a small machine
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::uint64_t memory_budget(const SolveOptions& options) {
  return options.memory_budget ? options.memory_budget : physical_memory();
}

std::uint64_t held_bytes_for_memory(std::uint64_t memory) {
  return memory == 0 ? kDefaultHeldBytes : std::min(kDefaultHeldBytes, memory / 2);
}

bool solves_compact(std::uint64_t slots, const SolveOptions& options) {
  if (options.force_sweeps || (options.comm && options.comm->size() > 1)) return false;
  switch (options.state) {
    case WorkingState::in_memory: return false;
    case WorkingState::compact: return true;
    case WorkingState::automatic: break;
  }
  // The in-memory state's peak: 4 bytes per slot while solving (retrograde.hpp), then the
  // table's codes beside it.
  constexpr std::uint64_t kInMemoryPeakBytesPerSlot = 5;
  return slots > memory_budget(options) / kInMemoryPeakBytesPerSlot;
}

}  // namespace zz
