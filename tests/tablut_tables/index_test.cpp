// The material tiers and their symmetry-reduced index: names, dependencies, and an index in
// which every position has exactly one used slot, shared with its mirror images.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/symmetry.hpp"
#include "solver/game.hpp"
#include "tests/tablut_tables/helpers.hpp"

using namespace zz;
using namespace zz::tablut;
using namespace tablut_tables_test;

static_assert(Enumerable<Tablut>);
static_assert(Unmovable<Tablut>);

namespace {

Material mat(int w, int b) { return {w, b, false}; }

bool equivalent(const Position& a, const Position& b) {
  for (int s = 0; s < kSymmetryCount; ++s)
    if (transform(static_cast<Symmetry>(s), a) == b) return true;
  return false;
}

}  // namespace

TEST_CASE("material names, selections and dependencies") {
  const Tablut g;
  CHECK(g.tier_name(mat(2, 3)) == "K2W3B");
  CHECK(g.tier_name(Material::finished()) == "over");
  CHECK(g.solve_roots("K2W3B") == std::vector<Material>{mat(2, 3)});
  CHECK(g.solve_roots("k0w1b") == std::vector<Material>{mat(0, 1)});
  CHECK(g.solve_roots("all1") == std::vector<Material>{mat(0, 0), mat(0, 1), mat(1, 0)});
  CHECK(g.solve_roots("all4").size() == 15);
  for (const char* bad : {"", "K2W3", "KW3B", "K2W3BX", "K-1W2B", "K9W0B", "K0W17B", "K4W3B", "all7", "all", "allx",
                          "K2 W3B", "K1234W0B"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(g.solve_roots(bad), InputError);
  }
  // The start position has no table; asking for its size says so.
  CHECK_THROWS_AS(g.tier_size(g.tier_of(g.start())), InputError);
  CHECK(g.tier_of(g.start()) == mat(8, 16));

  const auto deps = g.tier_dependencies(mat(2, 4));
  std::set<std::string> names;
  for (const auto& d : deps) names.insert(g.tier_name(d));
  CHECK(names == std::set<std::string>{"over", "K2W3B", "K2W2B", "K2W1B", "K1W4B", "K0W4B"});
  CHECK(g.tier_dependencies(Material::finished()).empty());
}

TEST_CASE("finished games share the tier \"over\"") {
  const Tablut g;
  const Position captured = g.parse("9/9/9/9/9/9/9/9/9 w");
  const Position escaped = g.parse("K8/9/9/9/9/9/9/9/9 b");
  const Position escaped_with_pawns = g.parse("2K6/9/9/3B5/9/9/9/W8/9 b");
  for (const Position& p : {captured, escaped, escaped_with_pawns}) {
    CHECK(g.tier_of(p) == Material::finished());
    CHECK(g.outcome(p) == Outcome::loss(0));
  }
  CHECK(g.rank(captured) == 0);
  CHECK(g.rank(escaped) == 1);
  CHECK(g.rank(escaped_with_pawns) == 1);
  CHECK(g.tier_size(Material::finished()) == 2);
  Position p;
  for (std::uint64_t i = 0; i < 2; ++i) {
    REQUIRE(g.unrank(Material::finished(), i, p));
    CHECK(g.rank(p) == i);
    CHECK(g.outcome(p) == Outcome::loss(0));
  }
}

TEST_CASE("every position of the small tiers: one used slot per symmetry class") {
  const Tablut g;
  for (const Material m : {mat(0, 0), mat(0, 1), mat(1, 0), mat(0, 2), mat(1, 1), mat(2, 0), mat(0, 3), mat(1, 2)}) {
    CAPTURE(g.tier_name(m));
    const std::uint64_t n = g.tier_size(m);
    std::vector<bool> hit(n, false);
    std::uint64_t positions = 0;
    Position q;
    for_each_position(m, [&](const Position& p) {
      ++positions;
      const std::uint64_t i = g.rank(p);
      REQUIRE(i < n);
      REQUIRE(g.tier_of(p) == m);
      if (!hit[i]) {
        REQUIRE(g.unrank(m, i, q));
        REQUIRE_MESSAGE(equivalent(p, q), g.format(p), " unranks to ", g.format(q));
        hit[i] = true;
      }
    });
    // Every used slot is reached, and the used slots weighted by their orbits count every
    // position once.
    std::uint64_t used = 0, weighted = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      const bool ok = g.unrank(m, i, q);
      REQUIRE(ok == hit[i]);
      if (!ok) continue;
      ++used;
      weighted += static_cast<std::uint64_t>(g.orbit_size(q));
      REQUIRE(g.rank(q) == i);
      REQUIRE(g.parse(g.format(q)) == q);
    }
    CHECK(weighted == positions);
    MESSAGE(g.tier_name(m), ": ", positions, " positions, ", used, " used slots of ", n);
  }
}

TEST_CASE("larger tiers: sampled slots round-trip and mirror images share an index") {
  const Tablut g;
  std::mt19937_64 rng(81);
  for (const Material m : {mat(2, 2), mat(0, 5), mat(2, 3), mat(4, 1), mat(3, 3), mat(0, 6)}) {
    CAPTURE(g.tier_name(m));
    const std::uint64_t n = g.tier_size(m);
    Position p;
    int used = 0;
    for (int k = 0; k < 20000; ++k) {
      const std::uint64_t i = rng() % n;
      if (!g.unrank(m, i, p)) continue;
      ++used;
      REQUIRE(g.tier_of(p) == m);
      REQUIRE_MESSAGE(g.rank(p) == i, g.format(p));
    }
    CHECK(used > 20000 / 2);
    for (int k = 0; k < 5000; ++k) {
      const Position r = random_position(m, rng);
      const std::uint64_t i = g.rank(r);
      REQUIRE(i < n);
      for (int s = 1; s < kSymmetryCount; ++s) REQUIRE(g.rank(transform(static_cast<Symmetry>(s), r)) == i);
      REQUIRE(g.unrank(m, i, p));
      REQUIRE_MESSAGE(equivalent(r, p), g.format(r), " unranks to ", g.format(p));
    }
  }
}

namespace {

std::uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return r;
}

// Colex rank of the squares of `pieces` when only the squares of `allowed` are numbered.
std::uint64_t colex_rank(Bitboard pieces, Bitboard allowed) {
  std::uint64_t r = 0;
  int i = 0;
  for_each_square(pieces, [&](int sq) { r += binomial(popcount(allowed & (bit(sq) - 1)), ++i); });
  return r;
}

// The index as table_index.hpp defines it, the slow way and independently of the library's
// shortcuts: for every symmetry taking the king to its class's representative (the smallest
// square of its orbit), the plain formula; the smallest wins.
std::uint64_t reference_rank(const Tablut& g, const Position& p) {
  const int w = p.white_pawn_count(), b = p.black_pawn_count();
  auto representative = [](int sq) {
    int rep = sq;
    for (int s = 0; s < kSymmetryCount; ++s) rep = std::min(rep, transform_square(static_cast<Symmetry>(s), sq, kSide));
    return rep;
  };
  int id = 0;  // classes by increasing representative, the throne's last
  const int rep = representative(p.king);
  for (int sq = 0; sq < rep; ++sq)
    id += king_square(sq) && sq != kThrone && representative(sq) == sq;
  if (rep == kThrone) id = 8;
  const std::uint64_t half = g.tier_size({w, b, false}) / 2;
  const std::uint64_t block = binomial(63, w) * binomial(79 - w, b);
  const Bitboard white_squares = kAllSquares & ~kCamps & ~bit(kThrone);
  std::uint64_t best = ~std::uint64_t{0};
  for (int s = 0; s < kSymmetryCount; ++s) {
    const Position q = transform(static_cast<Symmetry>(s), p);
    if (q.king != rep) continue;
    const Bitboard king = rep == kThrone ? Bitboard{0} : bit(rep);
    const std::uint64_t black_size = binomial(80 - w - (rep != kThrone), b);
    const std::uint64_t wr = colex_rank(q.white, white_squares & ~king);
    const std::uint64_t br = colex_rank(q.black, kAllSquares & ~bit(kThrone) & ~king & ~q.white);
    best = std::min(best, wr * black_size + br);
  }
  return (p.turn == Color::Black ? half : 0) + static_cast<std::uint64_t>(id) * block + best;
}

}  // namespace

TEST_CASE("rank and unrank agree with the index formula computed the slow way") {
  const Tablut g;
  std::mt19937_64 rng(2026);
  for (const Material m : {mat(0, 0), mat(1, 0), mat(0, 1), mat(1, 2), mat(1, 3), mat(2, 1), mat(0, 3), mat(3, 3),
                           mat(2, 4), mat(0, 6), mat(6, 0)}) {
    CAPTURE(g.tier_name(m));
    for (int k = 0; k < 4000; ++k) {
      Position r = random_position(m, rng);
      // Kings on lines of symmetry and on the throne, where several symmetries compete.
      if (k % 4 == 0) r.king = static_cast<std::uint8_t>(kThrone);  // no pawn stands there
      REQUIRE_MESSAGE(g.rank(r) == reference_rank(g, r), g.format(r));
    }
    const std::uint64_t n = g.tier_size(m);
    Position p;
    for (int k = 0; k < 4000; ++k) {
      const std::uint64_t i = rng() % n;
      // A slot is used exactly when the formula gives its position back its own index.
      const bool used = g.unrank(m, i, p);
      REQUIRE_MESSAGE(used == (reference_rank(g, p) == i), g.format(p));
    }
  }
}

TEST_CASE("neighbours_distinct and stays_in_tier keep their promises") {
  // The solver counts a position's in-tier children without playing or ranking them when these
  // two hooks allow it; here the children are played and ranked to check the count.
  const Tablut g;
  std::mt19937_64 rng(1313);
  int distinct = 0, not_distinct = 0, in_tier = 0, played = 0;
  auto check = [&](const Position& p) {
    const Material m = g.tier_of(p);
    std::vector<std::uint64_t> ranks;
    int counted = 0;
    g.for_each_move(p, [&](const Move& mv) {
      const Position c = g.play(p, mv);
      const bool stays = !c.decided() && g.tier_of(c) == m;
      if (g.stays_in_tier(p, mv)) {
        REQUIRE_MESSAGE(stays, g.format(p), " ", g.format_move(mv));
        ++in_tier;
      } else {
        ++played;
      }
      if (stays) {
        ++counted;
        ranks.push_back(g.rank(c));
      }
    });
    std::sort(ranks.begin(), ranks.end());
    const auto unique = static_cast<int>(std::unique(ranks.begin(), ranks.end()) - ranks.begin());
    if (g.neighbours_distinct(p)) {
      REQUIRE_MESSAGE(unique == counted, g.format(p));
      ++distinct;
    } else {
      ++not_distinct;
    }
  };
  for (const Material m : {mat(1, 2), mat(2, 1), mat(0, 3), mat(1, 3), mat(3, 1)}) {
    for (int k = 0; k < 3000; ++k) {
      const Position r = random_position(m, rng);
      if (g.outcome(r)) continue;
      check(r);
      Position canonical;
      if (g.unrank(m, g.rank(r), canonical)) check(canonical);
    }
  }
  // Symmetric positions, whose children do collide, are refused: the king on the throne with
  // one pawn on each of two mirror squares.
  Position mirrored;
  mirrored.king = kThrone;
  mirrored.white = bit(square(2, 4)) | bit(square(6, 4));
  mirrored.turn = Color::White;
  CHECK_FALSE(g.neighbours_distinct(mirrored));
  MESSAGE(distinct, " positions with distinct neighbours, ", not_distinct, " without; ", in_tier,
          " moves counted unplayed, ", played, " played");
  CHECK(distinct > 2 * not_distinct);
  CHECK(in_tier > played);
}
