// `zugzwang analyze`: proof search for both sides and the best lines, as text and JSON.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <sstream>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

TEST_CASE("a king with an open road escapes: White's forced win is proven, Black's disproven") {
  cli_test::TempDir empty;
  const auto r = run({"analyze", "tablut", "9/9/2K6/9/9/9/9/4B4/9 w", "--depth", "3", "--json", "--data",
                      empty.path.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const json a = json::parse(r.out);
  CHECK(a["game"] == "tablut");
  REQUIRE(a["proofs"].size() == 2);
  CHECK(a["proofs"][0]["attacker"] == "White");
  CHECK(a["proofs"][0]["result"] == "proven");
  CHECK(a["proofs"][1]["attacker"] == "Black");
  CHECK(a["proofs"][1]["result"] == "disproven");
  CHECK(a["forced"] == "win in 1 plies");
  const std::string best = a["best_move"];
  const auto after = run({"move", "tablut", "9/9/2K6/9/9/9/9/4B4/9 w", best, "--json"});
  REQUIRE(after.code == 0);
  CHECK(json::parse(after.out)["result"] == "White wins");
}

TEST_CASE("the Tak Tikl start: the second player's win in 10 plies is proven by search alone") {
  cli_test::TempDir empty;
  const auto r = run({"analyze", "taktikl", "start", "--depth", "10", "--json", "--data", empty.path.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const json a = json::parse(r.out);
  CHECK(a["proofs"][0]["attacker"] == "X");
  CHECK(a["proofs"][0]["result"] == "disproven");
  CHECK(a["proofs"][1]["attacker"] == "O");
  CHECK(a["proofs"][1]["result"] == "proven");
  CHECK(a["forced"] == "loss in 10 plies");

  const auto nine = run({"analyze", "taktikl", "start", "--depth", "9", "--data", empty.path.string()});
  REQUIRE(nine.code == 0);
  CHECK(nine.out.find("O forces a win within 9 plies: disproven") != std::string::npos);
}

TEST_CASE("with a time budget the horizon grows; bad options are refused") {
  cli_test::TempDir empty;
  const auto r = run({"analyze", "tatedrez", "start", "--time", "3", "--json", "--data", empty.path.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const json a = json::parse(r.out);
  // Horizon 10 in 1.5 s on an idle machine; a loaded one (tests in parallel) gets less, but
  // the horizon must have grown past its first step.
  CHECK(a["proofs"][0]["no_forced_win_within"].get<int>() >= 3);
  CHECK(a["seconds"].get<double>() < 10);
  CHECK(cli_test::refused_in_one_line(run({"analyze", "tablut", "start"})));
  CHECK(cli_test::refused_in_one_line(run({"analyze", "tablut", "start", "--depth", "3", "--time", "1"})));
  CHECK(cli_test::refused_in_one_line(run({"analyze", "tablut", "start", "--depth", "0"})));
  CHECK(cli_test::refused_in_one_line(run({"analyze", "tablut", "start", "--time", "-1"})));
  CHECK(cli_test::refused_in_one_line(run({"analyze", "tablut", "nonsense", "--depth", "2"})));
}

TEST_CASE("the engine panel: lines, threads, proven horizon, progress on stderr") {
  cli_test::TempDir empty;
  const auto r = run({"analyze", "tablut", "start", "--depth", "6", "--lines", "3", "--threads", "2", "--progress",
                      "--json", "--data", empty.path.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const json a = json::parse(r.out);
  CHECK(a["search_depth"] == 6);
  CHECK(a["threads"] == 2);
  CHECK(a["source"] == "search");
  // Known independently (docs/engine.md: the provers agree up to 13 plies): no forced win
  // for either side within 6 plies of the start.
  CHECK(a["no_forced_win_within"] == 6);
  REQUIRE(a["lines"].size() == 3);
  CHECK(a["lines"][0]["move"] == a["best_move"]);
  CHECK(a["lines"][0]["score"].get<int>() >= a["lines"][1]["score"].get<int>());
  CHECK(a["lines"][1]["score"].get<int>() >= a["lines"][2]["score"].get<int>());
  // One JSON document per progress report, the search's depths in order.
  int last_depth = 0, reports = 0;
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);) {
    const json p = json::parse(line);
    ++reports;
    if (p["phase"] == "search") {
      CHECK(p["depth"].get<int>() == last_depth + 1);
      last_depth = p["depth"];
    }
  }
  CHECK(last_depth == 6);
  CHECK(reports > 6);

  const auto text = run({"analyze", "tablut", "start", "--depth", "3", "--lines", "2", "--data", empty.path.string()});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("no forced win for either side within 3 plies (proven)") != std::string::npos);
  CHECK(text.out.find("lines:\n  1. ") != std::string::npos);
  CHECK(text.out.find("\n  2. ") != std::string::npos);
  for (const char* bad : {"0", "65", "x"})
    CHECK(cli_test::refused_in_one_line(run({"analyze", "tablut", "start", "--depth", "2", "--lines", bad})));
  CHECK(cli_test::refused_in_one_line(run({"analyze", "tablut", "start", "--depth", "2", "--threads", "0"})));
}
