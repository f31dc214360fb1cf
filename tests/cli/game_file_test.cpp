// Games written in Python on the command line (`--game-file FILE.py[:NAME]`, through the
// plugin libzugzwang_python.so): solve, query, the principal variation, move, board and
// export give what zugzwang.Game gives, and every mistake in a game file is one line and
// exit code 2, with no table written.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

const std::string kExamples = ZZ_EXAMPLES_DIR;
const std::string kTicTacToe = kExamples + "/tictactoe.py";

json run_json(const std::vector<std::string>& args) {
  const auto r = run(args);
  CAPTURE(r.err);
  REQUIRE(r.code == 0);
  return json::parse(r.out);
}

std::filesystem::path table_file(const std::filesystem::path& data) {
  if (!std::filesystem::exists(data)) return {};
  for (const auto& e : std::filesystem::recursive_directory_iterator(data))
    if (e.path().extension() == ".zzt") return e.path();
  return {};
}

bool has_table(const std::filesystem::path& data) { return !table_file(data).empty(); }

// A file `name`.py in `dir` whose class Broken is tic-tac-toe with `body` (methods) replacing its own.
std::string broken_game(const std::filesystem::path& dir, const std::string& name, const std::string& body) {
  const auto file = dir / (name + ".py");
  std::ofstream(file) << "import sys\nsys.path.insert(0, " << json(kExamples).dump()
                      << ")\nfrom tictactoe import TicTacToe\n\n\nclass Broken(TicTacToe):\n"
                      << body;
  return file.string();
}

void expect_refused(const std::vector<std::string>& args, const std::string& reason,
                    const std::filesystem::path& data) {
  cli_test::expect_refused(args, reason);
  CHECK_FALSE(has_table(data));
}

}  // namespace

TEST_CASE("solve, query, line, move, board and export a game file") {
  cli_test::TempDir data;
  const std::string dir = data.path.string();
  const json report = run_json({"solve", "--game-file", kTicTacToe, "--data", dir, "--json"});
  CHECK(report["game"] == "tictactoe");
  CHECK(report["positions"] == 5478);
  CHECK(report["start"]["value"] == "draw");
  CHECK(report["command"] == "zugzwang solve --game-file " + kTicTacToe + " --json");
  REQUIRE(has_table(data.path));
  // A later run reads the table (the same class, named): the file is not written again.
  const auto written = std::filesystem::last_write_time(table_file(data.path));
  const json again = run_json({"solve", "--game-file", kTicTacToe + ":TicTacToe", "--data", dir, "--json"});
  CHECK(again["positions"] == 5478);
  CHECK(std::filesystem::last_write_time(table_file(data.path)) == written);

  // The position comes first when the game is a file; states are written as their repr.
  const json q = run_json({"query", "--game-file", kTicTacToe, "'XX..O.O..'", "--data", dir, "--json"});
  CHECK(q["value"] == "win");
  CHECK(q["remoteness"] == 1);
  CHECK(q["moves"][0]["move"] == "c1");
  const json start = run_json({"query", "--game-file", kTicTacToe, "start", "--data", dir, "--json"});
  CHECK(start["value"] == "draw");
  CHECK(start["moves"].size() == 9);
  const json line = run_json({"query", "--game-file", kTicTacToe, "'XX..O.O..'", "--line", "--data", dir, "--json"});
  CHECK(line["line"][0]["move"] == "c1");
  const json moved = run_json({"move", "--game-file", kTicTacToe, "start", "b2", "a1", "--json"});
  CHECK(moved["position"] == "'O...X....'");
  const json board = run_json({"board", "--game-file", kTicTacToe, "'X...O....'", "--json"});
  CHECK(board["board"]["files"] == 3);
  CHECK(board["board"]["squares"][6]["piece"]["label"] == "X");  // a1, bottom left

  const auto rows = run({"export", "--game-file", kTicTacToe, "--format", "jsonl", "--data", dir});
  REQUIRE(rows.code == 0);
  CHECK(std::count(rows.out.begin(), rows.out.end(), '\n') == 5478);
  const json wins = run_json({"export", "--game-file", kTicTacToe, "--where", "value=win", "--data", dir});
  CHECK(wins["positions"].size() == report["wins"].get<std::size_t>());
}

TEST_CASE("a published result from a twenty-line game file: Connect Four 4x4 is a draw (Tromp)") {
  cli_test::TempDir data;
  const json report = run_json(
      {"solve", "--game-file", kExamples + "/connect4.py:ConnectFour(4, 4)", "--data", data.path.string(), "--json"});
  CHECK(report["game"] == "connect4-4x4");
  CHECK(report["positions"] == 161029);
  CHECK(report["start"]["value"] == "draw");
}

TEST_CASE("a game file's mistakes: one line, exit code 2, no table") {
  cli_test::TempDir tmp;
  const auto data = tmp.path / "data";
  const std::string d = data.string();
  const auto games = tmp.path;
  auto refused = [&](const std::string& file, const std::string& reason, std::vector<std::string> more = {}) {
    std::vector<std::string> args{"solve", "--game-file", file, "--data", d};
    args.insert(args.end(), more.begin(), more.end());
    expect_refused(args, reason, data);
  };
  refused((games / "missing.py").string(), "does not exist");
  std::ofstream(games / "syntax.py") << "class Game:\n    def start(self)\n";
  refused((games / "syntax.py").string(), "does not import: SyntaxError");
  std::ofstream(games / "raises.py") << "raise RuntimeError('no\\nluck')\n";
  refused((games / "raises.py").string(), "does not import: RuntimeError: no\\x0aluck");
  refused(kTicTacToe + ":Nought", "defines no Nought");
  std::ofstream(games / "empty.py") << "X = 1\n";
  refused((games / "empty.py").string(), "defines no class with start, moves and outcome");
  refused(broken_game(games, "twice", "    pass\n\n\nclass Again(TicTacToe):\n    pass\n"), "several games");
  refused(broken_game(games, "args", "    def __init__(self, size):\n        self.size = size\n") + ":Broken",
          "Broken() raised TypeError");
  refused(kExamples + "/connect4.py:ConnectFour(4, os.getpid())", "are not Python literals");
  const std::string moves_raise = broken_game(
      games, "moves_raise",
      "    def moves(self, board):\n        if board == '....X....':\n            raise ZeroDivisionError('boom')\n"
      "        return super().moves(board)\n");
  refused(moves_raise + ":Broken", "moves('....X....') raised ZeroDivisionError: boom");
  refused(broken_game(games, "unhashable", "    def moves(self, board):\n        return [('a1', list(board))]\n") +
              ":Broken",
          "which is not hashable");
  refused(broken_game(games, "not_pair", "    def moves(self, board):\n        return ['a1']\n") + ":Broken",
          "not a pair (move_text, next_state)");
  refused(broken_game(games, "outcome_word", "    def outcome(self, board):\n        return 'won'\n") + ":Broken",
          "outcome('.........') returned 'won', not None");
  refused(kTicTacToe, "passes the memory limit of 100000 bytes", {"--memory", "100000"});
  // Control characters in a state are escaped in the one line.
  refused(broken_game(games, "control",
                      "    def start(self):\n        return '\\x1b[31m'\n"
                      "    def outcome(self, board):\n        return None\n"
                      "    def moves(self, board):\n        raise ValueError('bad')\n") +
              ":Broken",
          "moves('\\x1b[31m') raised ValueError: bad");
  // analyze: a game file's tables are whole, so there is nothing to search; said so.
  expect_refused({"analyze", "--game-file", kTicTacToe, "start", "--depth", "3", "--data", d},
                 "has no search: its tables hold every position's exact value", data);
  // A game file is named once, without rules.
  expect_refused({"solve", "--game", "tatedrez", "--game-file", kTicTacToe, "--data", d}, "not both", data);
  expect_refused({"solve", "tatedrez", "--game-file", kTicTacToe, "--data", d}, "too many positional options", data);
  expect_refused({"solve", "--game-file", kTicTacToe, "--rule", "a=b", "--data", d}, "--rule is for the built-in games",
                 data);
}
