#pragma once
// The referee of one game between two connected players, speaking the Tablut Challenge
// server's protocol exactly as the reference server does: the state to both players after
// every move, the move of the side to move within the time limit, the game over at a king
// capture or escape, at the first repetition of a position (a draw), or when the side to move
// has no legal move (a loss). Like the reference server (which checks once a second and then
// exits), a late move, an illegal move or a player that disconnects loses, and the referee
// then closes both connections without a last message. Time is measured strictly: from the
// moment the state is sent to the moment the whole move has arrived.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "core/tablut/repetition.hpp"
#include "tools/protocol/framing.hpp"
#include "tools/protocol/messages.hpp"

namespace zz::match {

using Clock = std::chrono::steady_clock;

// A loopback listening socket on an ephemeral port.
class Listener {
 public:
  Listener() : socket_(::socket(AF_INET, SOCK_STREAM, 0)) {
    if (socket_.fd() < 0) throw std::runtime_error("cannot create a socket");
    const int one = 1;
    ::setsockopt(socket_.fd(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(socket_.fd(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(socket_.fd(), 1) != 0)
      throw std::runtime_error("cannot listen on loopback");
    socklen_t len = sizeof addr;
    ::getsockname(socket_.fd(), reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
  }
  int port() const { return port_; }

  // The next connection, or nullopt if none arrives before the deadline.
  std::optional<protocol::Socket> accept(Clock::time_point deadline) {
    pollfd p{socket_.fd(), POLLIN, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (::poll(&p, 1, static_cast<int>(std::max<long long>(0, left))) <= 0) return std::nullopt;
    protocol::Socket s(::accept(socket_.fd(), nullptr, nullptr));
    if (s.fd() < 0) return std::nullopt;
    const int one = 1;
    ::setsockopt(s.fd(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return s;
  }

 private:
  protocol::Socket socket_;
  int port_ = 0;
};

// One message read before the deadline: the text, or why there is none.
struct Received {
  enum class Status { Message, Timeout, Closed } status = Status::Closed;
  std::string text;
};

inline Received receive_until(int fd, Clock::time_point deadline) {
  std::string buffer;
  std::size_t need = 4;
  bool have_length = false;
  while (buffer.size() < need) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return {Received::Status::Timeout, {}};
    pollfd p{fd, POLLIN, 0};
    const int r = ::poll(&p, 1, static_cast<int>(left));
    if (r == 0) return {Received::Status::Timeout, {}};
    if (r < 0) continue;
    std::array<char, 4096> chunk{};
    const ssize_t n = ::recv(fd, chunk.data(), std::min(chunk.size(), need - buffer.size()), 0);
    if (n <= 0) return {Received::Status::Closed, {}};
    buffer.append(chunk.data(), static_cast<std::size_t>(n));
    if (!have_length && buffer.size() == 4) {
      const auto b = [&](int i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(buffer[i])); };
      const std::uint32_t size = b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3);
      if (size > protocol::kMaxMessageBytes) return {Received::Status::Closed, {}};
      need = 4 + size;
      have_length = true;
    }
  }
  return {Received::Status::Message, buffer.substr(4)};
}

enum class Winner { White, Black, Draw };

struct GameRecord {
  tablut::Position start;
  std::vector<tablut::Move> moves;
  Winner winner = Winner::Draw;
  std::string reason;  // "king escaped", "king captured", "repetition", "time", ...
  std::array<double, 2> longest{0, 0};  // each side's slowest move, seconds (White, Black)
  std::vector<double> seconds;           // each move's time as the referee measured it
};

struct RefereeOptions {
  double seconds_per_move = 5;
  int max_plies = 500;  // a game this long is adjudicated a draw
};

// Plays the game from `start` between two players whose names have been read.
inline GameRecord referee_game(protocol::Socket& white, protocol::Socket& black, const tablut::Position& start,
                               const RefereeOptions& options) {
  using tablut::Color;
  const tablut::Tablut game;
  GameRecord record;
  record.start = start;
  tablut::Position p = start;
  tablut::RepetitionHistory history(p);
  const auto send_both = [&](protocol::Turn turn) {
    const std::string state = protocol::encode_state(p, turn);
    for (protocol::Socket* s : {&white, &black}) {
      try {
        protocol::send_message(s->fd(), state);
      } catch (const std::exception&) {
        // A player that went away loses when it is its turn; the game goes on until then.
      }
    }
  };
  const auto end = [&](Winner w, std::string reason, bool announce) {
    record.winner = w;
    record.reason = std::move(reason);
    if (announce)
      send_both(w == Winner::White ? protocol::Turn::WhiteWin
                : w == Winner::Black ? protocol::Turn::BlackWin
                                     : protocol::Turn::Draw);
    return record;
  };
  const auto turn_of = [](const tablut::Position& q) {
    return q.turn == Color::White ? protocol::Turn::White : protocol::Turn::Black;
  };
  send_both(turn_of(p));
  for (int ply = 0;; ++ply) {
    const bool white_moves = p.turn == Color::White;
    const Winner other = white_moves ? Winner::Black : Winner::White;
    const std::string mover = white_moves ? "White" : "Black";
    if (!tablut::has_legal_move(p)) return end(other, mover + " has no legal move", true);
    if (ply >= options.max_plies) return end(Winner::Draw, "ply limit", true);
    const auto sent = Clock::now();
    const auto limit = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.seconds_per_move));
    const Received r = receive_until((white_moves ? white : black).fd(), sent + limit);
    const double took = std::chrono::duration<double>(Clock::now() - sent).count();
    double& longest = record.longest[white_moves ? 0 : 1];
    longest = std::max(longest, took);
    record.seconds.push_back(took);
    if (r.status == Received::Status::Timeout) return end(other, mover + " ran out of time", false);
    if (r.status == Received::Status::Closed) return end(other, mover + " disconnected", false);
    tablut::Move m;
    try {
      const nlohmann::json j = nlohmann::json::parse(r.text);
      m = game.parse_move(p, j.at("from").get<std::string>() + j.at("to").get<std::string>());
    } catch (const std::exception& e) {
      return end(other, mover + " sent an illegal move: " + std::string(e.what()), false);
    }
    record.moves.push_back(m);
    p = game.play(p, m);
    if (!p.has_king()) return end(Winner::Black, "king captured", true);
    if (p.king_escaped()) return end(Winner::White, "king escaped", true);
    if (history.push(p)) return end(Winner::Draw, "repetition", true);
    send_both(turn_of(p));
  }
}

}  // namespace zz::match
