#pragma once
// A player for the Tablut Challenge server: connects, declares its name, and answers every
// state in which it is to move with the move its chooser picks, until the server ends the game.
#include <chrono>
#include <functional>
#include <iosfwd>
#include <string>

#include "core/tablut/position.hpp"
#include "tools/protocol/framing.hpp"
#include "tools/protocol/messages.hpp"

namespace zz::protocol {

using Clock = std::chrono::steady_clock;

// Picks a legal move in a position where the player is to move, before the deadline.
using MoveChooser = std::function<tablut::Move(const tablut::Position&, Clock::time_point deadline)>;

// The server announces a win or a draw; or it closes the connection during the game, which
// the reference server does (without a last message) when a player runs out of time or sends
// an illegal move: the game is then over on the turn of the side it was waiting for.
enum class GameResult { WhiteWin, BlackWin, Draw, ClosedOnWhiteTurn, ClosedOnBlackTurn };

std::string_view to_string(GameResult r);

// The server's ports: White 5800, Black 5801.
constexpr int default_port(tablut::Color c) { return c == tablut::Color::White ? 5800 : 5801; }

// The time the chooser gets out of the server's limit per move: a margin of a fifth of the
// limit, at most one second, is kept for the network and the server's own bookkeeping, since
// a late move loses the game.
Clock::duration thinking_time(double seconds_per_move);

// Plays one game as `color` on an open connection and returns the result the server announced.
// Progress lines go to log when it is set. A connection the server closes once the game has
// started ends the game (ClosedOn...Turn, the side the server was waiting for). Throws
// zz::InputError on a malformed server message, std::runtime_error when the connection is lost
// before the first state, std::logic_error when the chooser returns an illegal move.
GameResult play_game(Socket& server, tablut::Color color, const std::string& name, double seconds_per_move,
                     const MoveChooser& choose, std::ostream* log = nullptr);

// Connects to host:port first.
GameResult play_game(const std::string& host, int port, tablut::Color color, const std::string& name,
                     double seconds_per_move, const MoveChooser& choose, std::ostream* log = nullptr);

}  // namespace zz::protocol
