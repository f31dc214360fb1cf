// Bad input to every command gets a one-line reason and exit code 2, never a crash.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli_runner.hpp"

using cli_test::expect_refused;
using cli_test::refused_in_one_line;
using cli_test::run;

namespace {

const std::string& solved_dir() {
  static cli_test::TempDir dir;
  static const std::string path = [] {
    REQUIRE(run({"solve", "tatedrez", "--data", dir.path.string()}).code == 0);
    return dir.path.string();
  }();
  return path;
}

}  // namespace

TEST_CASE("usage errors") {
  expect_refused({}, "missing command");
  expect_refused({"frobnicate"}, "unknown command");
  expect_refused({"solve"}, "game");
  expect_refused({"solve", "tatedrez", "--bogus"}, "bogus");
  expect_refused({"solve", "tatedrez", "--threads", "0", "--data", solved_dir()}, "threads");
  expect_refused({"solve", "tatedrez", "--threads", "two"}, "threads");
  expect_refused({"solve", "tatedrez", "--memory", "lots", "--data", solved_dir()}, "memory size 'lots'");
  expect_refused({"solve", "tatedrez", "--memory", "8X", "--data", solved_dir()}, "unknown unit");
  expect_refused({"solve", "tatedrez", "--memory", "0", "--data", solved_dir()}, "at least one byte");
  expect_refused({"solve", "tatedrez", "--working-state", "disk", "--data", solved_dir()}, "working state 'disk'");
  expect_refused({"query", "tatedrez"}, "position");
  expect_refused({"probe"}, "game");
  expect_refused({"probe", "go"}, "unknown game");
  expect_refused({"probe", "tatedrez", "--bogus"}, "bogus");
  expect_refused({"perft", "tatedrez", "start", "-1"}, "'-1'");
  expect_refused({"perft", "tatedrez", "start", "x"}, "depth");
  expect_refused({"export", "tatedrez", "--format", "xml", "--data", solved_dir()}, "format");
  expect_refused({"export", "tatedrez", "--where", "value=maybe", "--data", solved_dir()}, "where");
  expect_refused({"export", "tatedrez", "--where", "remoteness=3", "--data", solved_dir()}, "where");
  expect_refused({"solve", "tatedrez", "--material", "KQvK", "--data", solved_dir()}, "material");
  for (const char* command : {"games", "solve", "query", "probe", "export", "move", "perft"}) {
    const auto help = run({command, "--help"});
    CHECK(help.code == 0);
    CHECK(help.out.find("usage") != std::string::npos);
  }
}

TEST_CASE("unknown games and rules") {
  expect_refused({"solve", "checkers"}, "unknown game 'checkers'");
  expect_refused({"query", "go", "start"}, "unknown game");
  expect_refused({"solve", "tatedrez", "--rule", "speed=fast"}, "unknown rule 'speed'");
  expect_refused({"solve", "tatedrez", "--rule", "no-move=loss"}, "no-move=loss");
  expect_refused({"solve", "tatedrez", "--rule", "rounds=-3"}, "rounds");
  expect_refused({"move", "tatedrez", "start", "--rule", "rounds"}, "K=V");
}

TEST_CASE("malformed and impossible positions, illegal moves") {
  expect_refused({"query", "tatedrez", "3/3 w", "--data", solved_dir()}, "ranks");
  expect_refused({"query", "tatedrez", "RR1/3/3 b", "--data", solved_dir()}, "two white");
  expect_refused({"query", "tatedrez", "RBN/rbn/3 w", "--data", solved_dir()}, "both sides hold a line");
  expect_refused({"move", "tatedrez", "zzz"}, "bad tatedrez position");
  expect_refused({"move", "tatedrez", "start", "a1a2"}, "illegal");
  expect_refused({"move", "tatedrez", "start", "R@a1", "r@a1"}, "illegal");
  expect_refused({"move", "tatedrez", "start", "R@a1", "r@b1", "B@b2", "b@c2", "N@c3", "n@a3"}, "over");
  expect_refused({"perft", "tatedrez", "3/3/3 x", "2"}, "side to move");
}

TEST_CASE("a missing table is named with the command that builds it and its size") {
  cli_test::TempDir empty;
  const std::string data = empty.path.string();
  expect_refused({"query", "chess", "8/8/8/8/2r5/8/2k5/K6Q w - - 0 1", "--data", data},
                 "build it with `zugzwang solve chess --material KQvKR --data " + data + "` (at most 3.9 MB on disk; compressed, far less)");
  expect_refused({"export", "chess", "--material", "KRvK", "--data", data}, "zugzwang solve chess --material KRvK");
  expect_refused({"query", "tablut", "9/9/9/3W5/2BBK4/9/9/9/9 w", "--data", data},
                 "build it with `zugzwang solve tablut --material K1W2B --data " + data + "`");
  // A position of a sub-table names that table.
  expect_refused({"query", "chess", "8/8/8/8/8/8/2k5/K6Q w - - 0 1", "--data", data}, "--material KQvK ");
  CHECK(std::filesystem::is_empty(empty.path));  // refusing builds nothing
}

TEST_CASE("games that solve in seconds are solved on demand, then answered") {
  cli_test::TempDir fresh, solved;
  REQUIRE(run({"solve", "tatedrez", "--rule", "no-move=pass", "--data", solved.path.string()}).code == 0);
  const std::vector<std::string> query = {"query", "tatedrez", "rN1/1R1/nbB w 4", "--rule", "no-move=pass", "--json"};
  auto with = [&](const cli_test::TempDir& d) {
    auto args = query;
    args.insert(args.end(), {"--data", d.path.string()});
    return run(args);
  };
  const auto on_demand = with(fresh);
  REQUIRE(on_demand.code == 0);
  CHECK(on_demand.err.find("solving the whole game now (zugzwang solve tatedrez --rule no-move=pass --data") !=
        std::string::npos);
  CHECK(on_demand.out == with(solved).out);
  const auto again = with(fresh);  // the tables are there now: no second solve
  CHECK(again.err.empty());
  CHECK(again.out == on_demand.out);
  cli_test::TempDir for_export;
  const auto exported = run({"export", "tatedrez", "--format", "jsonl", "--limit", "3", "--data",
                             for_export.path.string()});
  CHECK(exported.code == 0);
  CHECK(std::count(exported.out.begin(), exported.out.end(), '\n') == 3);
}

TEST_CASE("corrupt, truncated and mismatched tables") {
  cli_test::TempDir dir;
  const auto data = dir.path.string();
  REQUIRE(run({"solve", "tatedrez", "--data", data}).code == 0);
  REQUIRE(run({"solve", "tatedrez", "--rule", "rounds=0", "--data", data}).code == 0);
  const auto variant = dir.path / "tatedrez" / "no-move=draw,rounds=30";
  const auto movement = variant / "movement.zzt";
  const std::string sound = cli_test::slurp(movement);
  auto write = [&](const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
  };
  const std::string position = "rN1/1R1/nbB w 4";

  // A flipped bit in the block index, right after the header (format 3).
  std::string flipped = sound;
  const std::size_t index = 12 + (static_cast<unsigned char>(sound[8]) | static_cast<unsigned char>(sound[9]) << 8);
  flipped[index + 8] = static_cast<char>(flipped[index + 8] ^ 0x10);
  write(movement, flipped);
  expect_refused({"query", "tatedrez", position, "--data", data}, "checksum");

  write(movement, sound.substr(0, sound.size() - 7));
  expect_refused({"query", "tatedrez", position, "--data", data}, "truncated");

  write(movement, sound.substr(0, 10));
  expect_refused({"query", "tatedrez", position, "--data", data}, "truncated");

  write(movement, "not a table at all");
  expect_refused({"query", "tatedrez", position, "--data", data}, "magic");

  // Another tier's file in this tier's place, and another rule variant's file.
  write(movement, cli_test::slurp(variant / "placement-5.zzt"));
  expect_refused({"query", "tatedrez", position, "--data", data}, "holds tier");
  write(movement, cli_test::slurp(dir.path / "tatedrez" / "no-move=draw,rounds=0" / "movement.zzt"));
  expect_refused({"query", "tatedrez", position, "--data", data}, "holds rules");

  // A table of another game in this game's place.
  std::string other = sound;
  const auto at = other.find("\"game\":\"tatedrez\"");
  REQUIRE(at != std::string::npos);
  other.replace(at, 17, "\"game\":\"taktikl!\"");
  write(movement, other);
  expect_refused({"query", "tatedrez", position, "--data", data}, "holds game");

  write(movement, sound);
  CHECK(run({"query", "tatedrez", position, "--data", data}).code == 0);
}

TEST_CASE("the results layer's limits and error kinds, as the command line answers them") {
  // analyze: api/limits.hpp, checked before any table opens
  expect_refused({"analyze", "tablut", "start", "--depth", "0"}, "depth must be between 1 and 200 plies");
  expect_refused({"analyze", "tablut", "start", "--depth", "201"}, "depth must be between 1 and 200 plies");
  expect_refused({"analyze", "tablut", "start"}, "exactly one of depth and seconds");
  expect_refused({"analyze", "tablut", "start", "--seconds", "0"}, "seconds must be above 0");
  expect_refused({"analyze", "tablut", "start", "--seconds", "1", "--time", "1"}, "not both");
  // review's proof options
  expect_refused({"review", "tatedrez", "start", "--proof-plies", "65", "--data", solved_dir()}, "proof_plies");
  expect_refused({"review", "tatedrez", "start", "--proof-plies", "2", "--proof-nodes", "0", "--data", solved_dir()},
                 "proof_nodes");
  expect_refused({"perft", "tatedrez", "start", "31"}, "perft depth must be between 0 and 30");
  // a position no table can hold: its own kind, not a missing table
  const auto r = run({"query", "chess", "start", "--data", solved_dir()});
  CHECK(refused_in_one_line(r));
  CHECK(r.err.find("not covered by the tables") != std::string::npos);
  CHECK(r.err.find("castling") != std::string::npos);
  // the board of a bad position
  expect_refused({"board", "dobutsu", "gle/1c1 s -"}, "bad dobutsu position");
}

TEST_CASE("board: the position as data, every legal move as squares") {
  const auto r = run({"board", "tatedrez", "3/1R1/r2 w", "--json"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("\"hands\":[[{\"kind\":\"bishop\",\"owner\":0") != std::string::npos);
  CHECK(r.out.find("{\"move\":\"B@a3\",\"to\":\"a3\",\"drop\":{\"kind\":\"bishop\",\"owner\":0") != std::string::npos);
  const auto text = run({"board", "tablut", "start"});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("White to move") != std::string::npos);
  CHECK(text.out.find("camp = camp") != std::string::npos);
}
