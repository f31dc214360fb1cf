// The competition client against a fake server on 127.0.0.1 that speaks the protocol, and the
// message parser against malformed server messages.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "tests/tablut/fake_server.hpp"
#include "tests/tablut/helpers.hpp"
#include "tools/protocol/client.hpp"

using namespace zz::tablut;
using namespace zz::protocol;
using zz::tablut::test::make;
using nlohmann::json;
using zz::tablut::test::FakeServer;

namespace {

void expect(bool condition, const std::string& what) {
  if (!condition) throw std::runtime_error(what);
}

std::string receive(int fd) {
  const auto m = receive_message(fd);
  expect(m.has_value(), "client closed the connection");
  return *m;
}

Move first_move(const Position& p) {
  Move chosen{};
  bool found = false;
  for_each_move(p, [&](Move m) {
    if (!found) chosen = m;
    found = true;
  });
  return chosen;
}

void send_raw(int fd, const std::string& bytes) {
  expect(::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size()), "send failed");
}

// Runs the client as White against a server that sends one malformed message first; returns
// the message of the InputError the client must raise, or a note that it raised none.
std::string client_error_for(const std::function<void(int)>& send_bad) {
  FakeServer server;
  server.serve([&](int fd) {
    receive(fd);
    send_bad(fd);
    // End of our data (a truncated message needs it), then wait for the client to hang up,
    // so that closing cannot cut off what was sent.
    ::shutdown(fd, SHUT_WR);
    char byte;
    while (::recv(fd, &byte, 1, 0) > 0) {
    }
  });
  std::string error = "no InputError";
  try {
    play_game("127.0.0.1", server.port(), Color::White, "tester", 5.0, [](const Position& p, Clock::time_point) {
      return first_move(p);
    });
  } catch (const zz::InputError& e) {
    error = e.what();
  }
  CHECK(server.finish().empty());
  return error;
}

bool mentions(const std::string& message, std::string_view part) { return message.find(part) != std::string::npos; }

std::string state_with_board(const json& board, const std::string& turn = "WHITE") {
  return json{{"board", board}, {"turn", turn}}.dump();
}

json start_board() { return json::parse(encode_state(Tablut().start(), Turn::White))["board"]; }

}  // namespace

TEST_CASE("messages: states, moves and names as the server writes and reads them") {
  const Tablut game;
  const ServerState s = parse_state(encode_state(game.start(), Turn::White));
  CHECK(s.turn == Turn::White);
  CHECK_FALSE(s.finished());
  CHECK(s.position == game.start());
  const json board = start_board();
  CHECK(board[0][3] == "BLACK");
  CHECK(board[4][4] == "KING");
  CHECK(board[2][4] == "WHITE");
  CHECK(board[0][0] == "EMPTY");
  CHECK(json::parse(encode_state(make("", "", "c3", Color::Black), Turn::Black))["board"][4][4] == "THRONE");
  CHECK(json::parse(encode_move(game.parse_move(game.start(), "e3-f3"), Color::White)) ==
        json{{"from", "e3"}, {"to", "f3"}, {"turn", "WHITE"}});
  CHECK(encode_name("zug \"zwang\"") == "\"zug \\\"zwang\\\"\"");
  CHECK(parse_state(state_with_board(board, "BLACKWIN")).turn == Turn::BlackWin);
  CHECK(parse_state(state_with_board(board, "DRAW")).finished());
}

TEST_CASE("messages: malformed server states are InputErrors that say what is wrong") {
  auto error = [](const std::string& text) {
    try {
      parse_state(text);
    } catch (const zz::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  json board = start_board();
  CHECK(mentions(error("{\"board\": [}"), "not valid JSON"));
  CHECK(mentions(error(""), "not valid JSON"));
  CHECK(mentions(error("[1, 2]"), "expected a JSON object"));
  CHECK(mentions(error(json{{"board", board}}.dump()), "missing \"turn\""));
  CHECK(mentions(error(state_with_board(board, "PURPLE")), "unknown turn \"PURPLE\""));
  CHECK(mentions(error(json{{"turn", "WHITE"}}.dump()), "missing \"board\""));
  json short_board = board;
  short_board.erase(8);
  CHECK(mentions(error(state_with_board(short_board)), "8 rows"));
  json long_row = board;
  long_row[2].push_back("EMPTY");
  CHECK(mentions(error(state_with_board(long_row)), "row 3 is not an array of 9 cells"));
  json queen = board;
  queen[2][3] = "QUEEN";
  CHECK(mentions(error(state_with_board(queen)), "unknown cell \"QUEEN\" on d3"));
  json number = board;
  number[0][0] = 7;
  CHECK(mentions(error(state_with_board(number)), "unknown cell 7 on a1"));
  json two_kings = board;
  two_kings[2][2] = "KING";
  CHECK(mentions(error(state_with_board(two_kings)), "two kings"));
  json misplaced_throne = board;
  misplaced_throne[0][0] = "THRONE";
  CHECK(mentions(error(state_with_board(misplaced_throne)), "the throne is e5"));
  CHECK(mentions(error("{\"board\": \"\xff\xfe\", \"turn\": \"WHITE\"}"), "not valid JSON"));
}

TEST_CASE("client: plays a short game as White against a fake server") {
  const Tablut game;
  FakeServer server;
  std::vector<Position> seen_by_server;
  server.serve([&](int fd) {
    expect(json::parse(receive(fd)) == "tester", "the client must declare its name first");
    Position p = game.start();
    send_message(fd, encode_state(p, Turn::White));
    for (int round = 0; round < 3; ++round) {
      const json move = json::parse(receive(fd));
      expect(move.at("turn") == "WHITE", "the move must carry the mover's turn");
      const Move m = game.parse_move(p, move.at("from").get<std::string>() + move.at("to").get<std::string>());
      p = game.play(p, m);
      send_message(fd, encode_state(p, Turn::Black));
      p = game.play(p, first_move(p));
      seen_by_server.push_back(p);
      send_message(fd, encode_state(p, Turn::White));
    }
    receive(fd);
    send_message(fd, encode_state(p, Turn::Draw));
  });
  std::vector<Position> seen_by_client;
  const auto chooser = [&](const Position& p, Clock::time_point deadline) {
    CHECK(deadline > Clock::now());
    CHECK(deadline <= Clock::now() + std::chrono::seconds(10));
    seen_by_client.push_back(p);
    return first_move(p);
  };
  const GameResult result = play_game("127.0.0.1", server.port(), Color::White, "tester", 10.0, chooser);
  CHECK(server.finish().empty());
  CHECK(result == GameResult::Draw);
  REQUIRE(seen_by_client.size() == 4);
  CHECK(seen_by_client[0] == game.start());
  for (int i = 0; i < 3; ++i) CHECK(seen_by_client[i + 1] == seen_by_server[i]);
}

TEST_CASE("client: as Black it waits for White, takes any board the server sends, and wins") {
  const Tablut game;
  // Black to move can capture the king on c3 with d2-d3; the server jumps there directly.
  const Position trap = make("", "b3 d2", "c3", Color::Black);
  FakeServer server;
  server.serve([&](int fd) {
    receive(fd);
    send_message(fd, encode_state(game.start(), Turn::White));
    send_message(fd, encode_state(trap, Turn::Black));
    const json move = json::parse(receive(fd));
    expect(move == json{{"from", "d2"}, {"to", "d3"}, {"turn", "BLACK"}}, "unexpected move " + move.dump());
    send_message(fd, encode_state(trap, Turn::BlackWin));
  });
  int calls = 0;
  const auto capture_king = [&](const Position& p, Clock::time_point) {
    ++calls;
    CHECK(p == trap);
    Move winning{};
    for_each_move(p, [&](Move m) {
      if (!game.play(p, m).has_king()) winning = m;
    });
    return winning;
  };
  CHECK(play_game("127.0.0.1", server.port(), Color::Black, "tester", 2.0, capture_king) == GameResult::BlackWin);
  CHECK(calls == 1);
  CHECK(server.finish().empty());
}

TEST_CASE("client: malformed server messages end the game with an InputError, not a crash") {
  CHECK(mentions(client_error_for([](int fd) { send_raw(fd, std::string("\xff\xff\xff\xff", 4)); }),
                 "length -1 is out of range"));
  CHECK(mentions(client_error_for([](int fd) { send_raw(fd, std::string("\x40\x00\x00\x00", 4)); }),
                 "is out of range"));
  CHECK(mentions(client_error_for([](int fd) { send_raw(fd, std::string("\x00\x00\x00\x64{\"board\"", 12)); }),
                 "truncated"));
  CHECK(mentions(client_error_for([](int fd) { send_message(fd, "{\"board\": [["); }), "not valid JSON"));
  CHECK(mentions(client_error_for([](int fd) { send_message(fd, "{\"board\": [], \"turn\": \"WHITE\"}"); }),
                 "0 rows"));
  CHECK(mentions(client_error_for([](int fd) {
                   json board = start_board();
                   board[8][8] = "DRAGON";
                   send_message(fd, state_with_board(board));
                 }),
                 "unknown cell \"DRAGON\" on i9"));
}

TEST_CASE("client: a server that hangs up or is absent is a runtime error") {
  FakeServer server;
  server.serve([](int fd) { receive(fd); });
  CHECK_THROWS_AS(play_game("127.0.0.1", server.port(), Color::White, "tester", 1.0,
                            [](const Position& p, Clock::time_point) { return first_move(p); }),
                  std::runtime_error);
  CHECK(server.finish().empty());
  int closed_port = 0;
  {
    FakeServer gone;
    closed_port = gone.port();
  }
  CHECK_THROWS_AS(connect_to("127.0.0.1", closed_port), std::runtime_error);
}

TEST_CASE("client: an illegal move from the chooser is refused before it reaches the server") {
  FakeServer server;
  server.serve([](int fd) {
    receive(fd);
    send_message(fd, encode_state(Tablut().start(), Turn::White));
    char byte;
    while (::recv(fd, &byte, 1, 0) > 0) {
    }
  });
  CHECK_THROWS_AS(play_game("127.0.0.1", server.port(), Color::White, "tester", 1.0,
                            [](const Position&, Clock::time_point) { return Move{0, 1}; }),
                  std::logic_error);
  CHECK(server.finish().empty());
}

TEST_CASE("thinking time keeps a margin") {
  CHECK(thinking_time(60.0) == std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(59)));
  CHECK(thinking_time(1.0) == std::chrono::duration_cast<Clock::duration>(std::chrono::milliseconds(800)));
  CHECK(thinking_time(0.0) == Clock::duration::zero());
}
