// perft and move for chess and Tablut through the command line.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

TEST_CASE("chess perft and divide from a FEN or startpos") {
  auto r = run({"perft", "chess", "startpos", "4"});
  REQUIRE(r.code == 0);
  CHECK(r.out == "nodes 197281\n");
  r = run({"perft", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "2", "--divide"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("e1g1: ") != std::string::npos);
  CHECK(r.out.find("nodes 2039\n") != std::string::npos);
}

TEST_CASE("chess move plays UCI moves and names the winner") {
  auto r = run({"move", "chess", "startpos", "f2f3", "e7e5", "g2g4", "d8h4", "--json"});
  REQUIRE(r.code == 0);
  const json m = json::parse(r.out);
  CHECK(m["over"] == true);
  CHECK(m["result"] == "Black wins");
  CHECK(cli_test::refused_in_one_line(run({"move", "chess", "startpos", "e2e5"})));
  CHECK(cli_test::refused_in_one_line(run({"move", "chess", "startpos", "e7e8q"})));
  CHECK(cli_test::refused_in_one_line(run({"perft", "chess", "8/8/8/8/8/8/8/8 w - - 0 1", "1"})));
  CHECK(cli_test::refused_in_one_line(run({"perft", "chess", "kk6/8/8/8/8/8/8/K7 w - - 0 1", "1"})));
}

TEST_CASE("Tablut perft, moves in both notations, and the repetition draw") {
  auto r = run({"perft", "tablut", "start", "2"});
  REQUIRE(r.code == 0);
  CHECK(r.out == "nodes 4408\n");
  // The server's 81-character form of the start position.
  r = run({"perft", "tablut", "OOOBBBOOOOOOOBOOOOOOOOWOOOOBOOOWOOOBBBWWKWWBBBOOOWOOOBOOOOWOOOOOOOOBOOOOOOOBBBOOOW", "1"});
  REQUIRE(r.code == 0);
  CHECK(r.out == "nodes 56\n");
  // A black pawn that left its camp may not come back, so Black cycles outside it; the
  // position after ply 2 comes round again after ply 6 and the game is drawn.
  r = run({"move", "tablut", "start", "c5-c6", "d9-d8", "c6-c5", "d8-c8", "c5-c6", "c8-d8", "--json"});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const json m = json::parse(r.out);
  CHECK(m["over"] == true);
  CHECK(m["result"] == "draw by repetition");
  CHECK(cli_test::refused_in_one_line(run({"move", "tablut", "start", "c5-c6", "d9-d8", "c6-c5", "d8-c8", "c5-c6",
                                           "c8-d8", "c6-c5"})));
  CHECK(cli_test::refused_in_one_line(run({"move", "tablut", "start", "e3-e5"})));
  CHECK(cli_test::refused_in_one_line(run({"move", "tablut", "start", "e3-f3", "e3-f3"})));
}
