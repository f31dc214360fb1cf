// Whole-game solves in memory, one JSON line per case:
//   bench_solve [tatedrez] [--threads N]...
// Each case is solved once per thread count; states are the used index slots.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/tatedrez/game.hpp"
#include "solver/solve_tiers.hpp"

namespace {

template <class G>
void bench(const G& game, const char* name, int threads) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const std::vector<typename G::Tier> roots{game.tier_of(game.start())};
  const auto start = std::chrono::steady_clock::now();
  const auto tables = zz::solve_in_memory(game, std::span<const typename G::Tier>(roots));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t states = 0;
  for (const auto& [tier, table] : tables) states += table.stats().positions();
  std::printf(
      "{\"case\":\"%s-solve\",\"rules\":\"%s\",\"states\":%llu,\"seconds\":%.4f,\"states_per_second\":%.0f,"
      "\"threads\":%d}\n",
      name, zz::rules_folder(game.rules()).c_str(), static_cast<unsigned long long>(states), seconds,
      static_cast<double>(states) / seconds, threads);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> thread_counts;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--threads") == 0) thread_counts.push_back(std::atoi(argv[i + 1]));
  if (thread_counts.empty()) thread_counts = {1, tbb::info::default_concurrency()};
  using zz::tatedrez::TateDrez;
  for (const char* no_move : {"draw", "pass"})
    for (const char* rounds : {"30", "0"}) {
      const std::vector<std::string> rules{std::string("no-move=") + no_move, std::string("rounds=") + rounds};
      const TateDrez game(zz::parse_rules(TateDrez::rule_options(), rules));
      for (int t : thread_counts) bench(game, "tatedrez", t);
    }
  return 0;
}
