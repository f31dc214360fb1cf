// Tablut endgame tables: build time and peak memory of each table, one JSON line per table:
//   bench_tablut_tables MATERIAL [--threads N] [--data DIR]
// MATERIAL is K<w>W<b>B or allN, as for `zugzwang solve tablut --material`. Tables missing
// from DIR (default: a fresh temporary folder) are solved in dependency order and written
// there; tables already in DIR are read and not reported. Peak memory is the process's
// high-water mark, reset before each table, so it counts the solver's working arrays plus the
// tables held in memory at that time (the dependencies, as `zugzwang solve` holds them).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "solver/solve_tiers.hpp"
#include "tools/bench/peak_memory.hpp"

namespace {

using zz::bench::peak_memory_mib;
using zz::bench::reset_peak_memory;

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs("usage: bench_tablut_tables K<w>W<b>B|allN [--threads N] [--data DIR]\n", stderr);
    return 2;
  }
  int threads = tbb::info::default_concurrency();
  std::filesystem::path data;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--threads") == 0) threads = std::atoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--data") == 0) data = argv[i + 1];
  }
  const bool temporary = data.empty();
  if (temporary) {
    std::string tmpl = (std::filesystem::temp_directory_path() / "zz-bench-tablut-XXXXXX").string();
    data = ::mkdtemp(tmpl.data());
  }
  try {
    const zz::tablut::Tablut game;
    const auto roots = game.solve_roots(argv[1]);
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    zz::TableStore<zz::tablut::Tablut> store(game, data);
    using Tier = zz::tablut::Material;
    for (const Tier& t : zz::dependency_order(game, std::span<const Tier>(roots))) {
      if (store.exists(t)) {
        store.load(t);
        continue;
      }
      std::vector<zz::SolvedTier<Tier>> solved;
      for (const Tier& d : game.tier_dependencies(t)) solved.push_back({d, &store.load(d)});
      reset_peak_memory();
      const auto start = std::chrono::steady_clock::now();
      const zz::TierTable& table = store.save(t, zz::solve_tier(game, t, std::span<const zz::SolvedTier<Tier>>(solved)));
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const zz::TierStats s = table.stats();
      std::printf("%s\n", nlohmann::ordered_json{{"case", "tablut-table"},
                                                 {"table", game.tier_name(t)},
                                                 {"slots", s.entries},
                                                 {"positions", s.positions()},
                                                 {"wins", s.wins},
                                                 {"losses", s.losses},
                                                 {"draws", s.draws},
                                                 {"seconds", seconds},
                                                 {"positions_per_second", seconds > 0 ? s.positions() / seconds : 0.0},
                                                 {"threads", threads},
                                                 {"peak_memory_mib", peak_memory_mib()}}
                                  .dump()
                                  .c_str());
      std::fflush(stdout);
    }
  } catch (const zz::InputError& e) {
    std::fprintf(stderr, "bench_tablut_tables: %s\n", e.what());
    return 2;
  }
  if (temporary) std::filesystem::remove_all(data);
  return 0;
}
