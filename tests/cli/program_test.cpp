// What the program says about itself: --version, games --json, and one folder per rule
// variant however a value is spelled.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

TEST_CASE("--version names the version, commit, build and table format") {
  const auto r = run({"--version"});
  REQUIRE(r.code == 0);
  CHECK(r.out.rfind("zugzwang 0.", 0) == 0);
  CHECK(r.out.find("\ncommit ") != std::string::npos);
  CHECK(r.out.find("\nbuild Release, GNU ") != std::string::npos);
  CHECK(r.out.find("\ntable format 3\n") != std::string::npos);
}

TEST_CASE("games --json lists every game with its rule options and capabilities") {
  const auto r = run({"games", "--json"});
  REQUIRE(r.code == 0);
  const json games = json::parse(r.out);
  REQUIRE(games.size() == 7);
  for (const auto& g : games) {
    CAPTURE(g["game"]);
    CHECK(g["tables"] == true);
    CHECK(g["search"] == true);
    // The start text is a position the game accepts.
    CHECK(run({"move", g["game"], g["start"]}).code == 0);
  }
  CHECK(games[0]["game"] == "tatedrez");
  CHECK(games[0]["solves_on_demand"] == true);
  CHECK(games[0]["rules"][1] == json({{"name", "rounds"}, {"values", "N"}, {"default", "30"},
                                      {"help", games[0]["rules"][1]["help"]}}));
  CHECK(games[1]["game"] == "chess");
  CHECK(games[1]["tables_by_material"] == true);
  CHECK(games[2]["game"] == "tablut");
  CHECK(games[2]["repetition_draw"] == true);
}

TEST_CASE("a rule value has one spelling: 030 is 30") {
  cli_test::TempDir data;
  REQUIRE(run({"solve", "tatedrez", "--rule", "rounds=030", "--data", data.path.string()}).code == 0);
  CHECK(std::filesystem::exists(data.path / "tatedrez" / "no-move=draw,rounds=30"));
  CHECK(cli_test::refused_in_one_line(run({"solve", "tatedrez", "--rule", "rounds=99999999"})));
}

TEST_CASE("control characters in what the program repeats back are escaped") {
  const auto r = run({"query", "tatedrez", "3/3/3 w\n\x1b[31mred", "--data", "/nonexistent"});
  CHECK(cli_test::refused_in_one_line(r));
  CHECK(r.err.find('\x1b') == std::string::npos);
  CHECK(r.err.find("\\x1b") != std::string::npos);
}
