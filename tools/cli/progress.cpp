#include "tools/cli/progress.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace zz::cli {

namespace {

// "2 h 05 min", "4 min 10 s", "35 s".
std::string duration(double seconds) {
  const long s = std::lround(seconds);
  char text[48];
  if (s >= 3600) std::snprintf(text, sizeof text, "%ld h %02ld min", s / 3600, s / 60 % 60);
  else if (s >= 60) std::snprintf(text, sizeof text, "%ld min %02ld s", s / 60, s % 60);
  else std::snprintf(text, sizeof text, "%ld s", s);
  return text;
}

// "1.5 GB" (decimal units, as the solve's other figures).
std::string bytes(std::uint64_t n) {
  char text[32];
  const double x = static_cast<double>(n);
  if (x >= 1e9) std::snprintf(text, sizeof text, "%.2f GB", x / 1e9);
  else if (x >= 1e6) std::snprintf(text, sizeof text, "%.1f MB", x / 1e6);
  else if (x >= 1e3) std::snprintf(text, sizeof text, "%.1f kB", x / 1e3);
  else std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(n));
  return text;
}

// ", scratch file 1.20 GB written, 3.40 GB read" for a compact solve that uses one.
std::string scratch_part(const SolveProgress& p) {
  if (p.scratch_written == 0 && p.scratch_read == 0) return "";
  return ", scratch file " + bytes(p.scratch_written) + " written, " + bytes(p.scratch_read) + " read";
}

// "table 12 of 146, 3.2% of 37.4 G slots, about 2 h 10 min left" for a set; empty alone.
std::string set_part(const SolveProgress& p) {
  if (p.tables == 0) return "";
  char text[160];
  const int table = p.table_finished ? p.tables_done : p.tables_done + 1;
  std::snprintf(text, sizeof text, "; table %d of %d, %.1f%% of %.3g G slots", table, p.tables,
                p.slots ? 100.0 * static_cast<double>(p.slots_done) / static_cast<double>(p.slots) : 100.0,
                static_cast<double>(p.slots) / 1e9);
  std::string out = text;
  if (const auto left = p.seconds_left()) out += ", about " + duration(*left) + " left";
  return out;
}

// " in 1 min 45 s, 190 CPU-s (0.78 CPU-µs per slot)" for a finished table of a set; a
// small table's seconds with a decimal ("in 0.9 s, 1.6 CPU-s").
std::string table_cost(const SolveProgress& p) {
  if (!p.table_finished || p.size == 0) return "";
  char wall[32], text[96];
  if (p.table_seconds < 59.95) std::snprintf(wall, sizeof wall, "%.1f s", p.table_seconds);
  else std::snprintf(wall, sizeof wall, "%s", duration(p.table_seconds).c_str());
  std::snprintf(text, sizeof text, " in %s, %.*f CPU-s (%.2f CPU-µs per slot)", wall,
                p.table_cpu_seconds < 99.95 ? 1 : 0, p.table_cpu_seconds,
                1e6 * p.table_cpu_seconds / static_cast<double>(p.size));
  return text;
}

// ", coded lzma9-nice16-depth8-lp0-pb0" for a finished compressed table: what coded its
// blocks, which the file does not record.
std::string coder_part(const SolveProgress& p) {
  if (!p.table_finished || p.coder.empty()) return "";
  return ", coded " + std::string(p.coder);
}

// The share of a tier's slots its initialization has passed, in per cent.
double initialized_share(const SolveProgress& p) {
  return p.size ? 100.0 * static_cast<double>(p.initialized) / static_cast<double>(p.size) : 0.0;
}

}  // namespace

void Progress::update(const SolveProgress& p) {
  if (mode_ == Mode::Off) return;
  const auto now = std::chrono::steady_clock::now();
  const double share = p.size ? 100.0 * static_cast<double>(p.decided) / static_cast<double>(p.size) : 0.0;
  const int name_length = static_cast<int>(p.tier.size());
  const std::string set = set_part(p);
  if (mode_ == Mode::Lines) {
    const double seconds = std::chrono::duration<double>(now - started_).count();
    if (!p.decoding.empty())
      std::fprintf(stderr, "[%9.2f s] %.*s: decoding its sub-table %.*s (%d of %d)%s\n", seconds, name_length,
                   p.tier.data(), static_cast<int>(p.decoding.size()), p.decoding.data(), p.dependency, p.dependencies,
                   set.c_str());
    else if (p.initializing)
      std::fprintf(stderr, "[%9.2f s] %.*s initializing: %llu of %llu slots (%.0f%%)%s\n", seconds, name_length,
                   p.tier.data(), static_cast<unsigned long long>(p.initialized),
                   static_cast<unsigned long long>(p.size), initialized_share(p), set.c_str());
    else if (p.writing)
      std::fprintf(stderr, "[%9.2f s] %.*s: writing its table%s\n", seconds, name_length, p.tier.data(), set.c_str());
    else if (p.table_finished)
      std::fprintf(stderr, "[%9.2f s] %.*s stored: %llu of %llu slots won or lost (%.2f%%)%s%s%s\n", seconds,
                   name_length, p.tier.data(), static_cast<unsigned long long>(p.decided),
                   static_cast<unsigned long long>(p.size), share, table_cost(p).c_str(), coder_part(p).c_str(),
                   set.c_str());
    else
      std::fprintf(stderr, "[%9.2f s] %.*s level %d: %llu of %llu decided (%.2f%%), %llu bytes exchanged%s%s\n", seconds,
                   name_length, p.tier.data(), p.level, static_cast<unsigned long long>(p.decided),
                   static_cast<unsigned long long>(p.size), share, static_cast<unsigned long long>(p.bytes_sent),
                   scratch_part(p).c_str(), set.c_str());
    std::fflush(stderr);
    return;
  }
  if (drawn_ && now - last_ < std::chrono::milliseconds(100) && !p.table_finished) return;
  last_ = now;
  drawn_ = true;
  if (!p.decoding.empty())
    std::fprintf(stderr, "\r\033[K  %.*s: decoding its sub-table %.*s (%d of %d)%s", name_length, p.tier.data(),
                 static_cast<int>(p.decoding.size()), p.decoding.data(), p.dependency, p.dependencies, set.c_str());
  else if (p.initializing)
    std::fprintf(stderr, "\r\033[K  %.*s: initializing, %.0f%% of its slots%s", name_length, p.tier.data(),
                 initialized_share(p), set.c_str());
  else if (p.writing)
    std::fprintf(stderr, "\r\033[K  %.*s: writing its table%s", name_length, p.tier.data(), set.c_str());
  else if (p.table_finished)
    std::fprintf(stderr, "\r\033[K  %.*s stored%s", name_length, p.tier.data(), set.c_str());
  else
    std::fprintf(stderr, "\r\033[K  %.*s: level %d, %llu of %llu decided (%.1f%%)%s%s", name_length, p.tier.data(),
                 p.level, static_cast<unsigned long long>(p.decided), static_cast<unsigned long long>(p.size), share,
                 scratch_part(p).c_str(), set.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (mode_ == Mode::Redraw && drawn_) std::fputs("\r\033[K", stderr);
  drawn_ = false;
}

}  // namespace zz::cli
