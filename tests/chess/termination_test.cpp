#include <doctest/doctest.h>

#include "core/chess/fen.hpp"
#include "core/chess/repetition.hpp"
#include "core/chess/termination.hpp"
#include "core/chess/uci.hpp"
#include "core/chess/movegen.hpp"
#include "core/chess/table_index.hpp"
#include "random_games.hpp"

using namespace zz::chess;
using zz::Outcome;

namespace {

Position after(std::string_view fen, std::initializer_list<const char*> moves) {
  Position pos = parse_fen(fen);
  for (const char* m : moves) pos = pos.play(parse_uci(pos, m));
  return pos;
}

}  // namespace

TEST_CASE("checkmate is a loss, stalemate a draw") {
  const Position mate = parse_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
  CHECK(is_checkmate(mate));
  CHECK_FALSE(is_stalemate(mate));
  CHECK(outcome(mate) == Outcome::loss(0));

  const Position stalemate = parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  CHECK(is_stalemate(stalemate));
  CHECK_FALSE(is_checkmate(stalemate));
  CHECK(outcome(stalemate) == Outcome::draw());

  // Fool's mate, played out.
  const Position fools = after("startpos", {"f2f3", "e7e5", "g2g4", "d8h4"});
  CHECK(outcome(fools) == Outcome::loss(0));
  CHECK_FALSE(outcome(after("startpos", {"f2f3", "e7e5", "g2g4"})).has_value());
}

TEST_CASE("insufficient material") {
  CHECK(insufficient_material(parse_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1")));       // KvK
  CHECK(insufficient_material(parse_fen("8/8/4k3/8/8/3K4/2B5/8 w - - 0 1")));     // KBvK
  CHECK(insufficient_material(parse_fen("8/8/4k3/8/8/3K4/2N5/8 b - - 0 1")));     // KNvK
  CHECK(insufficient_material(parse_fen("8/5b2/4k3/8/8/3K4/2B5/8 w - - 0 1")));   // bishops on c2 and f7, both light
  CHECK(insufficient_material(parse_fen("8/8/4k3/8/8/3K4/2B5/3B4 w - - 0 1")));   // two white bishops, both light
  CHECK_FALSE(insufficient_material(parse_fen("8/4b3/4k3/8/8/3K4/2B5/8 w - - 0 1")));  // opposite colours
  CHECK_FALSE(insufficient_material(parse_fen("8/8/4k3/8/8/3K4/2NN4/8 w - - 0 1")));   // KNNvK can mate
  CHECK_FALSE(insufficient_material(parse_fen("8/8/4kn2/8/8/3K4/2N5/8 w - - 0 1")));   // KNvKN can mate
  CHECK_FALSE(insufficient_material(parse_fen("8/8/4k3/8/8/3K4/2P5/8 w - - 0 1")));    // a pawn
  CHECK_FALSE(insufficient_material(parse_fen("8/8/4k3/8/8/3K4/2R5/8 w - - 0 1")));    // a rook
  CHECK(outcome(parse_fen("8/8/4k3/8/8/3K4/2B5/8 w - - 0 1")) == Outcome::draw());
}

TEST_CASE("50-move rule") {
  const Position pos = parse_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
  CHECK_FALSE(fifty_move_rule(pos));
  CHECK_FALSE(outcome(pos).has_value());
  const Position quiet = pos.play(parse_uci(pos, "a1a2"));
  CHECK(quiet.halfmove_clock() == 100);
  CHECK(outcome(quiet) == Outcome::draw());
  const Position pawn = pos.play(parse_uci(pos, "e2e4"));
  CHECK(pawn.halfmove_clock() == 0);
  CHECK_FALSE(outcome(pawn).has_value());
  // A checkmate on the 100th ply is still checkmate.
  const Position mating = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
  CHECK(outcome(mating.play(parse_uci(mating, "a1a8"))) == Outcome::loss(0));
}

TEST_CASE("threefold repetition") {
  Position pos = parse_fen("startpos");
  History history(pos);
  CHECK(history.occurrences() == 1);
  const char* shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  int expected[] = {1, 1, 1, 2, 2, 2, 2, 3};
  for (int i = 0; i < 8; ++i) {
    pos = pos.play(parse_uci(pos, shuffle[i % 4]));
    history.push(pos);
    CAPTURE(i);
    CHECK(history.occurrences() == expected[i]);
  }
  CHECK(history.threefold());
  history.pop();
  CHECK_FALSE(history.threefold());
}

TEST_CASE("lost castling rights or a capture make positions different") {
  // The rooks go out and back: same squares, but the castling rights are gone.
  Position pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  History history(pos);
  for (int round = 0; round < 3; ++round)
    for (const char* m : {"h1h2", "h8h7", "h2h1", "h7h8"}) {
      pos = pos.play(parse_uci(pos, m));
      history.push(pos);
    }
  CHECK(history.occurrences() == 3);  // the start (with rights) does not count
  // Moving the other rook loses White's last right: a position not seen before.
  pos = pos.play(parse_uci(pos, "a1a2"));
  history.push(pos);
  CHECK(history.occurrences() == 1);
}

TEST_CASE("an available en-passant capture makes a position different") {
  // 1.e4 Nf6 2.e5 d5 (exd6 possible) Nf3 Ng8 Ng1 Nf6: same pieces, but no en passant now.
  Position pos = parse_fen("startpos");
  History history(pos);
  for (const char* m : {"e2e4", "g8f6", "e4e5", "d7d5", "g1f3", "f6g8", "f3g1", "g8f6"}) {
    pos = pos.play(parse_uci(pos, m));
    history.push(pos);
  }
  CHECK(history.occurrences() == 1);
  for (const char* m : {"g1f3", "f6g8", "f3g1", "g8f6"}) {
    pos = pos.play(parse_uci(pos, m));
    history.push(pos);
  }
  CHECK(history.occurrences() == 2);
}

TEST_CASE("outcome's shortcut (a free king square means a legal move) agrees with counting every move") {
  // Random games end in mates and stalemates; table positions are full of both.
  int finished = 0, checked = 0;
  const auto agree = [&](const Position& pos) {
    const int moves = count_legal_moves(pos);
    const auto o = outcome(pos);
    if (moves == 0) {
      ++finished;
      CHECK(o == (pos.in_check() ? Outcome::loss(0) : Outcome::draw()));
    } else {
      CHECK(o == (drawn_by_rule(pos) ? std::optional<Outcome>(Outcome::draw()) : std::nullopt));
    }
    ++checked;
  };
  zz::chess::test::random_games(8, 300, [&](const Position& pos, Square) { agree(pos); });
  const TableIndex index(parse_material("KQvKR"));
  Position pos;
  for (std::uint64_t i = 0; i < index.size(); i += 7)
    if (index.unrank(i, pos)) agree(pos);
  CHECK(finished > 200);
  CHECK(checked > 200000);
}
