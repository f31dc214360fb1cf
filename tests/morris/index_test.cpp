// The morris tiers and index on every slot of small tiers: unrank and rank are inverse, the
// 16 symmetric images and the colour-swapped board share a slot, the used slots stand for
// exactly the tier's positions, un-moves are the exact inverse of in-tier moves both ways,
// and every move leads into the tier or one of its dependencies, which form a DAG.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/common/hash.hpp"
#include "core/morris/game.hpp"
#include "core/morris/index_parts.hpp"
#include "core/morris/subset_classes.hpp"
#include "solver/game.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::morris::Morris;

static_assert(HasTierRanker<Morris>);

namespace {

Morris game_for(const std::string& variant) { return Morris(RuleValues{{"variant", variant}}); }

Morris::Position image(const Morris& g, const Morris::Position& p, int op) {
  Morris::Position q = p;
  for (int c = 0; c < 2; ++c) q.stones[c] = g.board().transform(op, p.stones[c]);
  return q;
}

// Positions a tier stands for, counted from its name: each part's mover stones times the
// waiting side's among the other points.
std::uint64_t positions_of(const Morris& g, const Morris::Tier& t) {
  const int n = g.board().points;
  std::uint64_t count = morris::choose(n, t.a) * morris::choose(n - t.a, t.b);
  if (!(t.a == t.b && t.ha == t.hb) && g.hands_fit(t.hb, t.ha)) count += morris::choose(n, t.b) * morris::choose(n - t.b, t.a);
  return count;
}

void check_tier(const Morris& g, const std::string& name) {
  CAPTURE(name);
  const auto roots = g.solve_roots(name);
  REQUIRE(roots.size() == 1);
  const Morris::Tier t = roots.front();
  CHECK(g.tier_name(t) == name);
  const auto deps = g.tier_dependencies(t);
  const auto ranker = g.tier_ranker(t);
  const std::uint64_t size = g.tier_size(t);
  std::uint64_t used = 0, positions = 0, edges = 0, forward = 0, backward = 0;
  Morris::Position p;
  for (std::uint64_t i = 0; i < size; ++i) {
    if (!g.unrank(t, i, p)) continue;
    ++used;
    positions += static_cast<std::uint64_t>(g.orbit_size(p));
    REQUIRE(g.tier_of(p) == t);
    REQUIRE(g.rank(p) == i);
    REQUIRE(ranker(p) == i);
    REQUIRE(g.parse(g.format(p)) == p);
    for (int op = 1; op < morris::kSymmetries; ++op) REQUIRE(g.rank(image(g, p, op)) == i);
    // The same board with the colours exchanged (the rules treat both alike).
    Morris::Position swapped = p;
    std::swap(swapped.stones[0], swapped.stones[1]);
    std::swap(swapped.hand[0], swapped.hand[1]);
    swapped.to_move = morris::other(p.to_move);
    REQUIRE(g.rank(swapped) == i);
    // Moves into the tier or a dependency; the in-tier ones as edges between slots, which the
    // un-moves must give back exactly (summed as hashes, each edge once).
    std::vector<std::uint64_t> kids, preds;
    g.for_each_move(p, [&](const Morris::Move& m) {
      const Morris::Position c = g.play(p, m);
      const Morris::Tier ct = g.tier_of(c);
      if (ct == t) {
        kids.push_back(g.rank(c));
        REQUIRE(ranker(c) == kids.back());
        return;
      }
      REQUIRE(std::find(deps.begin(), deps.end(), ct) != deps.end());
      // The child's slot in its tier is a used one, holding a symmetric image of the child.
      Morris::Position back;
      CAPTURE(g.format(c));
      REQUIRE(g.unrank(ct, g.rank(c), back));
      REQUIRE(g.rank(back) == g.rank(c));
    });
    g.for_each_unmove(p, [&](const Morris::Position& q) {
      REQUIRE(g.tier_of(q) == t);
      REQUIRE(g.rank(q) < size);
      CHECK_FALSE(g.outcome(q));
      preds.push_back(g.rank(q));
      REQUIRE(ranker(q) == preds.back());
    });
    for (auto* v : {&kids, &preds}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    for (std::uint64_t j : kids) forward += mix64(i * size + j);
    for (std::uint64_t k : preds) backward += mix64(k * size + i);
    edges += kids.size();
  }
  CHECK(forward == backward);
  CHECK(positions == positions_of(g, t));
  MESSAGE(name << ": " << size << " slots, " << used << " used, " << positions << " positions, " << edges << " in-tier edges");
  // (Unused slots belong to mover sets with symmetries of their own: many in tiny tiers, few in
  // large ones; the whole game's are counted below.)
}

}  // namespace

TEST_CASE("set ranks, classes and their tables") {
  for (int k = 0; k <= 24; ++k)
    for (std::uint64_t r = 0; r < morris::choose(24, k); r += 9973)
      REQUIRE(morris::rank_set(morris::unrank_set(r, k, 24)) == r);
  const Morris g = game_for("nine");
  // Single points: the corners and the midpoints of the outer and inner squares (exchanged by
  // a symmetry), and those of the middle square.
  const auto& one = morris::subset_classes(g.board(), 1);
  std::set<morris::Mask> reps(one.representative.begin(), one.representative.end());
  CHECK(reps.size() == one.classes());
  CHECK(one.classes() == 4);  // corners and midpoints of the outer/inner squares, and of the middle one
  // Each table against the definition, set by set: a class is represented by its smallest
  // member, and a set's entry names the first symmetry (by number) that turns it into that
  // member, and the representative's stabilizer every symmetry that fixes it.
  for (const char* variant : {"nine", "six"})
    for (int k : {0, 1, 2, 3, 4, 5, 8, 12}) {
      const Morris v = game_for(variant);
      const auto& b = v.board();
      if (k > b.points) continue;
      CAPTURE(variant);
      CAPTURE(k);
      const auto& cls = morris::subset_classes(b, k);
      std::uint64_t classes = 0;
      for (std::uint64_t r = 0; r < morris::choose(b.points, k); r += k == 12 ? 97 : 1) {
        const morris::Mask set = morris::unrank_set(r, k, b.points);
        morris::Mask best = set;
        int best_op = 0;
        std::uint16_t fixing = 0;
        for (int op = 0; op < morris::kSymmetries; ++op) {
          const morris::Mask image = b.transform(op, set);
          if (image < best) best = image, best_op = op;
          if (image == set) fixing = static_cast<std::uint16_t>(fixing | 1u << op);
        }
        // The entry as a query finds it (by search) and as a solve reads it (from the table).
        const std::uint32_t entry = cls.entry_by_search(set);
        CHECK(cls.table()[r] == entry);
        REQUIRE((entry >> 4) < cls.classes());
        CHECK(cls.representative[entry >> 4] == best);
        CHECK(static_cast<int>(entry & 0xF) == best_op);
        if (best == set) {
          CHECK(cls.stabilizer[entry >> 4] == fixing);
          ++classes;
        }
      }
      if (k != 12) CHECK(classes == cls.classes());
      CHECK(std::is_sorted(cls.representative.begin(), cls.representative.end()));
    }
}

TEST_CASE("a set's rank among the free points, by bytes, against renumbering the points") {
  // Every set of up to 3 points with no point taken or one, then random sets of up to 12
  // points against up to 12 taken: rank_set of the set's points renumbered among the free ones.
  const auto definition = [](morris::Mask set, morris::Mask taken) {
    return morris::rank_set(morris::compress(set, ~taken & 0xFFFFFFu));
  };
  std::uint64_t checked = 0;
  for (morris::Mask taken = 0; taken < (1u << 24); taken = taken ? taken << 1 : 1)
    for (int k = 0; k <= 3; ++k)
      for (std::uint64_t r = 0; r < morris::choose(24, k); ++r) {
        const morris::Mask set = morris::unrank_set(r, k, 24);
        if (set & taken) continue;
        REQUIRE(morris::index_parts::rank_among_free(set, taken) == definition(set, taken));
        ++checked;
      }
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  const auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull; };
  for (int n = 0; n < 200000; ++n) {
    morris::Mask taken = 0, set = 0;
    const int t = static_cast<int>(next() >> 59) % 13, k = static_cast<int>(next() >> 58) % 13;
    while (__builtin_popcount(taken) < t) taken |= 1u << (next() >> 40) % 24;
    while (__builtin_popcount(set) < std::min(k, 24 - t))
      if (const morris::Mask b = 1u << (next() >> 40) % 24; !(b & taken)) set |= b;
    REQUIRE(morris::index_parts::rank_among_free(set, taken) == definition(set, taken));
    ++checked;
  }
  CHECK(checked > 200000);
}

TEST_CASE("every slot of small tiers: rank, unrank, symmetries, un-moves, dependencies") {
  const Morris nine = game_for("nine");
  for (const char* name : {"3-3-0-0", "1-2-8-7", "2-2-7-7", "3-2-6-6", "3-4-1-0"}) check_tier(nine, name);
  const Morris lasker = game_for("lasker");
  for (const char* name : {"3-3-0-0", "3-2-1-2", "2-1-2-4"}) check_tier(lasker, name);
  const Morris mora = game_for("morabaraba");
  check_tier(mora, "3-3-0-0");
  const Morris six = game_for("six");
  for (const char* name : {"3-3-0-0", "4-3-0-0", "5-4-0-0", "2-2-4-4", "5-5-1-1", "5-6-1-0"}) check_tier(six, name);
}

TEST_CASE("the tiers of a whole game form a DAG from the start") {
  for (const char* v : {"nine", "lasker", "morabaraba", "six"}) {
    const Morris g = game_for(v);
    const auto roots = g.solve_roots("");
    const auto order = dependency_order(g, std::span<const Morris::Tier>(roots));
    std::map<std::string, std::size_t> at;
    for (std::size_t k = 0; k < order.size(); ++k) at[g.tier_name(order[k])] = k;
    // Slots against positions up to symmetry, in the movement tiers (no stones in hand) and
    // the others.
    double slots[2] = {0, 0}, classes[2] = {0, 0};
    std::uint64_t sectors = 0, total = 0, largest = 0;  // parts of tiers: Malom's sectors
    std::string largest_name;
    for (std::size_t k = 0; k < order.size(); ++k) {
      for (const auto& d : g.tier_dependencies(order[k])) CHECK(at.at(g.tier_name(d)) < k);
      if (order[k].over) continue;
      const auto& t = order[k];
      sectors += 1 + (!(t.a == t.b && t.ha == t.hb) && g.hands_fit(t.hb, t.ha));
      total += g.tier_size(t);
      if (g.tier_size(t) > largest) largest = g.tier_size(t), largest_name = g.tier_name(t);
      const int part = order[k].ha + order[k].hb == 0 ? 0 : 1;
      slots[part] += static_cast<double>(g.tier_size(order[k]));
      classes[part] += static_cast<double>(positions_of(g, order[k])) / morris::kSymmetries;
    }
    if (std::string(v) != "six") {  // unused slots cost little where the memory goes
      CHECK(slots[0] < 1.05 * classes[0]);
      CHECK(slots[1] < 1.06 * classes[1]);
    }
    MESSAGE(std::string(v) << ": " << order.size() << " tiers, " << sectors << " sectors, " << total << " slots, the largest "
                            << largest_name << " " << largest << "; movement " << slots[0] << " slots for " << classes[0]
                            << " positions / 16; placement " << slots[1] << " slots for " << classes[1] << " positions / 16");
  }
}
