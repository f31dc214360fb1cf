#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/taktikl/game.hpp"
#include "reference_rules.hpp"
#include "solver/game.hpp"

using namespace zz;
using zz::taktikl::TakTikl;

static_assert(Game<TakTikl>);
static_assert(Enumerable<TakTikl>);
static_assert(Unmovable<TakTikl>);

namespace {

TakTikl make(std::vector<std::string> rules = {}) { return TakTikl(parse_rules(TakTikl::rule_options(), rules)); }

const taktikl::Tier kAll{};

// Used index slots: every one for small spaces, a random sample otherwise (a fixed stride
// would walk in step with the memory fields of the index).
std::vector<std::uint64_t> sample_used(const TakTikl& g, std::size_t want) {
  std::vector<std::uint64_t> out;
  const std::uint64_t n = g.tier_size(kAll);
  TakTikl::Position p;
  if (n <= 4 * want) {
    for (std::uint64_t i = 0; i < n; ++i)
      if (g.unrank(kAll, i, p)) out.push_back(i);
    return out;
  }
  std::mt19937_64 rng(n);
  while (out.size() < want) {
    const std::uint64_t i = rng() % n;
    if (g.unrank(kAll, i, p)) out.push_back(i);
  }
  return out;
}

std::string strip_ply(const TakTikl& g, TakTikl::Position p) {
  p.ply = 0;
  return g.format(p);
}

}  // namespace

TEST_CASE("the start position and its moves") {
  const TakTikl g = make();
  CHECK(g.format(g.start()) == "oxox/4/4/xoxo x - -");
  std::vector<std::string> moves;
  g.for_each_move(g.start(), [&](TakTikl::Move m) { moves.push_back(g.format_move(m)); });
  std::sort(moves.begin(), moves.end());
  CHECK(moves == std::vector<std::string>{"a1a2", "b4b3", "c1c2", "d4d3"});
}

TEST_CASE("every index slot round-trips through unrank and rank") {
  for (const char* rule : {"no-return=off", "no-return=on"}) {
    CAPTURE(rule);
    const TakTikl g = make({rule});
    const auto used = sample_used(g, 200'000);
    CHECK(used.size() > 90000);
    TakTikl::Position p;
    for (std::uint64_t i : used) {
      g.unrank(kAll, i, p);
      REQUIRE_MESSAGE(g.rank(p) == i, g.format(p));
      REQUIRE(g.parse(g.format(p)) == p);
    }
  }
}

TEST_CASE("mirror images, rotations and colour swaps share an index") {
  const TakTikl g = make();
  std::mt19937_64 rng(7);
  const auto used = sample_used(g, 20000);
  TakTikl::Position p;
  for (std::uint64_t i : used) {
    g.unrank(kAll, i, p);
    const auto s = reference::from_text(g.format(p));
    const int k = static_cast<int>(rng() % 8);
    const bool swap = rng() % 2;
    const auto t = reference::transformed(s, k, swap);
    REQUIRE_MESSAGE(g.rank(g.parse(reference::text(t))) == i, reference::text(t));
  }
}

TEST_CASE("moves agree with an independent generator") {
  for (const char* rule : {"no-return=on", "no-return=off"})
    for (const char* no_move : {"no-move=draw", "no-move=pass"}) {
      const std::string rules_text = std::string(rule) + " " + no_move;
      CAPTURE(rules_text);
      const TakTikl g = make({rule, no_move});
      const reference::Rules rules{std::string(rule) == "no-return=on",
                                   std::string(no_move) == "no-move=pass" ? reference::NoMove::Pass
                                                                           : reference::NoMove::Draw};
      std::mt19937_64 rng(11);
      for (std::uint64_t i : sample_used(g, 30000)) {
        TakTikl::Position p;
        g.unrank(kAll, i, p);
        // Look at the position from a random angle and colour, to exercise all of them.
        auto s = reference::transformed(reference::from_text(g.format(p)), static_cast<int>(rng() % 8), rng() % 2);
        p = g.parse(reference::text(s));
        std::set<std::string> mine, theirs;
        g.for_each_move(p, [&](TakTikl::Move m) {
          auto c = g.play(p, m);
          if (!g.no_return()) c.memory = {};
          mine.insert(strip_ply(g, c));
        });
        if (!reference::three_in_a_row(s, s.side == 'x' ? 'o' : 'x'))
          for (auto n : reference::successors(s, rules)) {
            if (!rules.no_return) n.last_from[0] = n.last_from[1] = n.last_to[0] = n.last_to[1] = -1;
            theirs.insert(reference::text(n));
          }
        REQUIRE_MESSAGE(mine == theirs, reference::text(s));
      }
    }
}

TEST_CASE("un-moves are exactly the inverse of moves") {
  for (const char* rule : {"no-return=on", "no-return=off"})
    for (const char* no_move : {"no-move=draw", "no-move=pass", "no-move=loss"}) {
      const std::string rules_text = std::string(rule) + " " + no_move;
      CAPTURE(rules_text);
      const TakTikl g = make({rule, no_move});
      TakTikl::Position p, canonical;
      std::size_t checked = 0;
      for (std::uint64_t i : sample_used(g, 10000)) {
        g.unrank(kAll, i, p);
        // Every predecessor that is a live position has a move back to p ...
        g.for_each_unmove(p, [&](const TakTikl::Position& q) {
          const auto j = g.rank(q);
          if (!g.unrank(kAll, j, canonical) || g.outcome(q)) return;
          bool found = false;
          g.for_each_move(q, [&](TakTikl::Move m) { found = found || g.rank(g.play(q, m)) == i; });
          REQUIRE_MESSAGE(found, g.format(q) << " -> " << g.format(p));
          ++checked;
        });
        // ... and every child counts p among its predecessors.
        if (g.outcome(p)) continue;
        g.for_each_move(p, [&](TakTikl::Move m) {
          TakTikl::Position child;
          g.unrank(kAll, g.rank(g.play(p, m)), child);
          bool found = false;
          g.for_each_unmove(child, [&](const TakTikl::Position& q) { found = found || g.rank(q) == i; });
          REQUIRE_MESSAGE(found, g.format(p) << " -> " << g.format(child));
        });
      }
      CHECK(checked > 10000);
    }
}
