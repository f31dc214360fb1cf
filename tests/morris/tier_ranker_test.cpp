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
