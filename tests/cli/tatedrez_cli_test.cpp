// The TateDrez commands end to end: solve, query, export, move.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

// One solved data directory shared by the tests of this file.
const std::string& data_dir() {
  static cli_test::TempDir dir;
  static const std::string path = [] {
    for (const char* rule : {"no-move=draw", "no-move=pass"}) {
      const auto r = run({"solve", "tatedrez", "--rule", rule, "--data", dir.path.string()});
      REQUIRE_MESSAGE(r.code == 0, r.err);
    }
    return dir.path.string();
  }();
  return path;
}

}  // namespace

TEST_CASE("solve prints the rules, counts per tier, the first player's value and every first placement") {
  cli_test::TempDir dir;
  const auto r = run({"solve", "tatedrez", "--data", dir.path.string()});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("no-move=draw, rounds=30") != std::string::npos);
  CHECK(r.out.find("movement") != std::string::npos);
  CHECK(r.out.find("placement-0") != std::string::npos);
  CHECK(r.out.find("the first player's value is") != std::string::npos);
  CHECK(r.out.find("N@b2") != std::string::npos);
  CHECK(r.out.find("solved in") != std::string::npos);
  CHECK(std::filesystem::exists(dir.path / "tatedrez" / "no-move=draw,rounds=30" / "movement.zzt"));
  // Progress is drawn only on a terminal; here stderr is a file.
  CHECK(r.err.empty());

  const auto j = run({"solve", "tatedrez", "--data", dir.path.string(), "--json"});
  REQUIRE(j.code == 0);
  const json s = json::parse(j.out);
  CHECK(s["start"]["moves"].size() == 27);
  CHECK(s["tiers"].size() == 7);
  std::uint64_t positions = 0;
  for (const auto& t : s["tiers"]) positions += t["positions"].get<std::uint64_t>();
  CHECK(positions == s["positions"].get<std::uint64_t>());
}

TEST_CASE("tables written with 1 and 2 threads are byte-identical") {
  cli_test::TempDir one, two;
  REQUIRE(run({"solve", "tatedrez", "--rule", "no-move=pass", "--threads", "1", "--data", one.path.string()}).code == 0);
  REQUIRE(run({"solve", "tatedrez", "--rule", "no-move=pass", "--threads", "2", "--data", two.path.string()}).code == 0);
  int files = 0;
  for (const auto& f : std::filesystem::recursive_directory_iterator(one.path)) {
    if (!f.is_regular_file()) continue;
    ++files;
    const auto other = two.path / std::filesystem::relative(f.path(), one.path);
    CHECK(cli_test::slurp(f.path()) == cli_test::slurp(other));
  }
  CHECK(files == 7);
}

TEST_CASE("query answers value, remoteness and every move, the best move matching the position") {
  const auto r = run({"query", "tatedrez", "rN1/1R1/nbB w 4", "--json", "--data", data_dir()});
  REQUIRE(r.code == 0);
  const json q = json::parse(r.out);
  CHECK(q["game"] == "tatedrez");
  CHECK(q["rules"]["rounds"] == 30);
  CHECK(q["position"] == "rN1/1R1/nbB w 4");
  CHECK(q["plies_left"] == 56);
  REQUIRE(!q["moves"].empty());
  CHECK(q["moves"][0]["value"] == q["value"]);
  CHECK(q["moves"][0]["remoteness"] == q["remoteness"]);
  for (const auto& m : q["moves"]) {
    CHECK(m.contains("move"));
    CHECK(m.contains("value"));
    CHECK(m.contains("remoteness"));
  }
  const auto text = run({"query", "tatedrez", "start", "--data", data_dir()});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("value") != std::string::npos);
}

TEST_CASE("the round limit in the position text changes the answer exactly at the remoteness") {
  // Find a won movement position and ask it with plies left just enough and one short.
  const auto e = run({"export", "tatedrez", "--format", "jsonl", "--where", "value=win", "--data", data_dir()});
  REQUIRE(e.code == 0);
  std::istringstream lines(e.out);
  std::string line;
  json won;
  while (std::getline(lines, line)) {
    const json row = json::parse(line);
    if (row["tier"] == "movement" && row["remoteness"].get<int>() >= 9) {
      won = row;
      break;
    }
  }
  REQUIRE(won.is_object());
  const int r = won["remoteness"].get<int>();
  std::string board = won["position"].get<std::string>();
  const bool white = board.find(" w") != std::string::npos;
  // Plies played with the right parity so that exactly r (then r-1) plies remain.
  auto ask = [&](int left) {
    int played = 60 - left;
    if ((played % 2 == 0) != white) return json();
    const auto q = run({"query", "tatedrez", board + " " + std::to_string(played), "--json", "--data", data_dir()});
    REQUIRE(q.code == 0);
    return json::parse(q.out);
  };
  const int exact = (60 - r) % 2 == (white ? 0 : 1) ? r : r + 1;
  const json enough = ask(exact);
  CHECK(enough["value"] == "win");
  CHECK(enough["remoteness"] == r);
  const json short_of = ask(exact - 2);
  CHECK(short_of["value"] == "draw");
}

TEST_CASE("export writes every position as JSON or JSON lines, filtered and limited") {
  const auto all = run({"export", "tatedrez", "--data", data_dir()});
  REQUIRE(all.code == 0);
  const json doc = json::parse(all.out);
  CHECK(doc["game"] == "tatedrez");
  CHECK(doc["positions"].size() == doc["count"].get<std::size_t>());
  CHECK(doc["count"].get<std::size_t>() > 180000);

  const auto wins = run({"export", "tatedrez", "--format", "jsonl", "--where", "value=win", "--limit", "500",
                         "--data", data_dir()});
  REQUIRE(wins.code == 0);
  std::istringstream lines(wins.out);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    const json row = json::parse(line);
    CHECK(row["value"] == "win");
    CHECK(row["remoteness"].is_number());
    ++n;
  }
  CHECK(n == 500);

  cli_test::TempDir out;
  const auto file = (out.path / "draws.json").string();
  const auto written = run({"export", "tatedrez", "--rule", "no-move=pass", "--where", "value=draw", "--output", file,
                            "--data", data_dir()});
  REQUIRE(written.code == 0);
  const json draws = json::parse(cli_test::slurp(file));
  CHECK(draws["rules"]["no-move"] == "pass");
  for (const auto& row : draws["positions"]) CHECK(row["remoteness"].is_null());
}

TEST_CASE("move plays moves and reports the end of the game") {
  const auto r = run({"move", "tatedrez", "start", "R@a1", "r@b1", "B@b2", "b@c2", "N@c3"});
  REQUIRE(r.code == 0);
  CHECK(r.out == "2N/1Bb/Rr1 b\ngame over: White wins\n");
  const auto j = run({"move", "tatedrez", "rN1/1R1/nbB w 4", "b2c2", "--json"});
  REQUIRE(j.code == 0);
  const json m = json::parse(j.out);
  CHECK(m["position"] == "rN1/2R/nbB b 5");
  CHECK(m["over"] == false);
}
