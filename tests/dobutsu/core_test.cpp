// Dobutsu Shogi rules, notation, index and un-moves against independent re-computation.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/dobutsu/game.hpp"
#include "reference_rules.hpp"
#include "solver/perft.hpp"

using namespace zz;
using zz::dobutsu::Dobutsu;

namespace {

const Dobutsu& game() {
  static const Dobutsu g{RuleValues{}};
  return g;
}

std::vector<std::string> move_texts(const Dobutsu::Position& p) {
  std::vector<std::string> out;
  game().for_each_move(p, [&](const Dobutsu::Move& m) { out.push_back(game().format_move(m)); });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> reference_texts(const reference::State& s) {
  std::vector<std::string> out;
  auto name = [](int sq) { return std::string{static_cast<char>('a' + sq % 3), static_cast<char>('1' + sq / 3)}; };
  for (const auto& m : reference::moves(s))
    out.push_back(m.from < 0 ? std::string(1, m.drop) + "*" + name(m.to) : name(m.from) + name(m.to));
  std::sort(out.begin(), out.end());
  return out;
}

std::uint64_t reference_perft(const reference::State& s, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (const auto& m : reference::moves(s)) n += reference_perft(reference::play(s, m), depth - 1);
  return n;
}

// Positions met along random games from the start (finished ones included).
std::vector<reference::State> random_states(int games, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<reference::State> out;
  for (int g = 0; g < games; ++g) {
    reference::State s = reference::start();
    for (int ply = 0; ply < 200; ++ply) {
      out.push_back(s);
      const auto ms = reference::moves(s);
      if (ms.empty()) break;
      s = reference::play(s, ms[std::uniform_int_distribution<std::size_t>(0, ms.size() - 1)(rng)]);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("the start position and its notation") {
  const auto p = game().start();
  CHECK(game().format(p) == "gle/1c1/1C1/ELG s -");
  CHECK(game().parse("gle/1c1/1C1/ELG s -") == p);
  CHECK(game().parse("start") == p);
  CHECK(move_texts(p) == std::vector<std::string>{"b3b2", "b4a3", "b4c3", "c4c3"});
  CHECK_FALSE(game().outcome(p));
}

TEST_CASE("perft from the start equals the naive reference") {
  for (int depth = 1; depth <= 6; ++depth)
    CHECK(perft(game(), game().start(), depth) == reference_perft(reference::start(), depth));
}

TEST_CASE("moves, outcomes and notation along random games equal the naive reference") {
  int finished = 0, drops = 0;
  for (const auto& s : random_states(300, 7)) {
    const auto p = game().parse(reference::text(s));
    REQUIRE(game().format(p) == reference::text(s));
    const auto texts = move_texts(p);
    CHECK(texts == reference_texts(s));
    const auto o = game().outcome(p);
    const int r = reference::result(s);
    CHECK(o.has_value() == (r != 0 || texts.empty()));
    if (o && r != 0) CHECK(o->value == (r > 0 ? Value::Win : Value::Loss));
    finished += o.has_value();
    drops += static_cast<int>(std::count_if(texts.begin(), texts.end(), [](const std::string& t) { return t[1] == '*'; }));
    for (const auto& t : texts) {
      const auto m = game().parse_move(p, t);
      CHECK(game().format_move(m) == t);
    }
  }
  CHECK(finished > 100);
  CHECK(drops > 1000);
}

TEST_CASE("bad input is refused with a reason") {
  for (const char* bad : {"", "gle/1c1/1C1/ELG", "gle/1c1/1C1/ELG x -", "gle/1c1/1C1/EL s -", "gle/1c1/1C1/ELGG s -",
                          "gle/1c1/1C1/ELG s X", "glx/1c1/1C1/ELG s -", "gle/1c1/1C1/ELE s -", "gle/1c1/1C1/ELG s C",
                          "gLe/1c1/1C1/E1G s -", "gle/1c1/1C1/ELG/ s -", "gle/1c1/1C1/ELG s  -", "4/1c1/1C1/ELG s -"})
    CHECK_THROWS_AS(game().parse(bad), InputError);
  const auto p = game().start();
  for (const char* bad : {"", "b3", "b3b1", "b4b3", "C*a2", "x*a2", "b2b3", "a4a5", "E*b2", "b3b2 "})
    CHECK_THROWS_AS(game().parse_move(p, bad), InputError);
}

TEST_CASE("a chick promotes on its far rank, but not when dropped there") {
  const auto p = game().parse("1l1/C2/3/1L1 s ceegg");
  const auto q = game().play(p, game().parse_move(p, "a2a1"));
  CHECK(game().format(q) == "Hl1/3/3/1L1 g eeggc");
  const auto r = game().parse("1l1/3/3/1L1 s Cceegg");
  CHECK(game().format(game().play(r, game().parse_move(r, "C*a1"))) == "Cl1/3/3/1L1 g eeggc");
  // Captured hens go to the hand as chicks.
  const auto h = game().parse("1l1/h2/G2/1L1 s ceeg");
  CHECK(game().format(game().play(h, game().parse_move(h, "a3a2"))) == "1l1/G2/3/1L1 g Ceegc");
}

TEST_CASE("the try and the capture of a lion end the game as Tanaka judges them") {
  // Sente's lion reaches rank 1 where nothing attacks it: Gote, to move, has lost.
  const auto safe = game().parse("2l/3/L2/3 s EEGGCC");
  CHECK(game().outcome(game().play(safe, game().parse_move(safe, "a3a2"))) == std::nullopt);
  const auto tried = game().parse("2l/L2/3/3 s EEGGCC");
  const auto after = game().play(tried, game().parse_move(tried, "a2a1"));
  CHECK(game().outcome(after) == Outcome::loss(0));
  // Onto rank 1 next to Gote's lion: Gote, to move, can take it and has won.
  const auto unsafe = game().play(tried, game().parse_move(tried, "a2b1"));
  // Tanaka counts the forced capture as the game's last ply.
  CHECK(game().outcome(unsafe) == Outcome::win(1));
  CHECK(move_texts(unsafe).empty());
}

TEST_CASE("the index: mirror images and the other side's view share a slot, every slot round-trips") {
  std::set<std::uint64_t> seen;
  for (const auto& s : random_states(2000, 11)) {
    const auto p = game().parse(reference::text(s));
    if (game().terminal(p)) {
      CHECK(game().tier_of(p).over);
      continue;
    }
    const std::uint64_t i = game().rank(p);
    REQUIRE(i < dobutsu::kIndexSize);
    CHECK(dobutsu::index_of(dobutsu::mirrored(p)) == i);
    CHECK(dobutsu::index_of(dobutsu::rotated(p)) == i);
    Dobutsu::Position q;
    REQUIRE(game().unrank(dobutsu::Tier{}, i, q));
    CHECK(game().rank(q) == i);
    CHECK((q == p || q == dobutsu::mirrored(p) || q == dobutsu::rotated(p) ||
           q == dobutsu::mirrored(dobutsu::rotated(p))));
    seen.insert(i);
  }
  CHECK(seen.size() > 1000);
  std::mt19937_64 rng(3);
  int used = 0;
  for (int n = 0; n < 300000; ++n) {
    const std::uint64_t i = std::uniform_int_distribution<std::uint64_t>(0, dobutsu::kIndexSize - 1)(rng);
    Dobutsu::Position q;
    if (!game().unrank(dobutsu::Tier{}, i, q)) continue;
    ++used;
    REQUIRE(game().rank(q) == i);
    REQUIRE(game().parse(game().format(q)) == q);
    CHECK_FALSE(game().outcome(q));
  }
  CHECK(used > 30000);
}

TEST_CASE("un-moves are exactly the inverse of moves") {
  std::mt19937_64 rng(5);
  int checked = 0;
  auto check_position = [&](const Dobutsu::Position& p) {
    const std::uint64_t ip = game().rank(p);
    game().for_each_move(p, [&](const Dobutsu::Move& m) {
      const auto c = game().play(p, m);
      if (game().tier_of(c).over) return;
      // p is among the predecessors of c (up to the index).
      bool found = false;
      game().for_each_unmove(c, [&](const Dobutsu::Position& q) { found = found || game().rank(q) == ip; });
      CHECK(found);
      // Every predecessor of c is in tier "all" and has a move to c.
      const std::uint64_t ic = game().rank(c);
      game().for_each_unmove(c, [&](const Dobutsu::Position& q) {
        REQUIRE_FALSE(game().terminal(q));
        bool back = false;
        game().for_each_move(q, [&](const Dobutsu::Move& m2) {
          const auto c2 = game().play(q, m2);
          back = back || (!game().tier_of(c2).over && game().rank(c2) == ic);
        });
        CHECK(back);
      });
      ++checked;
    });
  };
  for (int n = 0; n < 20000; ++n) {
    const std::uint64_t i = std::uniform_int_distribution<std::uint64_t>(0, dobutsu::kIndexSize - 1)(rng);
    Dobutsu::Position p;
    if (game().unrank(dobutsu::Tier{}, i, p)) check_position(p);
  }
  for (const auto& s : random_states(30, 13)) {
    const auto p = game().parse(reference::text(s));
    if (!game().terminal(p)) check_position(p);
  }
  CHECK(checked > 10000);
}
