// Every game's board as data (Session::board): the shape the page relies on, checked for
// positions along random games of each game, and what each game marks.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>

#include "api/json.hpp"
#include "api/session.hpp"

using namespace zz;

namespace {

std::unique_ptr<api::Session> open(const std::string& game) {
  return api::open_session(game, {}, std::filesystem::temp_directory_path() / "zz-api-board-test-unused");
}

const SquareView& square(const BoardView& b, const std::string& name) {
  const auto it = std::find_if(b.squares.begin(), b.squares.end(), [&](const SquareView& s) { return s.name == name; });
  REQUIRE(it != b.squares.end());
  return *it;
}

bool has_mark(const SquareView& s, const std::string& mark) {
  return std::find(s.marks.begin(), s.marks.end(), mark) != s.marks.end();
}

// What the page relies on: a full grid of distinct names with labels for both edges, the
// moves of legal_moves in the same order, each from a piece of the side to move to a square
// of the board, each drop of a piece in the mover's hand.
void check_shape(const api::Session& s, const std::string& position) {
  CAPTURE(position);
  const api::BoardResult r = s.board(position);
  const BoardView& b = r.board;
  REQUIRE(b.squares.size() == static_cast<std::size_t>(b.files * b.ranks));
  CHECK(b.file_labels.size() == static_cast<std::size_t>(b.files));
  CHECK(b.rank_labels.size() == static_cast<std::size_t>(b.ranks));
  std::set<std::string> names;
  for (const auto& sq : b.squares) names.insert(sq.name);
  CHECK(names.size() == b.squares.size());
  REQUIRE(b.players.size() == 2);
  CHECK((b.to_move == 0 || b.to_move == 1));
  CHECK((b.hands.empty() || b.hands.size() == 2));
  for (const auto& sq : b.squares)
    if (sq.piece) CHECK((sq.piece->owner == 0 || sq.piece->owner == 1));
  const auto legal = s.legal_moves(position);
  REQUIRE(r.moves.size() == legal.size());
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const MoveView& m = r.moves[i];
    CAPTURE(m.move);
    CHECK(m.move == legal[i]);
    if (m.to) CHECK(names.count(*m.to) == 1);
    if (m.from) {
      const SquareView& from = square(b, *m.from);
      // Quixo's blank cubes move and are drawn as empty squares; any piece is the mover's.
      CHECK((from.piece || r.game == "quixo"));
      if (from.piece) CHECK(from.piece->owner == b.to_move);
    }
    if (m.drop) {
      CHECK(!m.from);
      REQUIRE(b.hands.size() == 2);
      const auto& hand = b.hands[static_cast<std::size_t>(b.to_move)];
      CHECK(std::any_of(hand.begin(), hand.end(), [&](const HandView& h) { return h.piece == *m.drop; }));
    }
  }
}

// Positions along a few random games from `start`.
void check_random_games(const std::string& game, const std::string& start, int plies,
                        const std::vector<std::string>& rules = {}) {
  const auto s = api::open_session(game, rules, std::filesystem::temp_directory_path() / "zz-api-board-test-unused");
  std::mt19937 rng(12345);
  for (int g = 0; g < 5; ++g) {
    std::string p = s->normalize(start);
    for (int i = 0; i < plies; ++i) {
      check_shape(*s, p);
      const auto moves = s->legal_moves(p);
      if (moves.empty()) break;
      p = s->move(p, {moves[rng() % moves.size()]}).position;
    }
  }
}

}  // namespace

TEST_CASE("every game's board has the shape the page relies on, along random games") {
  check_random_games("tatedrez", "start", 20);
  check_random_games("taktikl", "start", 20);
  check_random_games("taktikl", "start", 20, {"board=4x5"});
  check_random_games("dobutsu", "start", 30);
  check_random_games("quixo", "start", 20);
  check_random_games("morris", "start", 40);
  check_random_games("morris", "start", 40, {"variant=lasker"});
  check_random_games("tablut", "start", 12);
  check_random_games("chess", "8/5P2/8/8/2r5/8/2k5/K6Q w - - 0 1", 12);
}

TEST_CASE("tatedrez: pieces not yet placed are the hands; placements drop them") {
  const auto s = open("tatedrez");
  const auto r = s->board("start");
  CHECK(r.board.checkered);
  CHECK(r.board.rank_labels.front() == "3");
  CHECK(r.board.squares.front().name == "a3");
  REQUIRE(r.board.hands.size() == 2);
  CHECK(r.board.hands[0].size() == 3);
  CHECK(r.board.hands[1].size() == 3);
  const auto after = s->board(s->move("start", {"R@b2"}).position);
  CHECK(square(after.board, "b2").piece == PieceView{"rook", 0, "\u265C"});
  CHECK(after.board.hands[0].size() == 2);
  CHECK(after.board.to_move == 1);
  CHECK(std::all_of(after.moves.begin(), after.moves.end(), [](const MoveView& m) { return m.drop && m.drop->owner == 1; }));
}

TEST_CASE("taktikl: the memories are arrows, the forbidden way back a mark") {
  const auto s = open("taktikl");
  const auto p = s->move("start", {"a1a2", "b1b2"}).position;
  const auto r = s->board(p);
  REQUIRE(r.board.arrows.size() == 2);
  CHECK(r.board.arrows[0].from == "a1");
  CHECK(r.board.arrows[0].to == "a2");
  CHECK(r.board.arrows[0].mark == "memory-x");
  CHECK(has_mark(square(r.board, "a1"), "no-return"));
  CHECK(std::none_of(r.moves.begin(), r.moves.end(), [](const MoveView& m) { return m.move == "a2a1"; }));
  // Without the rule, no mark.
  const auto free = api::open_session("taktikl", {"no-return=off"}, "unused");
  CHECK(!has_mark(square(free->board(p).board, "a1"), "no-return"));
}

TEST_CASE("taktikl on the 4x5 board: five ranks, the fifth on top, its pieces where the text puts them") {
  const auto s = api::open_session("taktikl", {"board=4x5"}, "unused");
  const auto p = s->move("start", {"b5b4", "a5a4"}).position;
  CHECK(p == "2ox/ox2/4/4/xoxo x b5b4 a5a4 2");
  const auto r = s->board(p);
  CHECK(r.board.files == 4);
  CHECK(r.board.ranks == 5);
  CHECK(r.board.rank_labels == std::vector<std::string>{"5", "4", "3", "2", "1"});
  CHECK(r.board.squares.front().name == "a5");
  CHECK(r.board.squares.back().name == "d1");
  CHECK(square(r.board, "b4").piece->label == "X");
  CHECK(square(r.board, "a4").piece->label == "O");
  CHECK(square(r.board, "d5").piece->label == "X");
  CHECK(!square(r.board, "b5").piece);
  CHECK(has_mark(square(r.board, "b5"), "no-return"));
  CHECK(std::none_of(r.moves.begin(), r.moves.end(), [](const MoveView& m) { return m.move == "b4b5"; }));
}

TEST_CASE("tablut: the throne, the camps and the escapes are marked") {
  const auto r = open("tablut")->board("start");
  CHECK(r.board.squares.front().name == "a1");  // row 1 at the top, as the Bologna server draws it
  CHECK(has_mark(square(r.board, "e5"), "throne"));
  CHECK(square(r.board, "e5").piece->kind == "king");
  int camps = 0, escapes = 0;
  for (const auto& sq : r.board.squares) {
    camps += has_mark(sq, "camp");
    escapes += has_mark(sq, "escape");
  }
  CHECK(camps == 16);
  CHECK(escapes == 20);  // the 32 edge squares less the 12 camp squares on them
  CHECK(r.board.legend.size() == 3);
  CHECK(r.material == "K8W16B");
}

TEST_CASE("chess: rank 8 on top, promotions say the piece, check and en passant are marked") {
  const auto s = open("chess");
  const auto r = s->board("8/5P2/8/8/2r5/8/2k5/K6Q w - - 0 1");
  CHECK(r.board.squares.front().name == "a8");
  CHECK(r.board.squares.back().name == "h1");
  CHECK(square(r.board, "h1").piece == PieceView{"queen", 0, "\u265B"});
  int promotions = 0;
  for (const auto& m : r.moves)
    if (m.promotion) {
      ++promotions;
      CHECK(*m.from == "f7");
      CHECK(*m.to == "f8");
    }
  CHECK(promotions == 4);
  // Each move named in SAN beside its UCI id (the names: tests/chess/san_test.cpp).
  std::set<std::string> names;
  for (const auto& m : r.moves) names.insert(m.name);
  CHECK(names.size() == r.moves.size());
  CHECK(names.count("f8=Q") == 1);
  CHECK(names.count("Qh7+") == 1);
  const auto start = s->board("start").moves;
  CHECK(std::count_if(start.begin(), start.end(), [](const MoveView& m) { return m.move == "g1f3" && m.name == "Nf3"; }) == 1);
  for (const auto& m : open("tatedrez")->board("start").moves) CHECK(m.name.empty());  // ids only
  CHECK(r.material.has_value());
  CHECK(has_mark(square(s->board("k7/8/8/8/8/8/8/K6r w - - 0 1").board, "a1"), "check"));
  CHECK(has_mark(square(s->board("k7/8/8/8/3pP3/8/8/K7 b - e3 0 1").board, "e3"), "en-passant"));
  CHECK(!s->board("start").material);  // castling rights: no table holds it
}

TEST_CASE("dobutsu: rank 1 on top, both hands, drops of a piece in hand") {
  const auto s = open("dobutsu");
  const auto r = s->board("start");
  CHECK(r.board.squares.front().name == "a1");
  CHECK(square(r.board, "b4").piece == PieceView{"lion", 0, "L"});
  CHECK(square(r.board, "b1").piece->owner == 1);
  const auto after = s->board(s->move("start", {"b3b2"}).position);  // Sente takes the chick
  REQUIRE(after.board.hands.size() == 2);
  REQUIRE(after.board.hands[0].size() == 1);
  CHECK(after.board.hands[0][0].piece.kind == "chick");
  CHECK(after.board.hands[0][0].count == 1);
  const auto two = s->board("2l/L2/3/3 s EEGGCC");
  REQUIRE(two.board.hands[0].size() == 3);
  CHECK(two.board.hands[0][0].count == 2);
  const auto drops = std::count_if(two.moves.begin(), two.moves.end(), [](const MoveView& m) { return m.drop.has_value(); });
  CHECK(drops == 3 * 10);  // three kinds on the ten empty squares
}

// The lines of a board of points, each as "a1-d1" with its ends in name order.
std::set<std::string> lines_of(const BoardView& b) {
  std::set<std::string> out;
  for (const auto& l : b.lines) out.insert(std::min(l.from, l.to) + "-" + std::max(l.from, l.to));
  return out;
}

TEST_CASE("morris: a board of 24 points joined by lines, hands, mills marked, placements") {
  const auto s = open("morris");
  const auto r = s->board("start");
  CHECK(r.board.squares.size() == 49);
  CHECK(r.board.squares.front().name == "a7");  // rank 7 on top
  // Three squares of 8 lines and the 4 joining lines of two: 32, each listed once.
  const auto lines = lines_of(r.board);
  CHECK(r.board.lines.size() == 32);
  CHECK(lines.size() == 32);
  CHECK(lines.count("a1-d1"));
  CHECK(lines.count("d1-d2"));  // a joining line
  CHECK_FALSE(lines.count("a1-b2"));  // no diagonals
  CHECK_FALSE(lines.count("a1-g1"));  // only neighbours are joined
  std::set<std::string> points;
  for (const auto& l : r.board.lines) points.insert({l.from, l.to});
  CHECK(points.size() == 24);
  CHECK_FALSE(points.count("d4"));  // the centre is no point
  CHECK(std::all_of(r.board.squares.begin(), r.board.squares.end(), [](const SquareView& q) { return q.marks.empty(); }));
  REQUIRE(r.board.hands.size() == 2);
  CHECK(r.board.hands[0][0].count == 9);
  CHECK(std::all_of(r.moves.begin(), r.moves.end(), [](const MoveView& m) { return m.drop && !m.from; }));
  const auto mill = s->board("WWW......B.............B b 6 7");  // White's mill a1 d1 g1
  CHECK(has_mark(square(mill.board, "d1"), "mill"));
  CHECK(square(mill.board, "d1").piece == PieceView{"stone", 0, "W"});
  CHECK_FALSE(has_mark(square(mill.board, "a4"), "mill"));
  // g1 closes White's mill a1 d1 g1: one move per black stone it may take off, by its square.
  const auto closing = s->board("WW.......B............B. w 7 7");
  std::set<std::string> removes;
  for (const auto& m : closing.moves) {
    CAPTURE(m.move);
    CHECK(m.remove.has_value() == (m.to == "g1"));
    if (m.remove) removes.insert(*m.remove);
  }
  CHECK(removes == std::set<std::string>{"a4", "d7"});
  CHECK(api::to_json(closing)["moves"][0]["remove"] == "a4");  // g1xa4 comes first
  CHECK_FALSE(api::to_json(closing)["moves"].back().contains("remove"));
}

TEST_CASE("morris variants: Morabaraba's diagonals, the Six Men's two squares") {
  const auto mora = api::open_session("morris", {"variant=morabaraba"},
                                      std::filesystem::temp_directory_path() / "zz-api-board-test-unused");
  const auto m = lines_of(mora->board("start").board);
  CHECK(m.size() == 40);  // and 4 diagonals of two lines
  CHECK(m.count("a1-b2"));
  CHECK(m.count("b6-c5"));
  const auto six = api::open_session("morris", {"variant=six"},
                                     std::filesystem::temp_directory_path() / "zz-api-board-test-unused");
  const auto b = six->board("start").board;
  const auto l = lines_of(b);
  CHECK(l.size() == 20);  // two squares of 8, the joining lines of one
  CHECK(l.count("b2-d2"));
  CHECK_FALSE(l.count("c3-d3"));  // no inner square
}

// A board of squares has no lines, and its JSON no "lines" field (the documents of the
// other games are as they were).
TEST_CASE("boards of squares have no lines") {
  for (const std::string game : {"tatedrez", "taktikl", "quixo", "dobutsu", "tablut"}) {
    CAPTURE(game);
    const auto r = open(game)->board("start");
    CHECK(r.board.lines.empty());
    CHECK_FALSE(api::to_json(r)["board"].contains("lines"));
  }
  CHECK(api::to_json(open("morris")->board("start"))["board"]["lines"].size() == 32);
}

TEST_CASE("a bad position is refused in one line") {
  CHECK_THROWS_AS(open("dobutsu")->board("gle/1c1 s -"), InputError);
  CHECK_THROWS_AS(open("chess")->board("not a fen"), InputError);
}
