// Building chess endgame tables in memory, one JSON line per case:
//   bench_chess_tables [--threads N] [MATERIAL...]     (default: KQvKR all3 all4, 2 threads)
// MATERIAL is what `zugzwang solve chess --material` takes; every case builds its tables and
// all their sub-tables from nothing. Each case runs in its own child process, so its peak
// resident memory is its own. cpu_seconds (user + system) tells a busy machine from a slow
// build: on two idle cores it is about twice the wall time.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <tbb/global_control.h>

#include "core/chess/game.hpp"
#include "solver/solve_tiers.hpp"

namespace {

void bench(const std::string& material, int threads) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const zz::chess::Chess game;
  const auto roots = game.solve_roots(material);
  const auto start = std::chrono::steady_clock::now();
  const auto tables = zz::solve_in_memory(game, std::span<const zz::chess::Material>(roots));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t positions = 0, entries = 0;
  for (const auto& [tier, table] : tables) {
    positions += table.stats().positions();
    entries += table.size();
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf(
      "{\"case\":\"chess-tables-%s\",\"tables\":%zu,\"positions\":%llu,\"entries\":%llu,\"seconds\":%.3f,"
      "\"positions_per_second\":%.0f,\"cpu_seconds\":%.3f,\"peak_rss_mb\":%.1f,\"threads\":%d}\n",
      material.c_str(), tables.size(), static_cast<unsigned long long>(positions),
      static_cast<unsigned long long>(entries), seconds, static_cast<double>(positions) / seconds,
      static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
          static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
      static_cast<double>(usage.ru_maxrss) / 1024.0, threads);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  int threads = 2;
  std::vector<std::string> cases;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
      threads = std::atoi(argv[++i]);
    } else {
      cases.emplace_back(argv[i]);
    }
  }
  if (threads < 1) {
    std::fputs("bench_chess_tables: --threads needs a positive number\n", stderr);
    return 2;
  }
  if (cases.empty()) cases = {"KQvKR", "all3", "all4"};
  int status = 0;
  for (const auto& c : cases) {
    std::fflush(stdout);
    const pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {
      try {
        bench(c, threads);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_chess_tables: %s\n", e.what());
        _exit(2);
      }
      _exit(0);
    }
    int child_status = 0;
    waitpid(child, &child_status, 0);
    if (!WIFEXITED(child_status) || WEXITSTATUS(child_status) != 0) status = 1;
  }
  return status;
}
