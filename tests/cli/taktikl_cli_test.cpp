// The Tak Tikl commands end to end (without the no-return rule, to stay quick; the results
// test solves every variant through the command line).
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

const std::string& data_dir() {
  static cli_test::TempDir dir;
  static const std::string path = [] {
    const auto r = run({"solve", "taktikl", "--rule", "no-return=off", "--data", dir.path.string()});
    REQUIRE_MESSAGE(r.code == 0, r.err);
    CHECK(r.out.find("the first player's value is draw") != std::string::npos);
    return dir.path.string();
  }();
  return path;
}

}  // namespace

TEST_CASE("query values the start and every first move; the move limit comes from remoteness") {
  const auto r = run({"query", "taktikl", "start", "--rule", "no-return=off", "--json", "--data", data_dir()});
  REQUIRE(r.code == 0);
  const json q = json::parse(r.out);
  CHECK(q["value"] == "draw");
  CHECK(q["plies_left"] == 150);
  REQUIRE(q["moves"].size() == 4);
  CHECK(q["moves"][0]["value"] == "draw");
  CHECK(q["moves"][3]["value"] == "loss");

  // c1c2 loses in 10 plies: O then wins in 9, unless only 8 plies remain.
  const auto lost = run({"query", "taktikl", "oxox/4/2x1/xo1o o c1c2 - 1", "--rule", "no-return=off", "--json",
                         "--data", data_dir()});
  REQUIRE(lost.code == 0);
  const json l = json::parse(lost.out);
  CHECK(l["value"] == "win");
  CHECK(l["remoteness"] == 9);
  const auto limited = run({"query", "taktikl", "oxox/4/4/xoxo x - - 142", "--rule", "no-return=off", "--rule",
                            "moves=150", "--json", "--data", data_dir()});
  REQUIRE(limited.code == 0);
  const json eight_left = json::parse(limited.out);
  for (const auto& m : eight_left["moves"]) CHECK(m["value"] == "draw");
}

TEST_CASE("export, move and bad input") {
  const auto e = run({"export", "taktikl", "--rule", "no-return=off", "--format", "jsonl", "--where", "value=draw",
                      "--data", data_dir()});
  REQUIRE(e.code == 0);
  std::istringstream lines(e.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) CHECK(json::parse(line)["value"] == "draw");
  CHECK(n == 327);

  const auto m = run({"move", "taktikl", "start", "a1a2", "b1a1", "--json"});
  REQUIRE(m.code == 0);
  CHECK(json::parse(m.out)["position"] == "oxox/4/x3/o1xo x a1a2 b1a1 2");
  CHECK(cli_test::refused_in_one_line(run({"move", "taktikl", "start", "a1a2", "b1a1", "c1b1", "c4c3", "b1c1"})));
  CHECK(cli_test::refused_in_one_line(run({"query", "taktikl", "oxox/4/4/xoxo", "--data", data_dir()})));
  CHECK(cli_test::refused_in_one_line(run({"solve", "taktikl", "--rule", "no-return=maybe"})));
  CHECK(cli_test::refused_in_one_line(run({"query", "taktikl", "start", "--rule", "moves=x", "--data", data_dir()})));
}

TEST_CASE("the 4x5 board (Tac-Tickle): solve, query, tables, export, perft, and bad board options") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  const auto solved = run({"solve", "taktikl", "--rule", "board=4x5", "--rule", "no-return=off", "--data", data});
  REQUIRE_MESSAGE(solved.code == 0, solved.err);
  CHECK(solved.out.find("the first player's value is draw") != std::string::npos);
  CHECK(std::filesystem::exists(dir.path / "taktikl" / "board=4x5,no-move=draw,no-return=off" / "all.zzt"));

  // GamesmanClassic's mnuttt finds the same values for its mirror image (results/taktikl).
  const auto q = run({"query", "taktikl", "start", "--rule", "board=4x5", "--rule", "no-return=off", "--json",
                      "--data", data});
  REQUIRE(q.code == 0);
  const json start = json::parse(q.out);
  CHECK(start["position"] == "oxox/4/4/4/xoxo x - -");
  CHECK(start["value"] == "draw");
  std::map<std::string, std::string> moves;
  for (const auto& m : start["moves"])
    moves[m["move"]] = m["value"].get<std::string>() + (m["remoteness"].is_null() ? "" : " " + m["remoteness"].dump());
  CHECK(moves == std::map<std::string, std::string>{
                     {"a1a2", "draw"}, {"d5d4", "draw"}, {"c1c2", "loss 16"}, {"b5b4", "loss 16"}});

  const auto tables = run({"tables", "taktikl", "--rule", "board=4x5", "--rule", "no-return=off", "--json", "--data", data});
  REQUIRE(tables.code == 0);
  const json t = json::parse(tables.out);
  CHECK(t["rules"]["board"] == "4x5");
  CHECK(t["tables"][0]["present"] == true);
  CHECK(t["tables"][0]["entries"] == 2205812);

  const auto e = run({"export", "taktikl", "--rule", "board=4x5", "--rule", "no-return=off", "--format", "jsonl",
                      "--where", "value=draw", "--data", data});
  REQUIRE(e.code == 0);
  std::istringstream lines(e.out);
  int draws = 0;
  for (std::string line; std::getline(lines, line); ++draws) CHECK(json::parse(line)["value"] == "draw");
  CHECK(draws == 6617);

  const auto perft = run({"perft", "taktikl", "start", "5", "--rule", "board=4x5", "--json"});
  REQUIRE(perft.code == 0);
  CHECK(json::parse(perft.out)["nodes"] == 5982);  // as the reference enumerator counts (tests/taktikl)

  for (const char* bad : {"board=5x5", "board=4x", "board="}) {
    CAPTURE(bad);
    CHECK(cli_test::refused_in_one_line(run({"solve", "taktikl", "--rule", bad, "--data", data})));
  }
  CHECK(cli_test::refused_in_one_line(run({"query", "taktikl", "oxox/4/4/xoxo x", "--rule", "board=4x5", "--data", data})));
  CHECK(cli_test::refused_in_one_line(run({"move", "taktikl", "start", "b5b4", "--rule", "board=4x4"})));

  // With the no-return rule the tables are too large to solve on demand: the query names the
  // command that builds them instead of solving for minutes.
  const auto missing = run({"query", "taktikl", "start", "--rule", "board=4x5", "--data", data});
  CHECK(cli_test::refused_in_one_line(missing));
  CHECK(missing.err.find("zugzwang solve taktikl --rule board=4x5") != std::string::npos);
}
