// Morris rules and notation against the naive reference (reference_rules.hpp), for every
// variant: moves, outcomes and children along random games and on random boards, perft from
// the start, notation round trips, and bad input refused in one line.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/morris/game.hpp"
#include "reference_rules.hpp"
#include "solver/perft.hpp"

using namespace zz;
using zz::morris::Morris;

namespace {

const char* const kVariants[] = {"nine", "lasker", "morabaraba", "six"};

Morris game_for(const std::string& variant) { return Morris(RuleValues{{"variant", variant}}); }

std::vector<std::string> move_texts(const Morris& g, const Morris::Position& p) {
  std::vector<std::string> out;
  g.for_each_move(p, [&](const Morris::Move& m) { out.push_back(g.format_move(m)); });
  std::sort(out.begin(), out.end());
  return out;
}

std::string outcome_text(const Morris& g, const Morris::Position& p) {
  const auto o = g.outcome(p);
  if (!o) return "";
  CHECK(o->remoteness == 0);
  return std::string(to_string(o->value));
}

// Checks one position against the reference: its moves, its outcome, every child, and the
// notation of the position and of each move.
void check_position(const Morris& g, const ref_morris::Rules& r, const std::string& text) {
  CAPTURE(text);
  const Morris::Position p = g.parse(text);
  REQUIRE(g.format(p) == text);
  const ref_morris::State s = ref_morris::read(r, text);
  const auto expected = ref_morris::moves(r, s);
  REQUIRE(move_texts(g, p) == expected);
  CHECK(outcome_text(g, p) == ref_morris::outcome(r, s));
  g.for_each_move(p, [&](const Morris::Move& m) {
    const std::string mt = g.format_move(m);
    CHECK(g.parse_move(p, mt) == m);
    const std::string child = g.format(g.play(p, m));
    CHECK(child == ref_morris::write(r, ref_morris::apply(r, s, mt)));
  });
}

// Positions along random games from the start, finished ones included.
std::vector<std::string> random_games(const ref_morris::Rules& r, const std::string& start, int games, int plies,
                                      std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  for (int k = 0; k < games; ++k) {
    ref_morris::State s = ref_morris::read(r, start);
    for (int ply = 0; ply < plies; ++ply) {
      out.push_back(ref_morris::write(r, s));
      const auto ms = ref_morris::moves(r, s);
      if (ms.empty() || !ref_morris::outcome(r, s).empty()) break;
      s = ref_morris::apply(r, s, ms[std::uniform_int_distribution<std::size_t>(0, ms.size() - 1)(rng)]);
    }
  }
  return out;
}

// Random boards after placement with few stones a side (flying, blocking, mills everywhere).
std::vector<std::string> random_boards(const ref_morris::Rules& r, int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  const int n = static_cast<int>(r.points.size());
  while (static_cast<int>(out.size()) < count) {
    const int w = std::uniform_int_distribution<int>(2, std::min(r.stones, n / 2))(rng);
    const int b = std::uniform_int_distribution<int>(3, std::min(r.stones, n / 2))(rng);
    std::string board(static_cast<std::size_t>(n), '.');
    std::vector<int> idx(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) idx[static_cast<std::size_t>(i)] = i;
    std::shuffle(idx.begin(), idx.end(), rng);
    for (int i = 0; i < w + b; ++i) board[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])] = i < w ? 'W' : 'B';
    out.push_back(board + " w 0 0");  // White to move (possibly with 2 stones: lost)
  }
  return out;
}

}  // namespace

TEST_CASE("the start, its notation and its moves") {
  const Morris g = game_for("nine");
  const auto p = g.start();
  CHECK(g.format(p) == "........................ w 9 9");
  CHECK(g.parse("start") == p);
  CHECK(move_texts(g, p).size() == 24);
  CHECK_FALSE(g.outcome(p));
  const Morris six = game_for("six");
  CHECK(six.format(six.start()) == "................ w 6 6");
  CHECK(g.board().mill_count == 16);
  CHECK(game_for("morabaraba").board().mill_count == 20);
  int adjacencies = 0;
  for (int i = 0; i < 24; ++i) adjacencies += __builtin_popcount(g.board().adjacent[i]);
  CHECK(adjacencies == 2 * 32);
}

TEST_CASE("perft from the start equals the naive reference") {
  for (const char* v : kVariants) {
    CAPTURE(v);
    const Morris g = game_for(v);
    const auto r = ref_morris::rules_for(v);
    const auto s = ref_morris::read(r, g.format(g.start()));
    for (int depth = 1; depth <= 3; ++depth) CHECK(perft(g, g.start(), depth) == ref_morris::perft(r, s, depth));
  }
  // Placement alone: 24 * 23 * 22 * 21 sequences, no mill possible before the fifth ply.
  const Morris nine = game_for("nine");
  CHECK(perft(nine, nine.start(), 4) == 24ull * 23 * 22 * 21);
}

TEST_CASE("perft after the opening reaches mills and equals the naive reference") {
  // White threatens a mill on d1 (a1 g1): deeper plies remove stones.
  const std::string text = "W.W......B............WB w 6 6";
  for (const char* v : {"nine", "morabaraba"}) {
    CAPTURE(v);
    const Morris g = game_for(v);
    const auto r = ref_morris::rules_for(v);
    const auto p = g.parse(text);
    for (int depth = 1; depth <= 3; ++depth)
      CHECK(perft(g, p, depth) == ref_morris::perft(r, ref_morris::read(r, text), depth));
  }
}

TEST_CASE("moves, outcomes, children and notation along random games equal the naive reference") {
  for (const char* v : kVariants) {
    CAPTURE(v);
    const Morris g = game_for(v);
    const auto r = ref_morris::rules_for(v);
    for (const auto& text : random_games(r, g.format(g.start()), 30, 120, 53)) check_position(g, r, text);
  }
}

TEST_CASE("moves and outcomes on random boards (flying, blocked and lost sides) equal the naive reference") {
  int decided = 0;
  for (const char* v : kVariants) {
    CAPTURE(v);
    const Morris g = game_for(v);
    const auto r = ref_morris::rules_for(v);
    for (const auto& text : random_boards(r, 400, 7)) {
      check_position(g, r, text);
      decided += g.outcome(g.parse(text)).has_value();
    }
  }
  CHECK(decided > 0);  // the sample holds finished games
}

TEST_CASE("blocked, lost and full boards") {
  const Morris nine = game_for("nine");
  // White's four stones a1 d1 g1 a4, hemmed in by d2 b4 g4 a7: blocked.
  const auto blocked = nine.parse("WWW.B....WB...B......B.. w 0 0");
  CHECK(move_texts(nine, blocked).empty());
  CHECK(nine.outcome(blocked) == Outcome::loss(0));
  CHECK(nine.outcome(nine.parse("WW...................BBB w 0 0")) == Outcome::loss(0));  // two stones
  // Morabaraba: all 24 stones placed and none removed is a draw.
  const Morris mora = game_for("morabaraba");
  const auto full = mora.parse("WBWBWBWBWBWBBWBWBWBWBWBW w 0 0");
  CHECK(mora.outcome(full) == Outcome::draw());
  CHECK(move_texts(mora, full).empty());
  // Lasker: with a stone on the board and stones in hand, both placing and moving.
  const Morris lasker = game_for("lasker");
  const auto both = lasker.parse("W...........B........... w 9 9");
  const auto ms = move_texts(lasker, both);
  CHECK(std::count(ms.begin(), ms.end(), "a1-d1") == 1);
  CHECK(std::count(ms.begin(), ms.end(), "d1") == 1);
}

TEST_CASE("bad positions and moves are refused in one line") {
  const Morris g = game_for("nine");
  const std::string bad_positions[] = {
      "",
      "........................ w 9",
      "........................  w 9 9",
      "....................... w 9 9",
      "........................X w 9 9",
      "........................ x 9 9",
      "........................ w 10 9",
      "........................ w -1 9",
      "........................ w a 9",
      "WWWWWWWWWW.............. w 0 0",        // ten white stones
      "WW...................BBB b 0 0",        // White, who just moved, has two stones
      "........................ b 9 9",        // Black to move with as many in hand as White
      "........................ w 8 9",        // White to move with one fewer than Black
  };
  for (const auto& text : bad_positions) {
    CAPTURE(text);
    try {
      (void)g.parse(text);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
      CHECK(std::string(e.what()).size() > 20);
    }
  }
  const auto p = g.parse("WW.......B............BB w 1 1");  // White can close a1 d1 g1
  for (const std::string bad : {"", "g1", "d4", "z9", "a1", "b2-b4", "a1-a4", "g1xa7", "g1xd1", "g1xb4",
                                "b2xd7", "a1-", "g1x"}) {
    CAPTURE(bad);
    try {
      (void)g.parse_move(p, bad);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  }
  CHECK(g.format_move(g.parse_move(p, "g1xa4")) == "g1xa4");
  try {
    (void)Morris(RuleValues{{"variant", "ten"}});
    FAIL("accepted");
  } catch (const InputError&) {
  }
}
