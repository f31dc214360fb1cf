#include "tools/cli/progress.hpp"

#include <cstdio>

namespace zz::cli {

void Progress::update(const SolveProgress& p) {
  if (mode_ == Mode::Off) return;
  const auto now = std::chrono::steady_clock::now();
  const double share = p.size ? 100.0 * static_cast<double>(p.decided) / static_cast<double>(p.size) : 0.0;
  const int name_length = static_cast<int>(p.tier.size());
  if (mode_ == Mode::Lines) {
    const double seconds = std::chrono::duration<double>(now - started_).count();
    std::fprintf(stderr, "[%9.2f s] %.*s level %d: %llu of %llu decided (%.2f%%), %llu bytes exchanged\n", seconds,
                 name_length, p.tier.data(), p.level, static_cast<unsigned long long>(p.decided),
                 static_cast<unsigned long long>(p.size), share, static_cast<unsigned long long>(p.bytes_sent));
    std::fflush(stderr);
    return;
  }
  if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  drawn_ = true;
  std::fprintf(stderr, "\r\033[K  %.*s: level %d, %llu of %llu decided (%.1f%%)", name_length, p.tier.data(), p.level,
               static_cast<unsigned long long>(p.decided), static_cast<unsigned long long>(p.size), share);
  std::fflush(stderr);
}

void Progress::finish() {
  if (mode_ == Mode::Redraw && drawn_) std::fputs("\r\033[K", stderr);
  drawn_ = false;
}

}  // namespace zz::cli
