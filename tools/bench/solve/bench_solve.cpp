// Whole-game solves in memory, one JSON line per case and thread count:
//   bench_solve tatedrez|taktikl|taktikl-no-return-off|taktikl-4x5|taktikl-4x5-no-return-off|quixo-3|quixo-4|quixo-5-13v11 [--threads N]...
// (quixo-5-13v11: 5x5's tier 13v11 with the two it depends on, the rate behind the 5x5 plan)
// States are the used index slots (after symmetry reduction where the game has it). Peak
// memory is the process's high-water mark, so run one game per process to read it.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/quixo/game.hpp"
#include "core/taktikl/game.hpp"
#include "core/tatedrez/game.hpp"
#include "solver/solve_tiers.hpp"
#include "tools/bench/peak_memory.hpp"

namespace {

using zz::bench::peak_memory_mib;

template <class G>
void bench(const G& game, const char* name, int threads, std::vector<typename G::Tier> roots = {}) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  if (roots.empty()) roots.push_back(game.tier_of(game.start()));
  const auto start = std::chrono::steady_clock::now();
  const auto tables = zz::solve_in_memory(game, std::span<const typename G::Tier>(roots));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t states = 0;
  for (const auto& [tier, table] : tables) states += table.stats().positions();
  std::printf(
      "{\"case\":\"%s-solve\",\"rules\":\"%s\",\"states\":%llu,\"seconds\":%.4f,\"states_per_second\":%.0f,"
      "\"threads\":%d,\"peak_memory_mib\":%.1f}\n",
      name, zz::rules_folder(game.rules()).c_str(), static_cast<unsigned long long>(states), seconds,
      static_cast<double>(states) / seconds, threads, peak_memory_mib());
  std::fflush(stdout);
}

template <class G>
G make(std::vector<std::string> rules) {
  return G(zz::parse_rules(G::rule_options(), rules));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs("usage: bench_solve tatedrez|taktikl|taktikl-no-return-off|taktikl-4x5|taktikl-4x5-no-return-off|quixo-3|quixo-4|quixo-5-13v11 [--threads N]...\n", stderr);
    return 2;
  }
  const std::string which = argv[1];
  std::vector<int> thread_counts;
  for (int i = 2; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--threads") == 0) thread_counts.push_back(std::atoi(argv[i + 1]));
  if (thread_counts.empty()) thread_counts = {tbb::info::default_concurrency()};
  if (which == "tatedrez") {
    for (const char* no_move : {"no-move=draw", "no-move=pass"})
      for (const char* rounds : {"rounds=30", "rounds=0"})
        for (int t : thread_counts) bench(make<zz::tatedrez::TateDrez>({no_move, rounds}), "tatedrez", t);
  } else if (which.starts_with("taktikl")) {
    static const std::map<std::string, std::vector<std::string>> cases = {
        {"taktikl", {"no-return=on"}},
        {"taktikl-no-return-off", {"no-return=off"}},
        {"taktikl-4x5", {"board=4x5", "no-return=on"}},
        {"taktikl-4x5-no-return-off", {"board=4x5", "no-return=off"}}};
    const auto it = cases.find(which);
    if (it == cases.end()) {
      std::fprintf(stderr, "bench_solve: unknown case '%s'\n", which.c_str());
      return 2;
    }
    for (int t : thread_counts) bench(make<zz::taktikl::TakTikl>(it->second), "taktikl", t);
  } else if (which == "quixo-3" || which == "quixo-4") {
    for (int t : thread_counts) bench(make<zz::quixo::Quixo>({"size=" + which.substr(6)}), "quixo", t);
  } else if (which == "quixo-5-13v11") {
    const auto game = make<zz::quixo::Quixo>({"size=5"});
    for (int t : thread_counts) bench(game, "quixo-13v11", t, game.solve_roots("13v11"));
  } else {
    std::fprintf(stderr, "bench_solve: unknown case '%s'\n", which.c_str());
    return 2;
  }
  return 0;
}
