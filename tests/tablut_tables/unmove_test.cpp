// Un-moves are exactly the inverse of the moves that stay in a tier: every predecessor has a
// legal move to the position, and every such move of every position is found again from its
// child, both as exact positions and through the symmetry-reduced index.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "tests/tablut_tables/helpers.hpp"

using namespace zz;
using namespace zz::tablut;
using namespace tablut_tables_test;

namespace {

const Material kMaterials[] = {{0, 1, false}, {1, 1, false}, {0, 3, false}, {2, 2, false},
                               {1, 4, false}, {3, 2, false}, {4, 1, false}, {2, 5, false}};

std::vector<Position> unmoves(const Tablut& g, const Position& p) {
  std::vector<Position> out;
  g.for_each_unmove(p, [&](const Position& q) { out.push_back(q); });
  return out;
}

// Random positions with extra weight on the squares where the rules are special: black
// pawns in and next to the camps, pieces next to the throne.
Position sample(const Material& m, std::mt19937_64& rng) {
  static const int kSpecial[] = {sq('a', 4), sq('a', 5), sq('b', 5), sq('e', 2), sq('d', 1), sq('e', 1),
                                 sq('h', 5), sq('i', 6), sq('e', 8), sq('f', 9), sq('e', 4), sq('d', 5),
                                 sq('c', 5), sq('e', 3), sq('b', 4), sq('d', 2), sq('e', 6), sq('f', 5)};
  for (;;) {
    Position p = random_position(m, rng);
    if (rng() % 2 == 0 || m.black == 0) return p;
    // Move one black pawn to a special square if that keeps the position valid.
    const int to = kSpecial[rng() % std::size(kSpecial)];
    if (has(p.occupied(), to)) return p;
    Bitboard b = p.black;
    const int from = pop_lsb(b);
    p.black ^= bit(from) | bit(to);
    return p;
  }
}

}  // namespace

TEST_CASE("every un-move has a legal, non-capturing move back to the position") {
  const Tablut g;
  std::mt19937_64 rng(5);
  std::size_t checked = 0;
  for (const Material& m : kMaterials)
    for (int k = 0; k < 3000; ++k) {
      const Position p = sample(m, rng);
      const auto preds = unmoves(g, p);
      for (std::size_t i = 0; i < preds.size(); ++i) {
        const Position& q = preds[i];
        REQUIRE(g.tier_of(q) == m);
        REQUIRE(q.turn != p.turn);
        REQUIRE_FALSE(q.decided());
        int found = 0;
        g.for_each_move(q, [&](Move mv) { found += g.play(q, mv) == p; });
        REQUIRE_MESSAGE(found == 1, format_position(q), " -> ", format_position(p));
        REQUIRE(std::count(preds.begin(), preds.end(), q) == 1);
        ++checked;
      }
    }
  MESSAGE(checked, " un-moves checked");
  CHECK(checked > 200000);
}

TEST_CASE("every move that stays in the tier is found again as an un-move of its child") {
  const Tablut g;
  std::mt19937_64 rng(6);
  std::size_t checked = 0;
  for (const Material& m : kMaterials)
    for (int k = 0; k < 3000; ++k) {
      const Position p = sample(m, rng);
      if (g.outcome(p)) continue;
      const std::uint64_t index = g.rank(p);
      g.for_each_move(p, [&](Move mv) {
        const Position c = g.play(p, mv);
        if (g.tier_of(c) != m) return;
        const auto preds = unmoves(g, c);
        REQUIRE_MESSAGE(std::count(preds.begin(), preds.end(), p) == 1, format_position(p), " ", format_move(mv));
        // Through the index: the canonical child's un-moves include an image of p.
        Position canonical;
        REQUIRE(g.unrank(m, g.rank(c), canonical));
        bool found = false;
        g.for_each_unmove(canonical, [&](const Position& q) { found = found || g.rank(q) == index; });
        REQUIRE_MESSAGE(found, format_position(p), " ", format_move(mv));
        ++checked;
      });
    }
  MESSAGE(checked, " moves checked");
  CHECK(checked > 300000);
}

TEST_CASE("un-moves at the camps and the throne") {
  const Tablut g;
  auto texts = [&](const char* position) {
    std::vector<std::string> out;
    for (const Position& q : unmoves(g, g.parse(position))) out.push_back(format_position(q));
    std::sort(out.begin(), out.end());
    return out;
  };
  // Black moved last. The pawn on a4 is in the west camp, so it never left it: it came from
  // a5 or a6, not from a3 or b4 outside the camp.
  CHECK(texts("9/9/9/B8/4K4/9/9/9/9 w") ==
        std::vector<std::string>{"9/9/9/9/4K4/B8/9/9/9 b", "9/9/9/9/B3K4/9/9/9/9 b"});
  // White moved last. The king on e4 may have come from the throne, or along row 4 short of the
  // camps, or from e3 (e2 is a camp).
  CHECK(texts("9/9/9/4K4/9/9/9/9/8B b") ==
        std::vector<std::string>{"9/9/4K4/9/9/9/9/9/8B w", "9/9/9/1K7/9/9/9/9/8B w", "9/9/9/2K6/9/9/9/9/8B w",
                                 "9/9/9/3K5/9/9/9/9/8B w", "9/9/9/5K3/9/9/9/9/8B w", "9/9/9/6K2/9/9/9/9/8B w",
                                 "9/9/9/7K1/9/9/9/9/8B w", "9/9/9/9/4K4/9/9/9/8B w"});
  // White moved last. Every way the pawns on b4 and d4 could have arrived would have captured
  // the black pawn between them, so only the king takes a move back.
  const Position p = g.parse("9/9/9/1WBW5/9/9/6K2/9/9 b");
  const auto preds = unmoves(g, p);
  CHECK(preds.size() == 12);
  for (const Position& q : preds) CHECK(q.white == p.white);
}
