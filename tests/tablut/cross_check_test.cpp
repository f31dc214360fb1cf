// The fast engine against the plain reference (naive_reference.hpp) on many positions that
// random games reach, and against itself under the board's symmetries.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "core/tablut/symmetry.hpp"
#include "tests/tablut/naive_bridge.hpp"

using namespace zz::tablut;
using namespace zz::tablut::test;

namespace {

std::vector<Move> fast_moves(const Position& p) {
  std::vector<Move> out;
  for_each_move(p, [&](Move m) { out.push_back(m); });
  return out;
}

std::vector<Move> naive_moves(const Position& p) {
  std::vector<Move> out;
  for (const naive::Step& s : naive::moves(to_naive(p))) out.push_back(from_naive(s));
  return out;
}

// Plays random games and calls check(p) on every position reached, game ends included.
template <class F>
void random_positions(int games, int max_plies, F&& check) {
  const Tablut game;
  std::mt19937_64 rng(20240611);
  for (int g = 0; g < games; ++g) {
    Position p = game.start();
    for (int ply = 0; ply < max_plies; ++ply) {
      check(p);
      const std::vector<Move> moves = fast_moves(p);
      if (moves.empty()) break;
      p = game.play(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
}

}  // namespace

TEST_CASE("perft 3 from the start: fast engine and plain reference agree") {
  const Tablut game;
  CHECK(naive::perft(to_naive(game.start()), 3) == game.perft(game.start(), 3));
}

TEST_CASE("perft 4 from the start (verified against the plain reference in test_tablut_heavy)") {
  const Tablut game;
  CHECK(game.perft(game.start(), 4) == 19'159'224);
}

TEST_CASE("random games: same moves, same children, same ends as the plain reference") {
  const Tablut game;
  int positions = 0, captures = 0, ends = 0;
  random_positions(300, 400, [&](const Position& p) {
    ++positions;
    const std::vector<Move> moves = fast_moves(p);
    REQUIRE(sorted_codes(moves) == sorted_codes(naive_moves(p)));
    CHECK(count_moves(p) == static_cast<int>(moves.size()));
    CHECK(has_legal_move(p) == !moves.empty());
    const naive::Board nb = to_naive(p);
    CHECK(game.outcome(p).has_value() == (naive::game_over(nb) || naive::moves(nb).empty()));
    if (moves.empty()) ++ends;
    for (const Move& m : moves) {
      const Position q = game.play(p, m);
      const naive::Board expected = naive::play(nb, {{m.from / 9, m.from % 9}, {m.to / 9, m.to % 9}});
      REQUIRE_MESSAGE(q == from_naive(expected), format_position(p), " ", format_move(m));
      if (q.occupied() != (p.occupied() ^ bit(m.from) ^ bit(m.to))) ++captures;
    }
  });
  MESSAGE(positions, " positions, ", captures, " capturing moves, ", ends, " game ends");
  CHECK(captures > 1000);
  CHECK(ends > 100);
}

TEST_CASE("illegal_reason is empty exactly for the generated moves") {
  int checked = 0;
  int ply = 0;
  random_positions(40, 200, [&](const Position& p) {
    if (++ply % 7) return;
    const std::vector<int> legal = sorted_codes(fast_moves(p));
    for (int from = 0; from < kSquares; ++from)
      for (int to = 0; to < kSquares; ++to) {
        const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
        const bool generated = std::binary_search(legal.begin(), legal.end(), from * 128 + to);
        CHECK(illegal_reason(p, m).empty() == generated);
        CHECK(is_legal(p, m) == generated);
        ++checked;
      }
  });
  CHECK(checked > 100000);
}

TEST_CASE("the 8 board symmetries preserve moves and captures") {
  const Tablut game;
  std::mt19937_64 rng(7);
  random_positions(60, 300, [&](const Position& p) {
    const std::vector<Move> moves = fast_moves(p);
    for (int s = 0; s < zz::kSymmetryCount; ++s) {
      const auto sym = static_cast<zz::Symmetry>(s);
      const Position t = transform(sym, p);
      REQUIRE(count_moves(t) == static_cast<int>(moves.size()));
      CHECK(game.outcome(t).has_value() == game.outcome(p).has_value());
      if (moves.empty()) continue;
      const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      CHECK(game.play(t, transform(sym, m)) == transform(sym, game.play(p, m)));
    }
  });
}

TEST_CASE("notation round trip on random positions") {
  const Tablut game;
  random_positions(30, 300, [&](const Position& p) {
    REQUIRE(game.parse(game.format(p)) == p);
    REQUIRE(game.parse(format_server_board(p)) == p);
  });
}
