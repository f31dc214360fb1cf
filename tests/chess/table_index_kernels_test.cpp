// The solver's kernels against the slow paths they replace. Predecessors
// (TableIndex::predecessors): build the slot's position, take back every move with
// for_each_unmove, rank each predecessor; both must give the same indices for every used
// slot, and where the kernel says they are distinct they must be. Exits
// (Chess::TierRanker::exit_child): play the capture or promotion, find the child's table
// and rank it there.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/chess/game.hpp"
#include "core/chess/movegen.hpp"

namespace zz::chess {
namespace {

struct Checked {
  std::uint64_t slots = 0;
  std::uint64_t predecessors = 0;
  std::uint64_t repeats = 0;
  std::uint64_t wrong = 0;
};

Checked check_material(const char* name, std::uint64_t step) {
  const Material m = parse_material(name);
  const TableIndex index(m);
  Checked checked;
  std::vector<std::uint64_t> expected, actual(TableIndex::kMaxPredecessors);
  Position p;
  for (std::uint64_t i = 0; i < index.size(); i += step) {
    if (!index.unrank(i, p)) continue;
    ++checked.slots;
    expected.clear();
    for_each_unmove(p, [&](const Position& q) { expected.push_back(index.rank(q, false)); });
    std::sort(expected.begin(), expected.end());
    bool distinct = false;
    const int n = index.predecessors(i, actual.data(), distinct);
    std::vector<std::uint64_t> got(actual.begin(), actual.begin() + n);
    std::sort(got.begin(), got.end());
    // The same predecessors with the same repeats: one per un-move.
    const bool repeats = std::adjacent_find(got.begin(), got.end()) != got.end();
    if (got != expected || (distinct && repeats)) {
      INFO(name, " slot ", i, " ", format_fen(p), (got == expected ? ": repeats called distinct" : ""));
      CHECK(got == expected);
      CHECK_FALSE((distinct && repeats));
      ++checked.wrong;
      if (checked.wrong == 5) break;
    }
    checked.repeats += repeats;
    checked.predecessors += got.size();
  }
  return checked;
}

TEST_CASE("the predecessor kernel equals for_each_unmove and rank on every slot of small tables") {
  for (const char* m : {"KQvK", "KRvK", "KPvK", "KQvKR", "KRvKP", "KPvKP", "KBNvK", "KNNvK", "KPPvK"}) {
    const Checked c = check_material(m, 1);
    CHECK(c.wrong == 0);
    CHECK(c.slots > 0);
    CHECK(c.predecessors > c.slots);
  }
}

TEST_CASE("the predecessor kernel equals for_each_unmove and rank on samples of five-piece tables") {
  // Strides prime to the index's factors reach every king pair, group rank and side.
  std::uint64_t repeats = 0;
  for (const char* m : {"KQRvKR", "KRPvKR", "KPPvKP", "KBBvKN", "KQQvKQ", "KPPPvK", "KNNNvK", "KRBvKP"}) {
    const Checked c = check_material(m, 997);
    CHECK(c.wrong == 0);
    CHECK(c.slots > 10000);
    repeats += c.repeats;
  }
  // Pawnless tables with a king on a long diagonal do repeat predecessors; the kernel must
  // say so there and the solver removes them.
  CHECK(repeats > 0);
}

// Every move of the sampled slots of m and of their in-tier children (positions in any
// orientation, kings off the representative pair): exit_child names a capture's or
// promotion's table and index, in_tier_children a quiet move's index, as playing the move
// and ranking the child does. Returns how many exits were checked.
std::uint64_t check_exits(const char* name, std::uint64_t step) {
  const Chess chess;
  const Material m = parse_material(name);
  const Chess::TierRanker ranker = chess.tier_ranker(m);
  const TableIndex index(m);
  std::uint64_t exits = 0, wrong = 0;
  const auto check_moves = [&](const Position& p) {
    const auto children = ranker.in_tier_children(p);
    chess.for_each_move(p, [&](Move mv) {
      int tier = -1;
      std::uint64_t at = 0;
      const Position c = p.play(mv);
      const bool exit = ranker.exit_child(p, mv, tier, at);
      const bool leaves = chess.tier_of(c) != m;
      if (exit) {
        ++exits;
        const bool same = leaves && ranker.exit_tiers()[static_cast<std::size_t>(tier)] == chess.tier_of(c) &&
                          at == chess.rank(c) && !chess.transient(c);
        if (!same) {
          ++wrong;
          INFO(name, " ", format_fen(p), " ", format_uci(mv));
          CHECK(same);
        }
      } else if (chess.stays_in_tier(p, mv)) {
        if (leaves || children(mv) != chess.rank(c) || chess.transient(c)) {
          ++wrong;
          INFO(name, " ", format_fen(p), " ", format_uci(mv), ": in_tier_children");
          CHECK(children(mv) == chess.rank(c));
        }
      } else if (leaves) {
        ++wrong;
        INFO(name, " ", format_fen(p), " ", format_uci(mv), ": leaves the table unnamed");
        CHECK_FALSE(leaves);
      }
    });
  };
  Position p;
  for (std::uint64_t i = 0; i < index.size() && wrong < 5; i += step) {
    if (!index.unrank(i, p)) continue;
    check_moves(p);
    // Its first in-tier king move and first other one: after the king move the kings are
    // off the representative pair, so the child's children are ranked under a symmetry.
    bool king_moved = false, other_moved = false;
    chess.for_each_move(p, [&](Move mv) {
      bool& done = type_of(p.piece_on(mv.from())) == King ? king_moved : other_moved;
      if (done || !chess.stays_in_tier(p, mv)) return;
      const Position c = p.play(mv);
      if (chess.transient(c)) return;
      done = true;
      check_moves(c);
    });
  }
  CHECK(wrong == 0);
  return exits;
}

TEST_CASE("exit_child and in_tier_children name the table and index of every move's child") {
  for (const char* m : {"KQvKR", "KPvK", "KPvKP", "KRPvKR", "KPPvKP", "KQRvKR", "KBNvKP", "KPvKQ", "KNPvKB", "KPPPvK"})
    CHECK(check_exits(m, 101) > 100);
}

}  // namespace
}  // namespace zz::chess
