#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/quixo/game.hpp"

using namespace zz;
using zz::quixo::Quixo;

namespace {
Quixo make(int n) {
  const std::vector<std::string> rules{"size=" + std::to_string(n)};
  return Quixo(parse_rules(Quixo::rule_options(), rules));
}

// The reason of the InputError text throws, or "" if it throws none.
template <class F>
std::string reason(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("the size is a rule option, 5 by default, and nothing else is") {
  CHECK(Quixo(parse_rules(Quixo::rule_options(), std::vector<std::string>{})).side() == 5);
  CHECK_THROWS_AS(parse_rules(Quixo::rule_options(), std::vector<std::string>{"size=6"}), InputError);
  CHECK_THROWS_AS(parse_rules(Quixo::rule_options(), std::vector<std::string>{"size=x"}), InputError);
  CHECK_THROWS_AS(parse_rules(Quixo::rule_options(), std::vector<std::string>{"moves=3"}), InputError);
}

TEST_CASE("position text round-trips exactly") {
  const Quixo g5 = make(5), g4 = make(4), g3 = make(3);
  for (std::string text : {"5/5/5/5/5 x", "x4/5/2o2/5/5 o", "xoxox/ooxxo/x3o/5/1o1x1 x"})
    CHECK(g5.format(g5.parse(text)) == text);
  for (std::string text : {"4/4/4/4 x", "xo2/4/4/3o x", "oxox/xoxo/oxox/xoxo o"}) CHECK(g4.format(g4.parse(text)) == text);
  for (std::string text : {"3/3/3 x", "x2/3/3 o", "xox/oxo/xo1 o"}) CHECK(g3.format(g3.parse(text)) == text);
  CHECK(g3.format(g3.parse("start")) == "3/3/3 x");
}

TEST_CASE("malformed and impossible positions are rejected with a one-line reason") {
  const Quixo g = make(4);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "expected BOARD SIDE"},
      {"4/4/4/4", "expected BOARD SIDE"},
      {"4/4/4/4  x", "expected BOARD SIDE"},
      {"4/4/4/4 y", "side to move"},
      {"4/4/4 x", "expected 4 ranks"},
      {"4/4/4/4/4 x", "more than 4 ranks"},
      {"5/4/4/4 x", "unknown character '5'"},
      {"4/4/4/4x x", "more than 4 squares"},
      {"3/4/4/4 x", "3 squares, not 4"},
      {"4/4/4/X3 x", "unknown character 'X'"},
      {"4/4/4/4 o", "all blank only before X's first move"},
      {"4/1x2/4/4 o", "X moved last"},
      {"4/1o2/4/x3 x", "O moved last"},
      {"\xff/4/4/4 x", "unknown character"},
  };
  for (const auto& [text, why] : bad) {
    CAPTURE(text);
    const std::string got = reason([&] { g.parse(text); });
    CHECK(got.find(why) != std::string::npos);
    CHECK(got.find('\n') == std::string::npos);
  }
}

TEST_CASE("moves are named by the square taken and the end pushed in at; illegal ones are refused") {
  const Quixo g = make(5);
  const auto p = g.parse("o4/5/5/5/x4 x");
  CHECK(g.format_move(g.parse_move(p, "a1e1")) == "a1e1");
  CHECK(g.format(g.play(p, g.parse_move(p, "a1a5"))) == "x4/o4/5/5/5 o");
  CHECK(g.format(g.play(p, g.parse_move(p, "b1b5"))) == "ox3/5/5/5/x4 o");
  CHECK(g.format(g.play(p, g.parse_move(p, "c1a1"))) == "o4/5/5/5/xx3 o");
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "expected the square"},     {"a1", "expected the square"},  {"a1f1", "expected the square"},
      {"a1a6", "expected the square"}, {"c3c1", "not on the outer ring"}, {"a5e5", "shows O"},
      {"a1a1", "another end"},         {"b1c1", "not an end"},          {"b1a5", "not an end"},
      {"a2e3", "not an end"},
  };
  for (const auto& [text, why] : bad) {
    CAPTURE(text);
    const std::string got = reason([&] { g.parse_move(p, text); });
    CHECK(got.find(why) != std::string::npos);
  }
  const auto over = g.parse("xxxxx/5/5/5/o4 o");
  CHECK(reason([&] { g.parse_move(over, "b1b5"); }).find("already over") != std::string::npos);
}

TEST_CASE("a tier is named LvS and can be solved alone with what it depends on") {
  const Quixo g = make(4);
  CHECK(g.solve_roots("").size() == 1);
  CHECK(g.tier_name(g.solve_roots("").front()) == "0v0");
  CHECK(g.tier_name(g.solve_roots("9v7").front()) == "9v7");
  for (const char* bad : {"v", "7v9", "9v8", "x", "9v", "v7", "9v7 ", "-1v-1", "99999999999v1"}) {
    CAPTURE(bad);
    CHECK(reason([&] { g.solve_roots(bad); }).find("unknown quixo tier") != std::string::npos);
  }
  const auto deps = g.tier_dependencies(g.solve_roots("6v5").front());
  REQUIRE(deps.size() == 2);
  CHECK(g.tier_name(deps[0]) == "6v6");
  CHECK(g.tier_name(deps[1]) == "7v5");
  CHECK(g.tier_dependencies(g.solve_roots("9v7").front()).empty());
}
