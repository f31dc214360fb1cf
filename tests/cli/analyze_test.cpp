// `zugzwang analyze`: proof search for both sides and a best move, as text and JSON.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

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
