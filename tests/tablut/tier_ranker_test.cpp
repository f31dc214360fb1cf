// Tablut's solver kernels (core/tablut/tier_ranker.hpp) against the slow paths they replace.
// Predecessors: build the slot's position, take back every move with for_each_unmove, rank
// each predecessor; both must give the same indices, repeats included, for every used slot.
// Exits and quiet children: play the move, find the child's tier and rank it there, for
// every move of every used slot and of a child of each in another orientation; stays_in_tier
// true exactly for the moves whose child is in the tier. Quiet moves counted in bulk
// (for_each_move_counting_quiet): every move counted or yielded once, every counted one
// accepted by stays_in_tier, every move it rejects yielded.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/tablut/game.hpp"
#include "core/tablut/table_index.hpp"
#include "core/tablut/table_index_parts.hpp"

namespace zz::tablut {
namespace {

struct Checked {
  std::uint64_t slots = 0, predecessors = 0, wrong = 0;
};

Checked check_predecessors(const Material& m, std::uint64_t step) {
  const Tablut game;
  const TierRanker ranker = game.tier_ranker(m);
  Checked checked;
  std::vector<std::uint64_t> expected, actual(256);
  Position p;
  for (std::uint64_t i = 0; i < game.tier_size(m) && checked.wrong < 5; i += step) {
    if (!game.unrank(m, i, p)) continue;
    ++checked.slots;
    expected.clear();
    game.for_each_unmove(p, [&](const Position& q) { expected.push_back(game.rank(q)); });
    std::sort(expected.begin(), expected.end());
    bool distinct = true;
    const int n = ranker.predecessors(i, actual.data(), distinct);
    std::vector<std::uint64_t> got(actual.begin(), actual.begin() + n);
    std::sort(got.begin(), got.end());
    const bool repeats = std::adjacent_find(got.begin(), got.end()) != got.end();
    if (got != expected || (distinct && repeats)) {
      INFO(material_name(m), " slot ", i, " ", game.format(p));
      CHECK(got == expected);
      CHECK_FALSE((distinct && repeats));
      ++checked.wrong;
    }
    checked.predecessors += got.size();
  }
  return checked;
}

TEST_CASE("the predecessor kernel equals for_each_unmove and rank on every slot of small tables") {
  for (const char* name : {"K0W0B", "K1W0B", "K0W1B", "K1W1B", "K0W2B", "K2W0B", "K1W2B", "K2W1B", "K0W3B"}) {
    const Material m = parse_material_selection(name).front();
    const Checked c = check_predecessors(m, 1);
    CHECK(c.wrong == 0);
    CHECK(c.slots > 0);
    if (m.pawns() > 0) CHECK(c.predecessors > c.slots);
  }
}

TEST_CASE("the predecessor kernel equals for_each_unmove and rank on samples of larger tables") {
  // Strides prime to the index's factors reach every king class, placement and side.
  for (const char* name : {"K1W3B", "K2W2B", "K3W1B", "K0W4B", "K2W3B"}) {
    const Checked c = check_predecessors(parse_material_selection(name).front(), 9973);
    CHECK(c.wrong == 0);
    CHECK(c.slots > 1000);
  }
}

// OneMoved against pawn_rank: every orientation of the slot's king, every pawn of either
// side moved to every empty square it may stand on (not only those a slide reaches).
std::uint64_t check_one_moved(const Material& m, std::uint64_t step) {
  using namespace index_parts;
  const Tablut game;
  const Layout& l = layout(m.white, m.black);
  std::uint64_t checked = 0, wrong = 0;
  Position p;
  for (std::uint64_t i = 0; i < game.tier_size(m) && wrong < 5; i += step) {
    if (!game.unrank(m, i, p)) continue;
    const int id = kT.king_class[p.king];
    const std::uint64_t black_size = l.black_size_of(id);
    const TierRanker::Orientations turns(p);
    for (int k = 0; k < turns.count; ++k) {
      const Bitboard white = turns.white[static_cast<std::size_t>(k)], black = turns.black[static_cast<std::size_t>(k)];
      const Bitboard occupied = white | black | bit(p.king);
      for (const bool black_moved : {false, true}) {
        for_each_square(black_moved ? black : white, [&](int at) {
          TierRanker::OneMoved one;
          one.set(white, black, at, black_moved, id);
          for (int to = 0; to < kSquares; ++to) {
            if (has(occupied, to) || to == kThrone || (!black_moved && kT.white_slot[to] < 0)) continue;
            const Bitboard moved = bit(at) | bit(to);
            const Placement after{black_moved ? white : white ^ moved, black_moved ? black ^ moved : black};
            ++checked;
            if (one.rank(to, black_size) != pawn_rank(after, id, black_size)) {
              ++wrong;
              INFO(material_name(m), " slot ", i, " orientation ", k, " ", at, " to ", to);
              CHECK(one.rank(to, black_size) == pawn_rank(after, id, black_size));
            }
          }
        });
      }
    }
  }
  CHECK(wrong == 0);
  return checked;
}

TEST_CASE("a pawn's moves ranked from one placement (OneMoved) equal pawn_rank") {
  for (const char* name : {"K1W1B", "K0W2B", "K2W1B"}) CHECK(check_one_moved(parse_material_selection(name).front(), 1) > 1000);
  // About 4,000 slots of each, larger tables and the most pawns of either side included.
  const Tablut game;
  for (const char* name : {"K1W3B", "K3W1B", "K2W3B", "K4W2B", "K1W5B", "K6W0B", "K0W6B"}) {
    const Material m = parse_material_selection(name).front();
    CHECK(check_one_moved(m, game.tier_size(m) / 4000 | 1) > 1000);
  }
}

// table_unrank's walk (table_index_walk.cpp) against decoding each slot from scratch: every
// slot in order, slots a few apart, and a walk broken by another table's slot between two.
TEST_CASE("table_unrank walking slots in order equals decoding each alone") {
  const Tablut game;
  const Material other = parse_material_selection("K1W1B").front();
  for (const char* name : {"K1W0B", "K0W1B", "K1W1B", "K0W2B", "K2W0B", "K1W2B", "K2W1B", "K0W3B", "K1W3B"}) {
    const Material m = parse_material_selection(name).front();
    const std::uint64_t n = std::min<std::uint64_t>(game.tier_size(m), 3'000'000);
    std::uint64_t wrong = 0, used = 0;
    Position walked, alone, scratch;
    for (std::uint64_t i = 0; i < n && wrong < 5; i += 1 + (i / 1000) % 4 * (i % 3 == 0)) {
      if (i % 100'003 == 0) table_unrank(other, i % game.tier_size(other), scratch);  // breaks the walk
      const bool a = table_unrank(m, i, walked), b = table_unrank_alone(m, i, alone);
      used += b;
      if (a != b || walked != alone) {
        ++wrong;
        INFO(name, " slot ", i, " walked ", game.format(walked), " alone ", game.format(alone));
        CHECK(a == b);
        CHECK(walked == alone);
      }
    }
    CHECK(wrong == 0);
    CHECK(used > 0);
  }
}

// neighbours_distinct counts moved pieces with an early exit; the definition turns whole
// boards and counts the squares they differ on.
TEST_CASE("neighbours_distinct equals its definition on every slot of small tables") {
  using namespace index_parts;
  const Tablut game;
  for (const char* name : {"K1W0B", "K1W1B", "K0W2B", "K2W0B", "K1W2B", "K2W1B", "K0W3B", "K1W3B", "K4W2B"}) {
    const Material m = parse_material_selection(name).front();
    const std::uint64_t step = game.tier_size(m) > 5'000'000 ? game.tier_size(m) / 200'000 | 1 : 1;
    std::uint64_t wrong = 0, distinct = 0, positions = 0;
    Position p;
    for (std::uint64_t i = 0; i < game.tier_size(m) && wrong < 5; i += step) {
      if (!game.unrank(m, i, p)) continue;
      bool expected = true;
      for (int s = 1; s < kSymmetryCount; ++s) {
        const auto& map = kT.map[s];
        const int differ = (map[p.king] == p.king ? 0 : 2) + popcount(turned(map, p.white) ^ p.white) +
                           popcount(turned(map, p.black) ^ p.black);
        if (differ <= 4) expected = false;
      }
      ++positions;
      distinct += expected;
      if (neighbours_distinct(p) != expected) {
        ++wrong;
        INFO(name, " slot ", i, " ", game.format(p));
        CHECK(neighbours_distinct(p) == expected);
      }
    }
    CHECK(wrong == 0);
    if (m.pawns() >= 2) CHECK(distinct > 0);  // three pieces moved by a symmetry: the king and two pawns
    CHECK(distinct < positions);
  }
}

TEST_CASE("the over tier has no predecessors") {
  const Tablut game;
  const TierRanker ranker = game.tier_ranker(Material::finished());
  std::uint64_t out[256];
  bool distinct = false;
  CHECK(ranker.predecessors(0, out, distinct) == 0);
  CHECK(ranker.predecessors(1, out, distinct) == 0);
}

// Every move of p: exit_child names a leaving move's tier and index, in_tier_children a
// quiet move's index, as playing the move and ranking the child does. Returns the exits.
std::uint64_t check_moves(const Tablut& game, const Material& m, const TierRanker& ranker, const Position& p,
                          std::uint64_t& wrong) {
  std::uint64_t exits = 0;
  const auto children = ranker.in_tier_children(p);
  game.for_each_move(p, [&](Move mv) {
    const Position c = game.play(p, mv);
    const bool leaves = !(game.tier_of(c) == m);
    int tier = -1;
    std::uint64_t at = 0;
    if (ranker.exit_child(p, mv, tier, at)) {
      ++exits;
      const bool same = leaves && ranker.exit_tiers()[static_cast<std::size_t>(tier)] == game.tier_of(c) &&
                        at == game.rank(c);
      if (!same) {
        ++wrong;
        INFO(game.format(p), " ", game.format_move(mv));
        CHECK(same);
      }
    } else if (leaves) {
      ++wrong;
      INFO(game.format(p), " ", game.format_move(mv), ": leaves the tier unnamed");
      CHECK_FALSE(leaves);
    }
    if (game.stays_in_tier(p, mv) == leaves) {
      ++wrong;
      INFO(game.format(p), " ", game.format_move(mv), ": stays_in_tier ", game.stays_in_tier(p, mv));
      CHECK(game.stays_in_tier(p, mv) != leaves);
    } else if (!leaves && children(mv) != game.rank(c)) {
      ++wrong;
      INFO(game.format(p), " ", game.format_move(mv), ": in_tier_children");
      CHECK(children(mv) == game.rank(c));
    }
  });
  return exits;
}

std::uint64_t check_exits(const char* name, std::uint64_t step) {
  const Tablut game;
  const Material m = parse_material_selection(name).front();
  const TierRanker ranker = game.tier_ranker(m);
  std::uint64_t exits = 0, wrong = 0;
  Position p;
  for (std::uint64_t i = 0; i < game.tier_size(m) && wrong < 5; i += step) {
    if (!game.unrank(m, i, p) || game.outcome(p)) continue;
    exits += check_moves(game, m, ranker, p, wrong);
    // A child by a quiet pawn move and one by a quiet king move, with the other side to
    // move: the king's child is off its representative square, so its children are ranked
    // under a symmetry.
    bool king_moved = false, pawn_moved = false;
    game.for_each_move(p, [&](Move mv) {
      bool& done = mv.from == p.king ? king_moved : pawn_moved;
      if (done || !game.stays_in_tier(p, mv)) return;
      const Position c = game.play(p, mv);
      if (game.outcome(c)) return;
      done = true;
      exits += check_moves(game, m, ranker, c, wrong);
    });
  }
  CHECK(wrong == 0);
  return exits;
}

TEST_CASE("exit_child and in_tier_children name the tier and index of every move's child") {
  for (const char* name : {"K1W1B", "K0W2B", "K2W1B", "K1W2B", "K0W3B"}) CHECK(check_exits(name, 1) > 100);
  for (const char* name : {"K1W3B", "K2W2B", "K3W1B", "K2W3B"}) CHECK(check_exits(name, 4999) > 100);
}

TEST_CASE("for_each_move_counting_quiet counts quiet moves stays_in_tier accepts and yields every other move") {
  const Tablut game;
  for (const char* name : {"K1W1B", "K0W2B", "K2W1B", "K1W2B", "K1W3B", "K3W2B"}) {
    const Material m = parse_material_selection(name).front();
    const std::uint64_t step = game.tier_size(m) > 5'000'000 ? 7919 : 1;
    std::uint64_t positions = 0, quiet_total = 0, wrong = 0;
    Position p;
    for (std::uint64_t i = 0; i < game.tier_size(m) && wrong < 5; i += step) {
      if (!game.unrank(m, i, p)) continue;
      int quiet = 0;
      std::vector<std::uint16_t> yielded, all, rejected;
      game.for_each_move_counting_quiet(p, [&](int n) { quiet += n; }, [&](Move mv) {
        yielded.push_back(static_cast<std::uint16_t>(mv.from << 8 | mv.to));
      });
      int accepted = 0;
      game.for_each_move(p, [&](Move mv) {
        const auto id = static_cast<std::uint16_t>(mv.from << 8 | mv.to);
        all.push_back(id);
        if (game.stays_in_tier(p, mv)) ++accepted;
        else rejected.push_back(id);
      });
      std::sort(yielded.begin(), yielded.end());
      std::sort(rejected.begin(), rejected.end());
      const int accepted_yielded = static_cast<int>(yielded.size()) - static_cast<int>(rejected.size());
      const bool ok = quiet + yielded.size() == all.size() &&
                      std::includes(yielded.begin(), yielded.end(), rejected.begin(), rejected.end()) &&
                      quiet + accepted_yielded == accepted;
      if (!ok) {
        ++wrong;
        INFO(name, " slot ", i, " ", game.format(p));
        CHECK(ok);
      }
      ++positions;
      quiet_total += static_cast<std::uint64_t>(quiet);
    }
    CHECK(wrong == 0);
    CHECK(positions > 1000);
    CHECK(quiet_total > positions);
  }
}

}  // namespace
namespace {

// census(i) against unrank, player_name and orbit_size, the slow path the closing counts and
// summary took before, on every slot of a tier or on `slots` of them spread evenly.
void check_census(const Material& m, std::uint64_t slots) {
  const Tablut game;
  const TierRanker ranker = game.tier_ranker(m);
  const std::string_view first = Tablut::player_name(game.start(), true);
  const std::uint64_t step = std::max<std::uint64_t>(1, game.tier_size(m) / slots);
  std::uint64_t used = 0, symmetric = 0, wrong = 0;
  Position p;
  for (std::uint64_t i = 0; i < game.tier_size(m) && wrong < 5; i += step) {
    const SlotCensus census = ranker.census(i);
    const bool is_used = game.unrank(m, i, p);
    const bool ok = census.used == is_used &&
                    (!is_used || (census.first_to_move == (Tablut::player_name(p, true) == first) &&
                                  census.orbit == static_cast<std::uint32_t>(game.orbit_size(p))));
    if (!ok) {
      INFO(material_name(m), " slot ", i);
      CHECK(census.used == is_used);
      CHECK(census.first_to_move == (Tablut::player_name(p, true) == first));
      CHECK(census.orbit == static_cast<std::uint32_t>(game.orbit_size(p)));
      ++wrong;
    }
    if (is_used) ++used, symmetric += census.orbit < 8;
  }
  INFO(material_name(m));
  CHECK(wrong == 0);
  CHECK(used > 0);
  if (!m.over) CHECK(symmetric > 0);  // the test can fail: each tier has positions of both kinds
  if (!m.over) CHECK(used > symmetric);
}

}  // namespace

TEST_CASE("census equals unrank, player_name and orbit_size") {
  Material over;
  over.over = true;
  check_census(over, 2);
  for (const char* name : {"K0W0B", "K1W0B", "K0W1B", "K1W1B", "K0W2B", "K2W0B", "K1W2B"})
    check_census(parse_material_selection(name).front(), ~std::uint64_t{0});
  for (const char* name : {"K1W3B", "K2W3B", "K3W2B", "K1W5B"}) check_census(parse_material_selection(name).front(), 300000);
}


}  // namespace zz::tablut
