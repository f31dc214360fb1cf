// The Tablut tables through the command line: solve by material, query with every move's
// value, export, and the one-line refusals for material without a table.
#include <doctest/doctest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

const std::string& data_dir() {
  static cli_test::TempDir dir;
  static const std::string path = [] {
    const auto r = run({"solve", "tablut", "--material", "K1W1B", "--json", "--data", dir.path.string()});
    REQUIRE_MESSAGE(r.code == 0, r.err);
    const json s = json::parse(r.out);
    CHECK(s["command"] == "zugzwang solve tablut --material K1W1B --json");
    std::vector<std::string> tiers;
    for (const auto& t : s["tiers"]) tiers.push_back(t["tier"]);
    CHECK(tiers == std::vector<std::string>{"over", "K0W0B", "K1W0B", "K0W1B", "K1W1B"});
    const json& top = s["tiers"][4];
    // Every position of the tier, mirror images included: 45 king squares, 63 white, 78 black, 2 sides.
    // Every position of the tier, mirror images included: the king on 44 squares with 63 for
    // the white pawn and 78 for the black one, or on the throne with 64 and 79; 2 sides.
    CHECK(top["raw_positions"] == (44 * 63 * 78 + 64 * 79) * 2);
    CHECK(top["by_side"]["White"]["wins"].get<std::uint64_t>() > 0);
    CHECK(top.contains("longest_win_example"));
    return dir.path.string();
  }();
  return path;
}

json query(const std::string& position) {
  const auto r = run({"query", "tablut", position, "--json", "--data", data_dir()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  return json::parse(r.out);
}

}  // namespace

TEST_CASE("query: the value, and every move valued by the position it leads to") {
  const json q = query("9/9/9/3W5/2B1K4/9/9/9/9 w");
  CHECK(q["game"] == "tablut");
  CHECK(q["value"] == "win");
  CHECK(q["remoteness"] == 1);  // d4-d5 captures the last black pawn against the camp b5
  REQUIRE(q["moves"].size() == 19);
  CHECK(q["moves"][0]["remoteness"] == q["remoteness"]);
  // Each move's value is the opposite of its child's, one ply longer.
  for (const auto& m : q["moves"]) {
    const auto r = run({"move", "tablut", "9/9/9/3W5/2B1K4/9/9/9/9 w", m["move"], "--json"});
    REQUIRE(r.code == 0);
    const json child = query(json::parse(r.out)["position"]);
    CHECK(child["value"] == (m["value"] == "win" ? "loss" : m["value"] == "loss" ? "win" : "draw"));
    if (!m["remoteness"].is_null()) CHECK(child["remoteness"].get<int>() + 1 == m["remoteness"].get<int>());
  }
}

TEST_CASE("query: finished games and text output") {
  const json escaped = query("9/9/9/9/9/9/9/9/2K6 b");
  CHECK(escaped["value"] == "loss");
  CHECK(escaped["over"] == true);
  CHECK(escaped["moves"].empty());
  const auto r = run({"query", "tablut", "9/9/9/9/2B1K4/9/9/9/9 b", "--data", data_dir()});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("value") != std::string::npos);
  CHECK(r.out.find("moves") != std::string::npos);
}

TEST_CASE("export by material") {
  const auto e = run({"export", "tablut", "--material", "K0W1B", "--format", "jsonl", "--where", "value=win",
                      "--data", data_dir()});
  REQUIRE_MESSAGE(e.code == 0, e.err);
  std::istringstream lines(e.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) CHECK(json::parse(line)["value"] == "win");
  CHECK(n > 400);
}

TEST_CASE("material without a table is refused in one line") {
  // The start position: far more pawns than any table holds.
  const auto start = run({"query", "tablut", "start", "--data", data_dir()});
  CHECK(cli_test::refused_in_one_line(start));
  CHECK(start.err.find("K8W16B") != std::string::npos);
  // A small material that has not been solved here.
  const auto missing = run({"query", "tablut", "9/9/9/3W5/2BBK4/9/9/9/9 w", "--data", data_dir()});
  CHECK(cli_test::refused_in_one_line(missing));
  CHECK(missing.err.find("K1W2B") != std::string::npos);
  for (std::vector<std::string> args : {std::vector<std::string>{"solve", "tablut"},
                                        {"solve", "tablut", "--material", "K2W"},
                                        {"solve", "tablut", "--material", "all9"},
                                        {"solve", "tablut", "--material", "K9W0B"},
                                        {"export", "tablut", "--material", "KxWyB"}}) {
    args.push_back("--data");
    args.push_back(data_dir());
    CAPTURE(args[args.size() - 3]);
    CHECK(cli_test::refused_in_one_line(run(args)));
  }
}
