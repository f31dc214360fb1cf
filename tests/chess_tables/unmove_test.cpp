// Un-moves are exactly the inverse of the moves that stay inside a table: every
// predecessor has a move to the position, and every such move is found from its child.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>

#include "helpers.hpp"

using namespace chess_tables;
using namespace zz::chess;

TEST_CASE("un-moves are exactly the inverse of moves inside the table") {
  const Chess g;
  for (const std::string name : {"KPvK", "KQvKR", "KPvKP", "KBNvK", "KBBvK", "KRPvKR", "KPPvKP", "KNvKP"}) {
    CAPTURE(name);
    const Material m = material(name);
    std::size_t checked = 0, double_steps = 0;
    Position p, canonical;
    for (std::uint64_t i : sample_used(g, m, 3000, 7)) {
      g.unrank(m, i, p);
      // Every predecessor is a legal table position with a move back to p (unless the game
      // is over there, as with two bishops on squares of one colour) ...
      g.for_each_unmove(p, [&](const Position& q) {
        CHECK(q.castling_rights() == NoCastling);
        CHECK(q.en_passant_square() == NoSquare);
        REQUIRE(g.tier_of(q) == m);
        const std::uint64_t j = g.rank(q);
        REQUIRE_MESSAGE(g.unrank(m, j, canonical), format_fen(q));
        if (g.outcome(q)) return;
        bool found = false;
        g.for_each_move(q, [&](Move mv) {
          const Position c = g.play(q, mv);
          if (g.tier_of(c) == m && g.rank(c) == i) {
            found = true;
            if ((mv.from() ^ mv.to()) == 16 && type_of(q.piece_on(mv.from())) == Pawn) ++double_steps;
          }
        });
        REQUIRE_MESSAGE(found, format_fen(q) << " -> " << format_fen(p));
        ++checked;
      });
      // ... and every move to a child in the table is found among the child's un-moves,
      // unless the child is transient (an en-passant capture is available), which the
      // solver handles apart.
      if (g.outcome(p)) continue;
      g.for_each_move(p, [&](Move mv) {
        const Position c = g.play(p, mv);
        if (g.tier_of(c) != m || g.transient(c)) return;
        Position child;
        REQUIRE(g.unrank(m, g.rank(c), child));
        bool found = false;
        g.for_each_unmove(child, [&](const Position& q) { found = found || g.rank(q) == i; });
        REQUIRE_MESSAGE(found, format_fen(p) << " " << format_uci(mv) << " -> " << format_fen(child));
      });
    }
    CHECK(checked > 3000);
    if (m.has_pawns()) CHECK(double_steps > 0);
  }
}

// The solver schedules the examination of a position with a transient child by the slot of
// that child's board (solver/reexamination_schedule.hpp): the indexed un-moves of each of the
// transient position's children in the table, which the solver's pass runs, must reach it.
TEST_CASE("a transient position's children un-move to its slot") {
  const Chess g;
  for (const std::string name : {"KPvKP", "KPPvKP", "KBPvKP"}) {
    CAPTURE(name);
    const Material m = material(name);
    const auto ranker = g.tier_ranker(m);
    std::array<std::uint64_t, 256> preds{};
    std::size_t transients = 0, children = 0;
    Position p;
    for (std::uint64_t i : sample_used(g, m, 40000, 11)) {
      g.unrank(m, i, p);
      if (g.outcome(p)) continue;
      g.for_each_move(p, [&](Move mv) {
        const Position t = g.play(p, mv);
        if (!g.transient(t) || g.outcome(t)) return;
        ++transients;
        REQUIRE(g.tier_of(t) == m);
        const std::uint64_t board = g.rank(t);
        g.for_each_move(t, [&](Move reply) {
          const Position c = g.play(t, reply);
          if (g.tier_of(c) != m || g.transient(c)) return;
          ++children;
          bool distinct = false;
          const int n = ranker.predecessors(g.rank(c), preds.data(), distinct);
          REQUIRE_MESSAGE(std::find(preds.begin(), preds.begin() + n, board) != preds.begin() + n,
                          format_fen(t) << " " << format_uci(reply));
        });
      });
    }
    CHECK(transients > 100);
    CHECK(children > 1000);
  }
}
