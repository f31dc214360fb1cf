#pragma once
// Time for one move under a fixed limit per move (the Tablut Challenge: the server checks
// once a second and a late move loses the game). The hard deadline keeps a margin for the
// network, the process and the server's check; the soft deadline is where a search whose
// best move has stayed the same stops deepening. Hard moves (the best move changing, the
// score falling) use the time up to the hard deadline; easy ones stop at the soft one.
#include <algorithm>
#include <chrono>

namespace zz::search {

struct MoveBudget {
  std::chrono::steady_clock::time_point start, soft, hard;
};

// The margin kept out of a limit of `seconds` for the network, the scheduler of a busy machine
// and the server: a tenth of the limit, at least 0.35 s (half of a limit under 0.7 s), at
// most one second. 60 s leaves 59 s, 5 s leaves 4.5 s, 1 s leaves 0.65 s, 0.1 s leaves 0.05 s.
inline double safety_margin(double seconds) {
  return std::min(1.0, std::max(std::min(0.35, 0.5 * seconds), 0.1 * seconds));
}

inline MoveBudget budget_for(std::chrono::steady_clock::time_point received, double seconds) {
  using namespace std::chrono;
  const double usable = std::max(0.0, seconds - safety_margin(seconds));
  const auto hard = received + duration_cast<steady_clock::duration>(duration<double>(usable));
  const auto soft = received + duration_cast<steady_clock::duration>(duration<double>(usable * 0.45));
  return {received, soft, hard};
}

}  // namespace zz::search
