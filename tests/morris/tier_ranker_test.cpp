// The morris kernels (core/morris/tier_ranker.hpp) against the slow paths they replace, on
// sampled slots of movement, flying, placement and Lasker tiers of every variant:
//   - predecessors(i) equals ranking every position for_each_unmove yields from unrank(i),
//     repeats included, and repeats never occur when it says they are distinct;
//   - for every move of the slot's position and of an image of it (turned by a symmetry and
//     with the colours exchanged, as a child or a predecessor may come), exit_child names
//     the child's tier and rank() there for a move that leaves the tier and refuses one that
//     stays, in_tier_children equals rank() for one that stays, and the ranker equals rank();
//   - neighbours_distinct is only promised when the in-tier children's slots differ,
//     stays_in_tier holds exactly for the moves whose child is in the tier, and
//     for_each_move_counting_quiet yields or counts every move once;
//   - in a tier whose every move leaves it, exit_children names the same children as
//     exit_child move by move (as a multiset: its order is its own);
//   - exits_only holds only where every move of every slot leaves the tier, and
//     exit_locality gives one key per class of the waiting stones under the symmetries
//     (among sets of as many stones).
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/morris/game.hpp"
#include "solver/game.hpp"

using namespace zz;
using zz::morris::Morris;

static_assert(HasIndexedUnmoves<Morris>);
static_assert(HasRankedExits<Morris>);
static_assert(HasExitBatch<Morris>);

namespace {

struct Case {
  const char* variant;
  const char* tier;
  std::uint64_t samples;  // slots checked, spread evenly over the tier
};

// Movement with and without flying, placement with removals (5-5-1-0: the last placement,
// every move an exit), the hands of Lasker Morris
// (placing and moving), Morabaraba's diagonals and Six Men's Morris without flying.
constexpr Case kCases[] = {
    {"nine", "3-3-0-0", 3000},    {"nine", "4-3-0-0", 3000},   {"nine", "5-4-0-0", 2000},
    {"nine", "7-6-0-0", 1000},    {"nine", "3-3-3-3", 2000},   {"nine", "3-4-3-2", 2000},
    {"nine", "2-2-7-7", 1000},    {"nine", "0-1-9-8", 24},     {"lasker", "3-3-1-1", 2000},
    {"lasker", "4-2-0-2", 2000},  {"morabaraba", "4-4-0-0", 2000}, {"morabaraba", "5-5-3-2", 1000},
    {"six", "4-3-0-0", 2000},     {"six", "3-3-2-2", 2000},   {"nine", "5-5-1-0", 1000},
};

Morris::Position image(const Morris& g, const Morris::Position& p, int op) {
  Morris::Position q = p;
  for (int c = 0; c < 2; ++c) q.stones[c] = g.board().transform(op, p.stones[c]);
  std::swap(q.stones[0], q.stones[1]);
  std::swap(q.hand[0], q.hand[1]);
  q.to_move = morris::other(p.to_move);
  return q;
}

// Every move of p against play and rank(); returns the number of moves checked.
int check_moves(const Morris& g, const Morris::Tier& t, const Morris::Ranker& ranker, const Morris::Position& p) {
  const auto children = ranker.in_tier_children(p);
  std::vector<std::uint64_t> in_tier;
  int moves = 0;
  g.for_each_move(p, [&](const Morris::Move& m) {
    ++moves;
    const Morris::Position c = g.play(p, m);
    const Morris::Tier ct = g.tier_of(c);
    const std::uint64_t expected = g.rank(c);
    int tier = -1;
    std::uint64_t index = 0;
    const bool exits = ranker.exit_child(p, m, tier, index);
    const bool stays = g.stays_in_tier(p, m);
    CHECK(stays == (ct == t));
    if (ct == t) {
      CHECK_FALSE(exits);
      CHECK(children(m) == expected);
      CHECK(ranker(c) == expected);
      in_tier.push_back(expected);
    } else {
      REQUIRE(exits);
      REQUIRE(tier >= 0);
      REQUIRE(static_cast<std::size_t>(tier) < ranker.exit_tiers().size());
      CHECK(ranker.exit_tiers()[static_cast<std::size_t>(tier)] == ct);
      CHECK(index == expected);
    }
  });
  if (ranker.exits_only()) {
    std::vector<std::pair<int, std::uint64_t>> one_by_one, batch;
    g.for_each_move(p, [&](const Morris::Move& m) {
      int tier = -1;
      std::uint64_t index = 0;
      REQUIRE(ranker.exit_child(p, m, tier, index));
      one_by_one.emplace_back(tier, index);
    });
    std::vector<int> tiers(256);
    std::vector<std::uint64_t> indices(256);
    const int n = ranker.exit_children(p, tiers.data(), indices.data());
    REQUIRE(n == static_cast<int>(one_by_one.size()));
    for (int k = 0; k < n; ++k) batch.emplace_back(tiers[static_cast<std::size_t>(k)], indices[static_cast<std::size_t>(k)]);
    std::sort(one_by_one.begin(), one_by_one.end());
    std::sort(batch.begin(), batch.end());
    CHECK(batch == one_by_one);
  }
  if (g.neighbours_distinct(p)) {
    std::sort(in_tier.begin(), in_tier.end());
    CHECK(std::adjacent_find(in_tier.begin(), in_tier.end()) == in_tier.end());
  }
  // Counting in bulk: the counted moves are those that stay, the others come one by one.
  int counted = 0, yielded = 0, stays = 0;
  g.for_each_move(p, [&](const Morris::Move& m) { stays += g.stays_in_tier(p, m); });
  g.for_each_move_counting_quiet(
      p,
      [&](int n) {
        CHECK(n > 0);
        counted += n;
      },
      [&](const Morris::Move& m) {
        CHECK_FALSE(g.stays_in_tier(p, m));
        ++yielded;
      });
  CHECK(counted == stays);
  CHECK(counted + yielded == moves);
  return moves;
}

void check_tier(const Case& c) {
  const Morris g(RuleValues{{"variant", c.variant}});
  const std::string name = std::string(c.variant) + " " + c.tier;
  CAPTURE(name);
  const Morris::Tier t = g.solve_roots(c.tier).front();
  REQUIRE(g.tier_name(t) == c.tier);
  const auto ranker = g.tier_ranker(t);
  const std::uint64_t size = g.tier_size(t);
  const std::uint64_t step = std::max<std::uint64_t>(1, size / c.samples);
  std::uint64_t used = 0, predecessors = 0, exits = 0, moves = 0;
  std::vector<std::uint64_t> expected, got(256);
  // exit_locality: one key per class of the waiting stones under the 16 symmetries (found
  // here as the smallest image of the set), among sets of as many stones.
  std::map<morris::Mask, std::uint32_t> key_of_class;
  std::map<std::pair<int, std::uint32_t>, morris::Mask> class_of_key;
  Morris::Position p;
  for (std::uint64_t i = (size / 7) % step; i < size; i += step) {
    if (!g.unrank(t, i, p)) continue;
    ++used;
    CAPTURE(i);
    CAPTURE(g.format(p));
    REQUIRE(ranker(p) == i);
    expected.clear();
    g.for_each_unmove(p, [&](const Morris::Position& q) { expected.push_back(g.rank(q)); });
    std::sort(expected.begin(), expected.end());
    bool distinct = false;
    const int n = ranker.predecessors(i, got.data(), distinct);
    std::vector<std::uint64_t> actual(got.begin(), got.begin() + n);
    std::sort(actual.begin(), actual.end());
    REQUIRE(actual == expected);
    if (distinct) CHECK(std::adjacent_find(actual.begin(), actual.end()) == actual.end());
    predecessors += static_cast<std::uint64_t>(n);
    moves += static_cast<std::uint64_t>(check_moves(g, t, ranker, p));
    const Morris::Position q = image(g, p, static_cast<int>(i % morris::kSymmetries));
    REQUIRE(ranker(q) == i);
    moves += static_cast<std::uint64_t>(check_moves(g, t, ranker, q));
    int own_moves = 0, own_exits = 0;
    g.for_each_move(p, [&](const Morris::Move& m) {
      ++own_moves;
      own_exits += !g.stays_in_tier(p, m);
    });
    exits += static_cast<std::uint64_t>(own_exits);
    // A tier that says every move leaves it: every move of every slot does.
    if (ranker.exits_only()) CHECK(own_exits == own_moves);
    morris::Mask smallest = ~morris::Mask{0};
    for (int op = 0; op < morris::kSymmetries; ++op)
      smallest = std::min(smallest, g.board().transform(op, p.stones[morris::other(p.to_move)]));
    const std::uint32_t key = ranker.exit_locality(i);
    CHECK(key_of_class.emplace(smallest, key).first->second == key);
    CHECK(class_of_key.emplace(std::pair{std::popcount(smallest), key}, smallest).first->second == smallest);
  }
  // Placing is compulsory with a stone in hand except in Lasker Morris (place or move).
  const bool variant_places = std::string(c.variant) != "lasker";
  if (t.ha == 0 || !variant_places) CHECK_FALSE(ranker.exits_only());
  if (t.ha > 0 && t.hb > 0 && variant_places) CHECK(ranker.exits_only());
  if (std::string(c.tier) == "5-5-1-0") CHECK(ranker.exits_only());  // no part with the (5, 0) side to move
  // The samples reach what they are meant to test.
  CHECK(used > 0);
  CHECK(moves > 0);
  const bool movement = t.ha == 0 && t.hb == 0;
  if (movement) CHECK(predecessors > 0);
  if (!movement) CHECK(exits > 0);
  MESSAGE(name << ": " << used << " slots, " << predecessors << " predecessors, " << moves
                    << " moves, " << exits << " exits");
}

}  // namespace

TEST_CASE("the morris kernels equal the slow path on sampled slots of every kind of tier") {
  for (const Case& c : kCases) check_tier(c);
}

TEST_CASE("every slot of the flying tier 3-3-0-0 and of a placement tier") {
  for (const Case& c : {Case{"nine", "3-3-0-0", 1u << 30}, Case{"nine", "2-3-5-4", 1u << 30}}) check_tier(c);
}

TEST_CASE("the over tier has no predecessors, exits or in-tier children") {
  const Morris g(RuleValues{{"variant", "nine"}});
  const Morris::Tier over = g.solve_roots("over").front();
  const auto ranker = g.tier_ranker(over);
  std::uint64_t out[256];
  bool distinct = false;
  CHECK(ranker.predecessors(0, out, distinct) == 0);
  CHECK(ranker.exit_tiers().empty());
  Morris::Position p;
  REQUIRE(g.unrank(over, 0, p));
  CHECK(ranker(p) == 0);
  int moves = 0;
  g.for_each_move(p, [&](const Morris::Move&) { ++moves; });
  CHECK(moves == 0);
}

namespace {

// census(i) against unrank, player_name and orbit_size (the slow path raw_counts and summary
// take without it), on at least `slots` slots spread evenly over the tier (every slot of a
// smaller one).
void check_census(const Case& c, std::uint64_t slots) {
  const Morris g(RuleValues{{"variant", c.variant}});
  const std::string name = std::string(c.variant) + " " + c.tier;
  CAPTURE(name);
  const Morris::Tier t = g.solve_roots(c.tier).front();
  const auto ranker = g.tier_ranker(t);
  const std::uint64_t step = std::max<std::uint64_t>(1, g.tier_size(t) / slots);
  const std::string_view first = g.player_name(g.start(), true);
  std::uint64_t used = 0, symmetric = 0, unused = 0, second = 0;
  Morris::Position p;
  for (std::uint64_t i = 0; i < g.tier_size(t); i += step) {
    CAPTURE(i);
    const SlotCensus census = ranker.census(i);
    const bool is_used = g.unrank(t, i, p);
    REQUIRE(census.used == is_used);
    if (!is_used) {
      ++unused;
      continue;
    }
    ++used;
    CHECK(census.first_to_move == (g.player_name(p, true) == first));
    CHECK(census.orbit == static_cast<std::uint32_t>(g.orbit_size(p)));
    symmetric += census.orbit < morris::kSymmetries;
    second += !census.first_to_move;
  }
  MESSAGE(name << ": " << used << " used slots (" << symmetric << " with a symmetry of their own, " << second
                    << " Black to move), " << unused << " unused");
  CHECK(used > 0);
}

}  // namespace

TEST_CASE("census equals unrank, player_name and orbit_size") {
  // Every slot: flying and movement tiers with symmetric and unused slots, a placement tier
  // with Black to move in its second part, Lasker's hands (place or move) and Six Men's board.
  constexpr std::uint64_t kEvery = ~std::uint64_t{0};
  for (const Case& c : {Case{"nine", "3-3-0-0", 0}, Case{"nine", "4-3-0-0", 0}, Case{"nine", "2-3-5-4", 0},
                        Case{"nine", "3-4-3-2", 0}, Case{"lasker", "3-3-1-1", 0}, Case{"lasker", "4-2-0-2", 0},
                        Case{"six", "3-3-2-2", 0}, Case{"morabaraba", "4-4-0-0", 0}, Case{"nine", "over", 0}})
    check_census(c, kEvery);
  for (const Case& c : kCases) check_census(c, 200'000);
}
