// The distributed solver, with threads standing in for the ranks of an MPI job
// (tests/common/thread_ranks.hpp): KQvKR (58 grains of the index) solved by 2, 3 and 4
// ranks must give the single process's table, with either message width, with small
// message batches (many exchanges per level), and with sweeps (which read other ranks'
// slots). tests/mpi runs the real thing under mpirun.
#include <doctest/doctest.h>

#include <mutex>

#include "helpers.hpp"
#include "tests/common/solve_helpers.hpp"
#include "tests/common/thread_ranks.hpp"

using namespace chess_tables;

namespace {

Tables& shared_tables() {
  static Tables tables;
  return tables;
}

// The tier solved by `ranks` thread ranks, put back together in index order.
zz::TierTable solve_by_ranks(const Material& m, int ranks, zz::SolveOptions options) {
  Tables& tables = shared_tables();
  const auto deps = tables.dependencies(m);
  const std::span<const zz::SolvedTier<Material>> solved(deps);
  const std::uint64_t entries = tables.game().tier_size(m);
  std::vector<zz::Code> codes(entries, zz::kUnusedCode);
  std::mutex written;
  zz_test::ThreadRanks job(ranks);
  job.run([&](zz::Communicator& comm) {
    zz::SolveOptions mine = options;
    mine.comm = &comm;
    zz::RetrogradeSolver<zz::chess::Chess> solver(tables.game(), m, solved, mine);
    const std::vector<zz::Code> part = solver.solve_owned();
    const zz::Ownership& owned = solver.ownership();
    REQUIRE(part.size() == owned.size());
    std::lock_guard lock(written);
    for (std::uint64_t l = 0; l < part.size(); ++l) codes[owned.global(l)] = part[l];
  });
  return zz::TierTable(codes);
}

}  // namespace

TEST_CASE("KQvKR solved by 2, 3 and 4 ranks equals the single process's table") {
  const Material m = material("KQvKR");
  const zz::TierTable& single = shared_tables().get(m);
  for (int ranks : {2, 3, 4}) {
    CAPTURE(ranks);
    zz::SolveOptions narrow;
    CHECK(zz_test::same_codes(solve_by_ranks(m, ranks, narrow), single));
    if (ranks == 3) {
      zz::SolveOptions wide;
      wide.wide_messages = true;
      wide.message_batch = 1 << 12;
      CHECK(zz_test::same_codes(solve_by_ranks(m, ranks, wide), single));
      zz::SolveOptions sweeps;
      sweeps.force_sweeps = true;
      CHECK(zz_test::same_codes(solve_by_ranks(m, ranks, sweeps), single));
    }
  }
}
