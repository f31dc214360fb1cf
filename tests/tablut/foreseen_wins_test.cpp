// The positions the solver foresees won in one ply (core/tablut/foreseen_wins.hpp) against
// playing the moves: king_escapes_next holds exactly when White has a move whose child is
// decided with the king escaped; escapes_opened counts exactly the moves stays_in_tier keeps
// whose child king_escapes_next holds of; the ranker's slot test is the position's. Every
// used slot of the small tables, and a spread of the larger ones' slots.
#include <doctest/doctest.h>

#include <cstdint>

#include "core/tablut/foreseen_wins.hpp"
#include "core/tablut/game.hpp"

namespace zz::tablut {
namespace {

struct Tally {
  std::uint64_t slots = 0, escapes = 0, opened = 0, wrong = 0;
};

Tally check_table(const Material& m, std::uint64_t step) {
  const Tablut game;
  const TierRanker ranker = game.tier_ranker(m);
  Tally t;
  Position p;
  for (std::uint64_t i = 0; i < game.tier_size(m) && t.wrong < 5; i += step) {
    if (!game.unrank(m, i, p)) continue;
    ++t.slots;
    bool escapes = false;  // by playing every move
    int opened = 0;
    game.for_each_move(p, [&](const Move& mv) {
      const Position c = game.play(p, mv);
      escapes = escapes || (p.turn == Color::White && c.king_escaped());
      if (game.stays_in_tier(p, mv)) {
        bool child_escapes = false;
        game.for_each_move(c, [&](const Move& reply) {
          child_escapes = child_escapes || (c.turn == Color::White && game.play(c, reply).king_escaped());
        });
        opened += child_escapes;
        if (escape_opened_by(p, mv) != child_escapes) {
          INFO(material_name(m), " slot ", i, " ", game.format(p), " move ", game.format_move(mv));
          CHECK(escape_opened_by(p, mv) == child_escapes);
          ++t.wrong;
        }
      }
    });
    t.escapes += escapes;
    t.opened += static_cast<std::uint64_t>(opened);
    const bool ok = king_escapes_next(p) == escapes && escapes_opened(p) == opened &&
                    ranker.foreseen_win(i) == escapes && ranker.foreseen_win_at(p) == escapes &&
                    ranker.foreseen_children(p) == opened;
    if (!ok) {
      INFO(material_name(m), " slot ", i, " ", game.format(p));
      CHECK(king_escapes_next(p) == escapes);
      CHECK(escapes_opened(p) == opened);
      CHECK(ranker.foreseen_win(i) == escapes);
      CHECK(ranker.foreseen_win_at(p) == escapes);
      ++t.wrong;
    }
  }
  return t;
}

TEST_CASE("foreseen escapes equal playing the moves on every slot of small tables") {
  for (const char* name : {"K0W0B", "K1W0B", "K0W1B", "K1W1B", "K0W2B", "K2W0B", "K1W2B"}) {
    const Material m = parse_material_selection(name).front();
    const Tally t = check_table(m, 1);
    INFO(name);
    CHECK(t.wrong == 0);
    CHECK(t.slots > 0);
    CHECK(t.escapes > 0);  // the test can fail: each table has escapes and opened lines
    if (m.black > 0) CHECK(t.opened > 0);
  }
}

TEST_CASE("foreseen escapes equal playing the moves on a spread of larger tables' slots") {
  for (const char* name : {"K2W1B", "K0W3B", "K1W3B", "K2W2B", "K0W4B", "K1W4B", "K0W5B", "K2W3B"}) {
    const Material m = parse_material_selection(name).front();
    const Tablut game;
    const Tally t = check_table(m, game.tier_size(m) / 20'000 + 1);
    INFO(name);
    CHECK(t.wrong == 0);
    CHECK(t.slots > 1000);
    CHECK(t.escapes > 0);
    CHECK(t.opened > 0);
  }
}

}  // namespace
}  // namespace zz::tablut
