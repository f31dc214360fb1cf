// Twenty games (12 plies each at most, 0.6 s a move) of `zugzwang play-server` against itself through the competition protocol,
// refereed by `zugzwang match` (a server on loopback that measures every move's time
// strictly): every game ends by the rules, no move is illegal or late, and every move
// recorded replays legally from its start.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/tablut/game.hpp"
#include "tests/cli/cli_runner.hpp"

TEST_CASE("20 self-play games under the real protocol: no illegal move, no loss on time") {
  const std::string engine = std::string(ZZ_CLI_PATH) + " play-server tablut --hash 8";
  const auto r = cli_test::run({"match", "tablut", "--first", engine, "--second", engine, "--games", "20", "--time",
                                "0.6", "--max-plies", "12", "--json"});
  REQUIRE(r.code == 0);
  const auto last_line = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  const auto doc = nlohmann::json::parse(last_line);
  REQUIRE(doc.at("games").size() == 20);
  const zz::tablut::Tablut g;
  for (const auto& game : doc.at("games")) {
    const std::string reason = game.at("reason");
    CAPTURE(reason);
    CHECK((reason == "king escaped" || reason == "king captured" || reason == "repetition" || reason == "ply limit" ||
           reason.find("no legal move") != std::string::npos));
    CHECK(game.at("slowest_white").get<double>() < 0.6);
    CHECK(game.at("slowest_black").get<double>() < 0.6);
    auto p = g.parse(game.at("start").get<std::string>());
    for (const auto& m : game.at("moves")) p = g.play(p, g.parse_move(p, m.get<std::string>()));
  }
}

TEST_CASE("match refuses engines it cannot run, and bad options, with a one-line reason") {
  const std::string engine = std::string(ZZ_CLI_PATH) + " play-server tablut";
  CHECK(cli_test::refused_in_one_line(
      cli_test::run({"match", "tablut", "--first", "/nonexistent/engine", "--second", engine, "--games", "1"})));
  CHECK(cli_test::refused_in_one_line(
      cli_test::run({"match", "tablut", "--first", engine, "--second", "no-such-engine-zz", "--games", "1"})));
  CHECK(cli_test::refused_in_one_line(cli_test::run({"match", "tablut", "--first", engine, "--second", engine, "--games", "0"})));
  CHECK(cli_test::refused_in_one_line(cli_test::run({"match", "tablut", "--first", engine, "--second", engine, "--time", "-1"})));
  CHECK(cli_test::refused_in_one_line(cli_test::run({"match", "chess", "--first", engine, "--second", engine})));
}
