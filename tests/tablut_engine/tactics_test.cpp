// The engine's one-move tactics against the rules themselves: every fact the engine derives
// without playing a move (which piece reaches a square, what a move captures, where Black
// captures the king, the open roads, the parries of a threat, the hanging pawns) is compared
// with playing every legal move on random positions.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "core/tablut/engine/features.hpp"
#include "core/tablut/engine/knowledge.hpp"
#include "core/tablut/engine/proof_game.hpp"
#include "core/tablut/notation.hpp"
#include "solver/search/move_list.hpp"
#include "tests/tablut_engine/random_positions.hpp"

using namespace zz::tablut;
using namespace zz::tablut::engine;
using engine_test::random_position;

namespace {

// Every legal move of `side` in p, whoever is to move.
std::vector<Move> moves_of(Position p, Color side) {
  p.turn = side;
  std::vector<Move> out;
  for_each_move(p, [&](Move m) { out.push_back(m); });
  return out;
}

int pieces(const Position& p) { return p.white_pawn_count() + p.black_pawn_count() + p.has_king(); }

}  // namespace

TEST_CASE("movers_reaching names exactly the pieces with a legal move to the square") {
  std::mt19937_64 rng(1);
  for (int n = 0; n < 400; ++n) {
    const Position p = random_position(rng);
    for (const Color side : {Color::White, Color::Black}) {
      Bitboard truth[kSquares] = {};
      for (Move m : moves_of(p, side)) truth[m.to] |= bit(m.from);
      const Bitboard movers = side == Color::White ? p.white_pieces() : p.black;
      for (int s = 0; s < kSquares; ++s) {
        if (has(p.occupied(), s)) continue;
        CAPTURE(format_position(p));
        CAPTURE(s);
        CHECK(movers_reaching(movers, p.occupied(), s, side == Color::Black) == truth[s]);
      }
    }
  }
}

TEST_CASE("captures_of counts the pieces a move takes") {
  std::mt19937_64 rng(2);
  for (int n = 0; n < 400; ++n) {
    const Position p = random_position(rng);
    for_each_move(p, [&](Move m) {
      const Position c = play(p, m);
      CHECK(captures_of(p, m) == pieces(p) - pieces(c));
    });
  }
}

TEST_CASE("king_danger finds every square where a black arrival captures the king") {
  std::mt19937_64 rng(3);
  int dangers = 0;
  for (int n = 0; n < 1500; ++n) {
    const Position p = random_position(rng);
    Bitboard targets = 0, attackers = 0;
    for (Move m : moves_of(p, Color::Black))
      if (!play([&] { Position q = p; q.turn = Color::Black; return q; }(), m).has_king()) {
        targets |= bit(m.to);
        attackers |= bit(m.from);
      }
    const KingDanger d = king_danger(p);
    CAPTURE(format_position(p));
    CHECK(d.targets == targets);
    CHECK(d.attackers == attackers);
    dangers += targets != 0;
  }
  CHECK(dangers > 50);
}

TEST_CASE("open roads are the king's moves onto escape squares; forks are king moves that open two") {
  std::mt19937_64 rng(4);
  for (int n = 0; n < 800; ++n) {
    const Position p = random_position(rng);
    int escapes = 0, forks = 0;
    for (Move m : moves_of(p, Color::White)) {
      if (m.from != p.king) continue;
      Position q = p;
      q.turn = Color::White;
      const Position c = play(q, m);
      if (c.king_escaped()) {
        ++escapes;
        continue;
      }
      int next = 0;
      for (Move r : moves_of(c, Color::White)) next += r.from == c.king && play([&] { Position x = c; x.turn = Color::White; return x; }(), r).king_escaped();
      forks += next >= 2;
    }
    CAPTURE(format_position(p));
    CHECK(roads(p).count == escapes);
    CHECK(king_plans(p).forks == forks);
  }
}

TEST_CASE("a single open road with Black to move: the parries are exactly the moves that close it") {
  std::mt19937_64 rng(5);
  const Knowledge k;
  int forced = 0;
  for (int n = 0; n < 4000 && forced < 150; ++n) {
    Position p = random_position(rng);
    p.turn = Color::Black;
    const auto info = k.inspect(p);
    if (info.kind != Kind::Forced) continue;
    ++forced;
    std::set<int> truth;
    for_each_move(p, [&](Move m) {
      const Position c = play(p, m);
      if (c.has_king() && roads(c).count == 0) truth.insert(k.move_key(m));
    });
    zz::search::MoveList<Move> list;
    k.generate(p, info, list);
    std::set<int> listed;
    for (int i = 0; i < list.size(); ++i) listed.insert(k.move_key(list[i].move));
    CAPTURE(format_position(p));
    CHECK(listed == truth);
  }
  CHECK(forced >= 100);
}

TEST_CASE("inspect: an immediate win is available exactly when it says so, and two roads lose") {
  std::mt19937_64 rng(6);
  const Knowledge k;
  for (int n = 0; n < 1500; ++n) {
    const Position p = random_position(rng);
    bool wins_now = false;
    for_each_move(p, [&](Move m) { wins_now = wins_now || play(p, m).decided(); });
    const auto info = k.inspect(p);
    CAPTURE(format_position(p));
    CHECK((info.kind == Kind::WinNow) == wins_now);
    if (info.kind == Kind::LostSoon) {
      // Black moves; after every move White escapes at once.
      for_each_move(p, [&](Move m) {
        const Position c = play(p, m);
        bool escape = false;
        for_each_move(c, [&](Move r) { escape = escape || play(c, r).king_escaped(); });
        CHECK(escape);
      });
    }
  }
}

TEST_CASE("hanging pawns are the pawns the opponent can take next move") {
  std::mt19937_64 rng(7);
  for (int n = 0; n < 600; ++n) {
    const Position p = random_position(rng);
    std::set<int> white_taken, black_taken;
    for (const Color side : {Color::White, Color::Black}) {
      Position q = p;
      q.turn = side;
      for_each_move(q, [&](Move m) {
        const Position c = play(q, m);
        for (int s = 0; s < kSquares; ++s) {
          if (side == Color::Black && has(p.white, s) && !has(c.white, s)) white_taken.insert(s);
          if (side == Color::White && has(p.black, s) && !has(c.black, s)) black_taken.insert(s);
        }
      });
    }
    const Hanging h = hanging_pawns(p);
    CAPTURE(format_position(p));
    CHECK(h.white == static_cast<int>(white_taken.size()));
    CHECK(h.black == static_cast<int>(black_taken.size()));
  }
}

TEST_CASE("the symmetric hash is the same for a position and its mirror images, and differs otherwise") {
  std::mt19937_64 rng(8);
  std::set<std::uint64_t> seen;
  for (int n = 0; n < 300; ++n) {
    const Position p = random_position(rng);
    for (int s = 0; s < zz::kSymmetryCount; ++s)
      CHECK(symmetric_hash(transform(static_cast<zz::Symmetry>(s), p)) == symmetric_hash(p));
    Position other = p;
    other.turn = opponent(p.turn);
    CHECK(symmetric_hash(other) != symmetric_hash(p));
    seen.insert(symmetric_hash(p));
  }
  CHECK(seen.size() > 290);
}

TEST_CASE("features: every square class is one of 15, and the evaluation changes sign with the side to move") {
  std::set<int> classes(kSquareClass.begin(), kSquareClass.end());
  CHECK(classes.size() == kSquareClasses);
  std::mt19937_64 rng(9);
  for (int n = 0; n < 100; ++n) {
    const Position p = random_position(rng);
    for (int s = 0; s < zz::kSymmetryCount; ++s)
      CHECK(evaluate(transform(static_cast<zz::Symmetry>(s), p)) == evaluate(p));
  }
}
