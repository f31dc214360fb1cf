// The distributed solver, with threads standing in for the ranks of an MPI job
// (tests/common/thread_ranks.hpp): KQvKR (58 grains of the index) solved by 2, 3 and 4
// ranks must give the single process's table, with either message width, with small
// message batches (many exchanges per level); and KPvK with sweeps (which read other ranks'
// slots). tests/mpi runs the real thing under mpirun.
#include <doctest/doctest.h>

#include <mutex>

#include "helpers.hpp"
#include "tests/common/solve_helpers.hpp"
#include "tests/common/thread_ranks.hpp"

using namespace chess_tables;

namespace {

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
  // 2 and 4 ranks with narrow messages; 3 ranks (which divides the 58 grains unevenly) with
  // wide ones in small batches: 65,536 messages, several exchanges in each busy level. The
  // width is a matter of the message type alone, so a narrow 3-rank solve would only repeat
  // the others. Batches of 4,096 made an exchange after nearly every step of 64 blocks,
  // each several barriers of threads that wait for cores other tests hold.
  const Material m = material("KQvKR");
  const zz::TierTable& single = shared_tables().get(m);
  for (int ranks : {2, 3, 4}) {
    CAPTURE(ranks);
    zz::SolveOptions options;
    if (ranks == 3) {
      options.wide_messages = true;
      options.message_batch = 1 << 16;
    }
    CHECK(zz_test::same_codes(solve_by_ranks(m, ranks, options), single));
  }
}

TEST_CASE("sweeps by 3 ranks, reading the other ranks' slots, give the single process's table") {
  // Sweeps look at every undecided position at every level, fetching the slots other ranks
  // hold. KPvK has the same reads across ranks (and promotions into solved tiers) in a few
  // grains, as long as each rank holds some; with KQvKR this case and the one above took
  // 15 minutes on a loaded machine (30 s now).
  const Material m = material("KPvK");
  REQUIRE(shared_tables().game().tier_size(m) > 2 * zz::Ownership::kGrain);
  zz::SolveOptions sweeps;
  sweeps.force_sweeps = true;
  CHECK(zz_test::same_codes(solve_by_ranks(m, 3, sweeps), shared_tables().get(m)));
}
