#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "core/chess/game.hpp"
#include "core/chess/uci.hpp"
#include "core/common/error.hpp"
#include "solver/game.hpp"
#include "tests/chess/random_games.hpp"

using zz::chess::Chess;

static_assert(zz::Game<Chess>);
static_assert(zz::HasBulkQuietMoves<Chess>);
static_assert(sizeof(Chess::Move) == 2);
static_assert(sizeof(Chess::Position) == 160);

namespace {

std::string move_error(const Chess& chess, const Chess::Position& pos, std::string_view text) {
  try {
    chess.parse_move(pos, text);
  } catch (const zz::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the chess game object") {
  const Chess chess;
  CHECK(Chess::name() == "chess");
  CHECK(Chess::rule_options().empty());
  CHECK(chess.rules().empty());
  CHECK(chess.format(chess.start()) == zz::chess::kStartFen);
  CHECK(chess.start() == chess.parse("startpos"));
  CHECK_FALSE(chess.plies_left(chess.start()).has_value());
  CHECK_FALSE(chess.outcome(chess.start()).has_value());
  int moves = 0;
  chess.for_each_move(chess.start(), [&](Chess::Move) { ++moves; });
  CHECK(moves == 20);
  CHECK(chess.perft(chess.start(), 3) == 8902);
}

TEST_CASE("moves in UCI notation (SAN: san_test.cpp)") {
  const Chess chess;
  const auto pos = chess.parse("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  for (const char* text : {"e1g1", "e1c1", "b7b8q", "b7a8n", "a1a8", "e1d2"})
    CHECK(chess.format_move(chess.parse_move(pos, text)) == text);
  CHECK(chess.parse_move(pos, "e1g1").kind() == zz::chess::Move::Castling);
  CHECK(chess.format_move(zz::chess::Move()) == "0000");

  CHECK(move_error(chess, pos, "e").find("malformed move 'e'") != std::string::npos);
  CHECK(move_error(chess, pos, "e1").find("illegal move 'e1'") != std::string::npos);  // SAN: a pawn to e1
  CHECK(move_error(chess, pos, "e1i1").find("malformed") != std::string::npos);
  CHECK(move_error(chess, pos, "b7b8x").find("malformed") != std::string::npos);
  CHECK(move_error(chess, pos, "b7b8K").find("malformed") != std::string::npos);
  // Not UCI but SAN with its origin spelled out (san.hpp): the same promotion.
  CHECK(chess.parse_move(pos, "b7b8Q") == chess.parse_move(pos, "b7b8q"));
  CHECK(move_error(chess, pos, "e2e4").find("illegal move 'e2e4'") != std::string::npos);
  CHECK(move_error(chess, pos, "e1e3").find("illegal move") != std::string::npos);
  CHECK(move_error(chess, pos, "a1b1q").find("illegal move") != std::string::npos);
  CHECK(move_error(chess, pos, "b7b8").find("promotion needs a piece letter") != std::string::npos);
}

TEST_CASE("a finished game has no moves") {
  const Chess chess;
  for (const char* fen : {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",     // checkmate
                          "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",     // stalemate
                          "8/8/4k3/8/8/3K4/2N5/8 w - - 0 1",    // insufficient material
                          "4k3/8/8/8/8/8/R7/4K3 b - - 100 90"}) {  // 50-move rule
    CAPTURE(fen);
    const auto pos = chess.parse(fen);
    CHECK(chess.outcome(pos).has_value());
    std::vector<Chess::Move> moves;
    chess.for_each_move(pos, [&](Chess::Move m) { moves.push_back(m); });
    CHECK(moves.empty());
  }
  const auto fifty = chess.parse("4k3/8/8/8/8/8/R7/4K3 b - - 100 90");
  CHECK(move_error(chess, fifty, "e8d8").find("the game is over (50-move rule)") != std::string::npos);
  // perft ignores draw rules.
  CHECK(chess.perft(fifty, 1) == 5);
}

TEST_CASE("perft divide through the game object") {
  const Chess chess;
  std::uint64_t total = 0;
  std::vector<std::string> moves;
  chess.perft_divide(chess.start(), 2, [&](Chess::Move m, std::uint64_t n) {
    moves.push_back(chess.format_move(m));
    total += n;
    CHECK(n == 20);
  });
  CHECK(moves.size() == 20);
  CHECK(total == 400);
}

TEST_CASE("random move text is rejected or parsed, never anything worse") {
  // Accepted text is UCI for the move, or SAN (san.hpp) that names its destination.
  const Chess chess;
  const auto pos = chess.parse("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  zz::chess::test::Random rng(11);
  constexpr std::string_view alphabet = "abcdefghi0123456789qrbnkQx ";
  int rejected = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    for (std::size_t n = rng.next() % 7; n > 0; --n) text += alphabet[rng.next() % alphabet.size()];
    try {
      const auto move = chess.parse_move(pos, text);
      CAPTURE(text);
      const bool uci = chess.format_move(move) == text;
      CHECK((uci || text.find(zz::chess::square_name(move.to())) != std::string::npos));
      CHECK(chess.parse_move(pos, chess.move_name(pos, move)) == move);
    } catch (const zz::InputError&) {
      ++rejected;
    }
  }
  CHECK(rejected > 0);
}

TEST_CASE("moves counted in bulk are exactly those stays_in_tier accepts, and the others come one by one") {
  // Initialization counts quiet moves by popcount (HasBulkQuietMoves): a move counted that
  // leaves the table, or one passed on twice or never, would change a table's counts.
  using namespace zz::chess;
  const Chess game;
  std::uint64_t positions = 0, quiet_total = 0, other_total = 0;
  zz::chess::test::random_games(6, 120, [&](const Position& pos, Square) {
    int quiet = 0, quiet_expected = 0;
    std::multiset<std::string> others, others_expected;
    game.for_each_move_counting_quiet(pos, [&](int n) { quiet += n; },
                                      [&](Move m) { others.insert(format_uci(m)); });
    game.for_each_move(pos, [&](Move m) {
      if (game.stays_in_tier(pos, m)) ++quiet_expected;
      else others_expected.insert(format_uci(m));
    });
    CHECK(quiet == quiet_expected);
    CHECK(others == others_expected);
    ++positions;
    quiet_total += static_cast<std::uint64_t>(quiet);
    other_total += others.size();
  });
  CHECK(positions > 1000);
  CHECK(quiet_total > 10 * positions);  // both kinds occur often
  CHECK(other_total > positions);
}
