// SAN against chess.js (tests/data/chess/san.txt, written by tools/chess-san/make-fixture.js):
// every recorded move formats to chess.js's SAN and that SAN, and its usual variants, parse
// back to the move.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/fen.hpp"
#include "core/chess/game.hpp"
#include "core/chess/movegen.hpp"
#include "core/chess/san.hpp"
#include "core/chess/uci.hpp"
#include "core/common/error.hpp"

using namespace zz::chess;

namespace {

struct Record {
  std::string fen;
  int legal = 0;
  std::vector<std::pair<std::string, std::string>> moves;  // uci, san
};

std::vector<Record> load_records() {
  std::ifstream in(std::string(ZZ_TEST_DATA) + "/chess/san.txt");
  std::vector<Record> records;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Record r;
    std::string field;
    std::getline(fields, r.fen, '|');
    std::getline(fields, field, '|');
    r.legal = std::stoi(field);
    while (std::getline(fields, field, '|')) {
      const auto space = field.find(' ');
      r.moves.emplace_back(field.substr(0, space), field.substr(space + 1));
    }
    records.push_back(std::move(r));
  }
  return records;
}

std::string without_check_mark(std::string s) {
  while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
  return s;
}

std::string refusal(const Position& pos, const std::string& text) {
  try {
    parse_san(pos, text);
  } catch (const zz::InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("format_san and parse_san agree with chess.js on every recorded move") {
  const auto records = load_records();
  REQUIRE(records.size() >= 2500);
  int moves = 0, castles_short = 0, castles_long = 0, en_passant = 0, promotions = 0, under_promotions = 0,
      checks = 0, mates = 0, by_file = 0, by_rank = 0, by_square = 0, captures = 0;
  for (const auto& r : records) {
    CAPTURE(r.fen);
    const Position pos = parse_fen(r.fen);
    CHECK(count_legal_moves(pos) == r.legal);
    for (const auto& [uci, san] : r.moves) {
      CAPTURE(uci);
      CAPTURE(san);
      ++moves;
      const Move m = parse_uci(pos, uci);
      CHECK(format_san(pos, m) == san);
      CHECK(parse_san(pos, san) == m);
      // The variants players write.
      const std::string bare = without_check_mark(san);
      CHECK(parse_san(pos, bare) == m);
      CHECK(parse_san(pos, bare + "+") == m);
      CHECK(parse_san(pos, san + "!?") == m);
      if (m.kind() == Move::Castling) {
        CHECK(parse_san(pos, bare == "O-O" ? "0-0" : "0-0-0") == m);
        ++(bare == "O-O" ? castles_short : castles_long);
      } else if (m.kind() == Move::Promotion) {
        std::string no_equals = bare;
        no_equals.erase(no_equals.find('='), 1);
        CHECK(parse_san(pos, no_equals) == m);
        std::string lower = bare;
        lower.back() = static_cast<char>(lower.back() - 'A' + 'a');
        CHECK(parse_san(pos, lower) == m);
        ++promotions;
        under_promotions += m.promotion_piece() != Queen;
      } else if (bare[0] >= 'A' && bare[0] <= 'Z') {
        // Over-named: the whole origin square.
        const std::string full = bare.substr(0, 1) + square_name(m.from()) + (bare.find('x') != std::string::npos ? "x" : "") +
                                 square_name(m.to());
        CHECK(parse_san(pos, full) == m);
        const std::string middle = bare.substr(1, bare.size() - 3 - (bare.find('x') != std::string::npos));
        by_file += middle.size() == 1 && middle[0] >= 'a';
        by_rank += middle.size() == 1 && middle[0] <= '8';
        by_square += middle.size() == 2;
      }
      en_passant += m.kind() == Move::EnPassant;
      captures += san.find('x') != std::string::npos;
      checks += san.back() == '+';
      mates += san.back() == '#';
    }
  }
  MESSAGE(moves << " moves: " << castles_short << " O-O, " << castles_long << " O-O-O, " << en_passant
                << " en passant, " << promotions << " promotions (" << under_promotions << " under), " << checks
                << " checks, " << mates << " mates, disambiguated by file " << by_file << ", rank " << by_rank
                << ", square " << by_square);
  // The fixture covers every rule of the notation (a fixture that lost them would test little).
  CHECK(moves > 10000);
  CHECK(castles_short >= 20);
  CHECK(castles_long >= 10);
  CHECK(en_passant >= 10);
  CHECK(promotions >= 100);
  CHECK(under_promotions >= 30);
  CHECK(checks >= 500);
  CHECK(mates >= 20);
  CHECK(captures >= 500);
  CHECK(by_file >= 100);
  CHECK(by_rank >= 50);
  CHECK(by_square >= 10);
}

TEST_CASE("every legal move of a recorded position has its own SAN, which parses back to it") {
  for (const auto& r : load_records()) {
    CAPTURE(r.fen);
    const Position pos = parse_fen(r.fen);
    std::set<std::string> names;
    for_each_legal_move(pos, [&](Move m) {
      const std::string san = format_san(pos, m);
      CAPTURE(san);
      CHECK(names.insert(san).second);
      CHECK(parse_san(pos, san) == m);
    });
  }
}

TEST_CASE("parse_san refuses malformed, illegal and ambiguous text with a one-line reason") {
  // Knights on b1 and f1 both reach d2; pawns on d4 and e4 with d5 free and a capture on d5.
  const Position pos = parse_fen("4k3/8/8/3p4/3PP3/8/8/1N2KN2 w - - 0 1");
  CHECK(refusal(pos, "Nd2") == "ambiguous move 'Nd2': Nbd2 or Nfd2");
  CHECK(parse_san(pos, "Nbd2") == parse_uci(pos, "b1d2"));
  CHECK(parse_san(pos, "exd5") == parse_uci(pos, "e4d5"));
  // A pawn named without its file moves straight: d5 is not exd5 (and d4-d5 is blocked).
  CHECK(refusal(pos, "d5").rfind("illegal move 'd5' in ", 0) == 0);
  CHECK(refusal(pos, "e5") == "accepted");
  CHECK(refusal(pos, "Nbxd2") == "illegal move 'Nbxd2': d2 holds nothing to capture");
  CHECK(refusal(pos, "Qd3").rfind("illegal move 'Qd3' in 4k3/", 0) == 0);
  CHECK(refusal(pos, "O-O") == "illegal move 'O-O': castling kingside is not legal in 4k3/8/8/3p4/3PP3/8/8/1N2KN2 w - - 0 1");
  CHECK(refusal(pos, "").rfind("malformed move '': empty", 0) == 0);
  CHECK(refusal(pos, "Nz9").rfind("malformed move 'Nz9': no destination square", 0) == 0);
  CHECK(refusal(pos, "Nd2=Q").rfind("malformed move 'Nd2=Q': only a pawn promotes", 0) == 0);
  CHECK(refusal(pos, "hello").rfind("malformed move 'hello'", 0) == 0);
  // Control characters never reach the message raw.
  const std::string bad = refusal(pos, std::string("N\x01\nd2"));
  CHECK(bad.rfind("malformed move 'N\\x01\\x0ad2'", 0) == 0);
  CHECK(bad.find('\n') == std::string::npos);
  CHECK(bad.find('\x01') == std::string::npos);

  const Position promote = parse_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(refusal(promote, "b8") == "illegal move 'b8': a promotion needs a piece (=Q, =R, =B or =N)");
  CHECK(parse_san(promote, "b8=N") == parse_uci(promote, "b7b8n"));
  CHECK(format_san(promote, parse_uci(promote, "b7b8q")) == "b8=Q+");
}

TEST_CASE("Chess::parse_move takes UCI or SAN; move_name is SAN, format_move stays UCI") {
  const Chess chess;
  const Position start = chess.start();
  CHECK(chess.parse_move(start, "g1f3") == chess.parse_move(start, "Nf3"));
  CHECK(chess.parse_move(start, "e2e4") == chess.parse_move(start, "e4"));
  const Move m = chess.parse_move(start, "Nf3");
  CHECK(chess.format_move(m) == "g1f3");
  CHECK(chess.move_name(start, m) == "Nf3");
  const Position castle = chess.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(chess.parse_move(castle, "O-O-O") == chess.parse_move(castle, "e1c1"));
  CHECK(chess.move_name(castle, chess.parse_move(castle, "e1g1")) == "O-O");
  // A drawn game (insufficient material) takes no move in either notation.
  const Position dead = chess.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  CHECK_THROWS_WITH_AS(chess.parse_move(dead, "Kd1"), "illegal move 'Kd1': the game is over (insufficient material)",
                       zz::InputError);
}
