#pragma once
// The counts a solve reports for a game whose index reduces by symmetry: per tier and side
// to move, wins, draws and losses both per index entry and per position (each entry
// weighed by its orbit's size), with the first position of the longest win.
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "api/results.hpp"
#include "api/slot_census_of.hpp"
#include "solver/distributed/communicator.hpp"
#include "solver/solve_options.hpp"
#include "solver/table/store.hpp"

namespace zz::api {

// Fills report.tiers[k].raw for tiers[k] and report.raw_positions. The ranks of a
// distributed job each count the slots they own and add up (collective: all of them call).
template <class G, class Store, class Tiers>
void add_raw_counts(const G& game, Store& store, const Tiers& tiers, SolveReport& report, Communicator* comm,
                    const std::function<std::string(Outcome)>& describe) {
  using Position = typename G::Position;
  struct Counts {
    // [side][value], sides in the order of player_name(start, true / false)
    std::array<std::array<std::uint64_t, 3>, 2> reduced{}, raw{};
    std::uint64_t first_longest = ~std::uint64_t{0};
  };
  const Position start = game.start();
  const std::string_view first = game.player_name(start, true);
  const std::array<std::string, 2> names{std::string(first), std::string(game.player_name(start, false))};
  // The ranks' counts summed, and the first longest win of all.
  const auto add_up = [](Counts& c, Communicator& comm) {
    for (int side = 0; side < 2; ++side) {
      comm.sum(c.reduced[side]);
      comm.sum(c.raw[side]);
    }
    constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();
    const std::int64_t first = c.first_longest == ~std::uint64_t{0} ? kNone : -static_cast<std::int64_t>(c.first_longest);
    const std::int64_t all = comm.max(first);
    c.first_longest = all == kNone ? ~std::uint64_t{0} : static_cast<std::uint64_t>(-all);
  };
  std::uint64_t total_raw = 0;
  std::uint64_t slots = 0;
  for (const auto& t : tiers) slots += game.tier_size(t);
  for (std::size_t k = 0; k < tiers.size(); ++k) {
    const auto& tier = tiers[k];
    const TierTable& table = store.load_decoded(tier);  // every slot is read
    const int longest = table.stats().longest_win;
    const Ownership mine = comm ? Ownership(table.size(), comm->rank(), comm->size()) : Ownership(table.size(), 0, 1);
    const auto census_of = slot_census_reader(game, tier);
    Counts counts = tbb::parallel_reduce(
        tbb::blocked_range<std::uint64_t>(0, mine.size(), 1 << 14), Counts{},
        [&](const tbb::blocked_range<std::uint64_t>& range, Counts c) {
          Position p;
          for (std::uint64_t l = range.begin(); l != range.end(); ++l) {
            const std::uint64_t i = mine.global(l);
            const SlotCensus slot = census_of(i, p);
            if (!slot.used) continue;
            const Outcome o = decode(table.code_of_used(i));
            const int side = slot.first_to_move ? 0 : 1;
            const int v = static_cast<int>(o.value);
            ++c.reduced[side][v];
            c.raw[side][v] += slot.orbit;
            if (o.value == Value::Win && o.remoteness == longest) c.first_longest = std::min(c.first_longest, i);
          }
          return c;
        },
        [](Counts a, const Counts& b) {
          for (int side = 0; side < 2; ++side)
            for (int v = 0; v < 3; ++v) {
              a.reduced[side][v] += b.reduced[side][v];
              a.raw[side][v] += b.raw[side][v];
            }
          a.first_longest = std::min(a.first_longest, b.first_longest);
          return a;
        });
    if (comm) add_up(counts, *comm);
    RawCounts raw;
    for (int side = 0; side < 2; ++side) {
      const auto& n = counts.reduced[side];
      const auto& w = counts.raw[side];
      raw.sides.push_back({names[side], n[2], n[1], n[0], w[2], w[1], w[0]});
      raw.raw_positions += w[0] + w[1] + w[2];
    }
    if (longest >= 0) {
      Position p;
      game.unrank(tier, counts.first_longest, p);
      raw.longest_win_example = {game.format(p), describe(Outcome::win(longest))};
    }
    total_raw += raw.raw_positions;
    report.tiers[k].raw = std::move(raw);
    // Decoded for this count: a set too large for memory lets it go again.
    if (slots >= SolveOptions{}.release_from_slots) store.release(tier);
  }
  report.raw_positions = total_raw;
}

}  // namespace zz::api
