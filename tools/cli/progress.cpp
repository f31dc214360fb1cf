#include "tools/cli/progress.hpp"

#include <cstdio>

namespace zz::cli {

void Progress::update(const SolveProgress& p) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  drawn_ = true;
  const double share = p.size ? 100.0 * static_cast<double>(p.decided) / static_cast<double>(p.size) : 0.0;
  std::fprintf(stderr, "\r\033[K  %.*s: level %d, %llu of %llu decided (%.1f%%)", static_cast<int>(p.tier.size()),
               p.tier.data(), p.level, static_cast<unsigned long long>(p.decided),
               static_cast<unsigned long long>(p.size), share);
  std::fflush(stderr);
}

void Progress::finish() {
  if (enabled_ && drawn_) std::fputs("\r\033[K", stderr);
  drawn_ = false;
}

}  // namespace zz::cli
