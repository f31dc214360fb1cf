#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/common/rules.hpp"

using namespace zz;

namespace {
const std::vector<RuleOption> kOptions = {
    {"no-move", {"draw", "pass"}, "draw", ""},
    {"rounds", {}, "30", ""},
};
}

TEST_CASE("rule parsing fills defaults and validates") {
  std::vector<std::string> none;
  auto v = parse_rules(kOptions, none);
  CHECK(v.at("no-move") == "draw");
  CHECK(rules_key(kOptions, v) == "no-move=draw,rounds=30");
  std::vector<std::string> some{"rounds=0", "no-move=pass"};
  v = parse_rules(kOptions, some);
  CHECK(rule_int(v, "rounds") == 0);
  CHECK(rules_key(kOptions, v) == "no-move=pass,rounds=0");
  for (std::string bad : {"rounds", "round=3", "rounds=-1", "rounds=x", "no-move=loss", "rounds="}) {
    std::vector<std::string> one{bad};
    CHECK_THROWS_AS(parse_rules(kOptions, one), InputError);
  }
}
