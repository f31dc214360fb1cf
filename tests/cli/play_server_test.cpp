// `zugzwang play-server tablut` against a fake competition server on loopback.
#include <doctest/doctest.h>

#include <future>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "core/tablut/game.hpp"
#include "tests/tablut/fake_server.hpp"
#include "tools/protocol/messages.hpp"

using cli_test::run;
using nlohmann::json;
using zz::tablut::test::FakeServer;
using namespace zz::protocol;

namespace {

std::string receive(int fd) {
  const auto m = receive_message(fd);
  if (!m) throw std::runtime_error("the client closed the connection");
  return *m;
}

}  // namespace

TEST_CASE("play-server plays legal moves as White until the server ends the game") {
  // The fake server referees like the real one: a move that decides the game (the king
  // escaped or captured, the opponent left without a move) ends it with the result; after
  // four undecided rounds it declares a draw. How soon White wins depends on how deep the
  // client searched in its time, so the expected line is the one this referee announced.
  const zz::tablut::Tablut game;
  FakeServer server;
  int moves_received = 0;
  std::string announced;
  server.serve([&](int fd) {
    if (json::parse(receive(fd)) != "zugzwang") throw std::runtime_error("expected the default name first");
    auto p = game.start();
    const auto send_turn_or_result = [&](Turn next) {
      if (!game.outcome(p)) {
        send_message(fd, encode_state(p, next));
        return false;
      }
      // The side to move has lost.
      const Turn result = next == Turn::White ? Turn::BlackWin : Turn::WhiteWin;
      announced = result == Turn::WhiteWin ? "white wins\n" : "black wins\n";
      send_message(fd, encode_state(p, result));
      return true;
    };
    send_message(fd, encode_state(p, Turn::White));
    for (int round = 0; round < 4; ++round) {
      const json move = json::parse(receive(fd));
      p = game.play(p, game.parse_move(p, move.at("from").get<std::string>() + move.at("to").get<std::string>()));
      ++moves_received;
      if (send_turn_or_result(Turn::Black)) return;
      bool replied = false;
      game.for_each_move(p, [&](zz::tablut::Move reply) {
        if (replied) return;
        replied = true;
        p = game.play(p, reply);
      });
      if (send_turn_or_result(Turn::White)) return;
    }
    receive(fd);
    announced = "draw\n";
    send_message(fd, encode_state(p, Turn::Draw));
  });
  const auto r = run({"play-server", "tablut", "--color", "white", "--port", std::to_string(server.port()), "--time", "5"});
  const std::string failure = server.finish();
  INFO("fake server: " << failure << "; client's stderr: " << r.err);
  CHECK(failure.empty());
  CHECK(r.code == 0);
  CHECK(!announced.empty());
  CHECK(r.out == announced);
  CHECK(moves_received >= 1);
}

TEST_CASE("play-server answers a malformed server message with a one-line reason and exit code 2") {
  FakeServer server;
  server.serve([&](int fd) {
    receive(fd);
    send_message(fd, R"({"board":[["EMPTY"]],"turn":"WHITE"})");
    char byte;
    while (::recv(fd, &byte, 1, 0) > 0) {
    }
  });
  const auto r = run({"play-server", "tablut", "--color", "black", "--port", std::to_string(server.port())});
  CHECK(server.finish().empty());
  CHECK(cli_test::refused_in_one_line(r));
}

TEST_CASE("play-server refuses bad options") {
  CHECK(cli_test::refused_in_one_line(run({"play-server", "chess", "--color", "white"})));
  CHECK(cli_test::refused_in_one_line(run({"play-server", "tablut", "--color", "green"})));
  CHECK(cli_test::refused_in_one_line(run({"play-server", "tablut", "--color", "white", "--time", "0"})));
  CHECK(cli_test::refused_in_one_line(run({"play-server", "tablut", "--color", "white", "--port", "70000"})));
  CHECK(cli_test::refused_in_one_line(run({"play-server", "tablut"})));
}

TEST_CASE("the server closing the connection after the opponent's timeout ends the game normally") {
  // The reference server closes both connections, with no last message, when the side it
  // waits for runs out of time: here White (our client plays Black) never moves.
  const zz::tablut::Tablut game;
  FakeServer server;
  server.serve([&](int fd) {
    receive(fd);
    send_message(fd, encode_state(game.start(), Turn::White));
  });
  const auto r = run({"play-server", "tablut", "--color", "black", "--port", std::to_string(server.port()), "--time", "5"});
  CHECK(server.finish().empty());
  CHECK(r.code == 0);
  CHECK(r.out.find("White's turn") != std::string::npos);
}

TEST_CASE("a connection closed before the game started is still an error") {
  FakeServer server;
  server.serve([&](int fd) { receive(fd); });
  const auto r = run({"play-server", "tablut", "--color", "black", "--port", std::to_string(server.port())});
  CHECK(server.finish().empty());
  CHECK(r.code != 0);
}
