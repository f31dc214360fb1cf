#pragma once
// The JSON messages of the Tablut Challenge server.
//   client -> server, once:          "name"                       (a JSON string)
//   server -> both, after each move: {"board": [[9 cells] x 9], "turn": "WHITE"}
//                                    board[0] is row 1; cells EMPTY|WHITE|BLACK|THRONE|KING;
//                                    turn WHITE|BLACK|WHITEWIN|BLACKWIN|DRAW
//   side to move -> server:          {"from": "e3", "to": "f3", "turn": "WHITE"}
#include <string>
#include <string_view>

#include "core/tablut/position.hpp"

namespace zz::protocol {

enum class Turn { White, Black, WhiteWin, BlackWin, Draw };

struct ServerState {
  Turn turn = Turn::White;
  // The board with the side to move; meaningful only while the game goes on (turn White or
  // Black). The server is authoritative: any valid board is taken, reachable or not.
  tablut::Position position;

  bool finished() const { return turn != Turn::White && turn != Turn::Black; }
};

// Throws zz::InputError naming the problem: not JSON, not an object, a board that is not 9x9
// strings, an unknown cell or turn, or a board the rules exclude (two kings, ...).
ServerState parse_state(std::string_view json_text);

std::string encode_name(const std::string& name);
std::string encode_move(tablut::Move m, tablut::Color mover);
// What the server sends; for tests and tools that stand in for it.
std::string encode_state(const tablut::Position& p, Turn turn);

std::string_view to_string(Turn t);

}  // namespace zz::protocol
