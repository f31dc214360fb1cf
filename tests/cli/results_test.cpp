// The committed summaries in results/ are what solving produces today.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

// Runs the command each summary names and compares its output with the summary; returns
// how many summaries were checked.
int reproduce_all(const std::string& game) {
  const std::filesystem::path results = std::filesystem::path(ZZ_RESULTS_DIR) / game;
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(results)) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    const json committed = json::parse(cli_test::slurp(entry.path()));
    std::string command = committed["command"].get<std::string>();
    REQUIRE(command.rfind("zugzwang ", 0) == 0);
    std::vector<std::string> args;
    std::istringstream words(command.substr(9));
    for (std::string w; words >> w;) args.push_back(w);
    cli_test::TempDir data;
    args.push_back("--data");
    args.push_back(data.path.string());
    const auto r = run(args);
    REQUIRE(r.code == 0);
    CHECK(json::parse(r.out) == committed);
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("each committed TateDrez summary is reproduced by its own command") { CHECK(reproduce_all("tatedrez") == 4); }

TEST_CASE("each committed Tak Tikl summary is reproduced by its own command") { CHECK(reproduce_all("taktikl") == 6); }

// The 4x5 board's six (three solves of 637 M slots, about 5 CPU-minutes and 3.7 GiB each):
// opt-in, run by test_results_4x5 (ZUGZWANG_HEAVY_TESTS).
TEST_CASE("each committed 4x5 Tac-Tickle summary is reproduced by its own command" * doctest::skip()) {
  CHECK(reproduce_all("taktikl/4x5") == 6);
}

TEST_CASE("each committed Quixo summary is reproduced by its own command") { CHECK(reproduce_all("quixo") == 2); }

// Six Men's Morris whole (3.7 M slots, a few CPU-seconds). results/morris/malom/ holds
// Malom's records, checked by test_morris_malom.
TEST_CASE("each committed Morris summary is reproduced by its own command") { CHECK(reproduce_all("morris") == 1); }

// The drawn line of Six Men's Morris (results/morris/drawn_line.py, which asks `query` ply by
// ply) is what the solved tables give today.
TEST_CASE("the committed drawn line of Six Men's Morris is reproduced by its script") {
  cli_test::TempDir data;
  REQUIRE(run({"solve", "morris", "--rule", "variant=six", "--data", data.path.string()}).code == 0);
  const std::filesystem::path results = std::filesystem::path(ZZ_RESULTS_DIR) / "morris";
  const std::filesystem::path out = data.path / "line.md";
  const std::string command = "python3 " + cli_test::quote((results / "drawn_line.py").string()) + " " +
                              cli_test::quote(ZZ_CLI_PATH) + " " + cli_test::quote(data.path.string()) +
                              " --variant six > " + cli_test::quote(out.string());
  REQUIRE(std::system(command.c_str()) == 0);
  CHECK(cli_test::slurp(out) == cli_test::slurp(results / "six-drawn-line.md"));
}
