#include "tools/protocol/client.hpp"

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "core/tablut/movegen.hpp"
#include "core/tablut/notation.hpp"

namespace zz::protocol {

std::string_view to_string(GameResult r) {
  switch (r) {
    case GameResult::WhiteWin: return "white wins";
    case GameResult::BlackWin: return "black wins";
    case GameResult::Draw: return "draw";
    case GameResult::ClosedOnWhiteTurn: return "the server closed the game on White's turn (White lost on time or by an illegal move)";
    case GameResult::ClosedOnBlackTurn: return "the server closed the game on Black's turn (Black lost on time or by an illegal move)";
  }
  return "?";
}

Clock::duration thinking_time(double seconds_per_move) {
  const double margin = std::min(1.0, 0.2 * seconds_per_move);
  const double seconds = std::max(0.0, seconds_per_move - margin);
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

GameResult play_game(Socket& server, tablut::Color color, const std::string& name, double seconds_per_move,
                     const MoveChooser& choose, std::ostream* log) {
  const Turn own_turn = color == tablut::Color::White ? Turn::White : Turn::Black;
  send_message(server.fd(), encode_name(name));
  // The side the server waits for, once the game has started.
  std::optional<Turn> waiting_for;
  const auto closed = [&] {
    if (log) *log << "the server closed the connection\n";
    return *waiting_for == Turn::White ? GameResult::ClosedOnWhiteTurn : GameResult::ClosedOnBlackTurn;
  };
  while (true) {
    std::optional<std::string> message;
    try {
      message = receive_message(server.fd());
    } catch (const ConnectionClosed&) {
      if (!waiting_for) throw;
    }
    const Clock::time_point received = Clock::now();
    if (!message) {
      if (!waiting_for) throw std::runtime_error("the server closed the connection before the game started");
      return closed();
    }
    const ServerState state = parse_state(*message);
    if (!state.finished()) waiting_for = state.turn;
    switch (state.turn) {
      case Turn::WhiteWin: return GameResult::WhiteWin;
      case Turn::BlackWin: return GameResult::BlackWin;
      case Turn::Draw: return GameResult::Draw;
      case Turn::White:
      case Turn::Black: break;
    }
    if (log) *log << "state: " << tablut::format_position(state.position) << '\n';
    if (state.turn != own_turn) continue;
    if (!tablut::has_legal_move(state.position)) {
      // Nothing can be sent; the server ends the game when the move time runs out.
      if (log) *log << "no legal move; waiting for the server\n";
      continue;
    }
    const tablut::Move m = choose(state.position, received + thinking_time(seconds_per_move));
    if (const std::string why = tablut::illegal_reason(state.position, m); !why.empty())
      throw std::logic_error("the move chooser returned the illegal move " + tablut::format_move(m) + ": " + why);
    if (log) *log << "move: " << tablut::format_move(m) << '\n';
    try {
      send_message(server.fd(), encode_move(m, color));
    } catch (const ConnectionClosed&) {
      return closed();
    }
  }
}

GameResult play_game(const std::string& host, int port, tablut::Color color, const std::string& name,
                     double seconds_per_move, const MoveChooser& choose, std::ostream* log) {
  Socket server = connect_to(host, port);
  return play_game(server, color, name, seconds_per_move, choose, log);
}

}  // namespace zz::protocol
