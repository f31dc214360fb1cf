#include "tools/protocol/messages.hpp"

#include <array>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/tablut/notation.hpp"

namespace zz::protocol {
namespace {

using nlohmann::json;

[[noreturn]] void reject(const std::string& why) { throw InputError("server state: " + why); }

constexpr std::array<std::string_view, 5> kTurnNames = {"WHITE", "BLACK", "WHITEWIN", "BLACKWIN", "DRAW"};

std::optional<Turn> parse_turn(std::string_view s) {
  for (std::size_t i = 0; i < kTurnNames.size(); ++i)
    if (s == kTurnNames[i]) return static_cast<Turn>(i);
  return std::nullopt;
}

// The server's cell names, as the characters of the 81-character board text.
char cell_char(const std::string& cell) {
  if (cell == "EMPTY") return 'O';
  if (cell == "WHITE") return 'W';
  if (cell == "BLACK") return 'B';
  if (cell == "THRONE") return 'T';
  if (cell == "KING") return 'K';
  return 0;
}

// Short, printable excerpt of what the server sent, for error messages.
std::string excerpt(const json& j) {
  std::string s = j.dump(-1, ' ', true, json::error_handler_t::replace);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

}  // namespace

std::string_view to_string(Turn t) { return kTurnNames[static_cast<std::size_t>(t)]; }

ServerState parse_state(std::string_view json_text) {
  json j;
  try {
    j = json::parse(json_text);
  } catch (const json::exception& e) {
    reject(std::string("not valid JSON (") + e.what() + ")");
  }
  if (!j.is_object()) reject("expected a JSON object, got " + excerpt(j));
  const auto turn_field = j.find("turn");
  if (turn_field == j.end() || !turn_field->is_string()) reject("missing \"turn\" string");
  const std::optional<Turn> turn = parse_turn(turn_field->get_ref<const std::string&>());
  if (!turn) reject("unknown turn " + excerpt(*turn_field) + " (expected WHITE, BLACK, WHITEWIN, BLACKWIN or DRAW)");

  const auto board = j.find("board");
  if (board == j.end() || !board->is_array()) reject("missing \"board\" array");
  if (board->size() != 9) reject("the board has " + std::to_string(board->size()) + " rows, expected 9");
  std::string text;
  for (std::size_t r = 0; r < 9; ++r) {
    const json& row = (*board)[r];
    if (!row.is_array() || row.size() != 9)
      reject("row " + std::to_string(r + 1) + " is not an array of 9 cells: " + excerpt(row));
    for (std::size_t c = 0; c < 9; ++c) {
      const json& cell = row[c];
      const char ch = cell.is_string() ? cell_char(cell.get_ref<const std::string&>()) : 0;
      if (!ch)
        reject("unknown cell " + excerpt(cell) + " on " + tablut::square_name(static_cast<int>(r * 9 + c)) +
               " (expected EMPTY, WHITE, BLACK, THRONE or KING)");
      text += ch;
    }
  }

  ServerState state;
  state.turn = *turn;
  if (!state.finished()) {
    text += *turn == Turn::White ? 'W' : 'B';
    try {
      state.position = tablut::parse_position(text);
    } catch (const InputError& e) {
      reject(e.what());
    }
  }
  return state;
}

std::string encode_name(const std::string& name) { return json(name).dump(-1, ' ', false, json::error_handler_t::replace); }

std::string encode_move(tablut::Move m, tablut::Color mover) {
  return json{{"from", tablut::square_name(m.from)},
              {"to", tablut::square_name(m.to)},
              {"turn", mover == tablut::Color::White ? "WHITE" : "BLACK"}}
      .dump();
}

std::string encode_state(const tablut::Position& p, Turn turn) {
  json board = json::array();
  for (int r = 0; r < tablut::kSide; ++r) {
    json row = json::array();
    for (int c = 0; c < tablut::kSide; ++c) {
      const int s = tablut::square(r, c);
      row.push_back(s == p.king                   ? "KING"
                    : tablut::has(p.white, s)     ? "WHITE"
                    : tablut::has(p.black, s)     ? "BLACK"
                    : s == tablut::kThrone        ? "THRONE"
                                                  : "EMPTY");
    }
    board.push_back(std::move(row));
  }
  return json{{"board", std::move(board)}, {"turn", to_string(turn)}}.dump();
}

}  // namespace zz::protocol
