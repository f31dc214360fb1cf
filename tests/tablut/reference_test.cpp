// Agreement with the reference server: published perft counts and every ply of the reference
// games (move counts, the recorded move, the board after captures, the side to move, results).
#include <doctest/doctest.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "core/tablut/repetition.hpp"

using namespace zz::tablut;

namespace {

std::ifstream open_data(const std::string& name) {
  std::ifstream in(std::string(ZZ_TEST_DATA) + "/tablut/" + name);
  REQUIRE_MESSAGE(in.good(), "cannot open tests/data/tablut/", name);
  return in;
}

// "WW", "BW", "D" once the game ended after p was reached, "" while it goes on.
std::string result_after(const Tablut& game, const Position& p, RepetitionHistory& history) {
  const bool repeated = history.push(p);
  if (game.outcome(p)) return p.turn == Color::White ? "BW" : "WW";
  return repeated ? "D" : "";
}

}  // namespace

TEST_CASE("perft from the start agrees with perft.txt") {
  const Tablut game;
  auto in = open_data("perft.txt");
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int depth = 0;
    std::uint64_t expected = 0;
    REQUIRE(static_cast<bool>(fields >> depth >> expected));
    CAPTURE(depth);
    CHECK(game.perft(game.start(), depth) == expected);
    ++checked;
  }
  CHECK(checked >= 3);
}

TEST_CASE("every ply of every reference game") {
  const Tablut game;
  auto in = open_data("reference-games.txt");
  std::string line;
  int games = 0, plies = 0;
  Position p;
  std::optional<RepetitionHistory> history;
  std::string result;
  int ply = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string head;
    fields >> head;
    CAPTURE(line);
    if (head == "game") {
      std::string seed, word, board;
      fields >> seed >> word >> board;
      p = game.parse(board);
      CHECK(format_server_board(p) == board);
      history.emplace(p);
      result.clear();
      ply = 0;
      ++games;
    } else if (head == "end") {
      std::string recorded, plies_field;
      fields >> recorded >> plies_field;
      CHECK(result == recorded);
      CHECK(plies_field == "plies=" + std::to_string(ply));
    } else {
      std::string move_text, legal_field, board;
      fields >> move_text >> legal_field >> board;
      REQUIRE(board.size() >= 82);
      CHECK(std::stoi(head) == ply + 1);
      CHECK(result.empty());
      CHECK(legal_field == "n_legal=" + std::to_string(count_moves(p)));
      const Move m = game.parse_move(p, move_text);
      const Position before = p;
      p = game.play(p, m);
      result = result_after(game, p, *history);
      // The server leaves a captured king on its square and only sets the turn to BLACKWIN.
      Position shown = p;
      if (!p.has_king()) shown.king = before.king;
      const std::string mine = format_server_board(shown);
      CHECK(mine.substr(0, 81) == board.substr(0, 81));
      const std::string recorded_turn = board.substr(81);
      if (recorded_turn == "W" || recorded_turn == "B") {
        CHECK(result.empty());
        CHECK(mine.substr(81) == recorded_turn);
      } else {
        CHECK(result == recorded_turn);
      }
      ++ply;
      ++plies;
    }
  }
  CHECK(games == 20);
  MESSAGE(games, " games, ", plies, " plies replayed");
}
