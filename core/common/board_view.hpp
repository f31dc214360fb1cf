#pragma once
// A position and its moves as data a page can draw and click without knowing the game's
// notation: the squares in the order they are drawn (top row first, left to right), each
// with its name as the notation writes it, its marks (a camp, a last move) and its piece;
// the pieces in each player's hand; and, for a move, its squares. Every game writes its
// position into this in one function beside its notation (view(), view_move()); the results
// layer only passes it on (api/results.hpp, api/json.cpp).
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace zz {

struct PieceView {
  std::string kind;   // "rook", "lion": what the page styles it by
  int owner = 0;      // 0: the first player, 1: the second (BoardView::players)
  std::string label;  // what a page with no styling of its own draws: a glyph or a letter
  friend bool operator==(const PieceView&, const PieceView&) = default;
};

struct SquareView {
  std::string name;                // as the game's notation writes it ("e5")
  std::vector<std::string> marks;  // kinds of square or state ("camp", "throne", "last-move-from")
  std::optional<PieceView> piece;
};

struct HandView {
  PieceView piece;
  int count = 1;
};

// An arrow the page draws over the board (Tak Tikl's remembered last moves).
struct ArrowView {
  std::string from, to;
  int owner = 0;
  std::string mark;
};

// A line of the board between two squares' centres. A board with lines is a board of points
// (Morris): the page draws the lines, a point at each end, and the stones on the points, and
// no squares; a board without lines is a grid of squares.
struct LineView {
  std::string from, to;
};

struct BoardView {
  int files = 0, ranks = 0;
  std::vector<SquareView> squares;  // ranks * files, top row first, each row left to right
  std::vector<std::string> file_labels;  // under the board, left to right
  std::vector<std::string> rank_labels;  // beside it, top to bottom
  bool checkered = false;                // drawn as a chequered board (else a grid)
  std::vector<std::string> players;      // the first player's name, then the second's
  int to_move = 0;                       // index into players
  std::vector<std::vector<HandView>> hands;  // per player: pieces to drop or place
  std::vector<ArrowView> arrows;
  std::vector<LineView> lines;           // none: a board of squares
  // What each mark used on this board means, in a few words (the page's key).
  std::vector<std::pair<std::string, std::string>> legend;

  // An empty grid whose squares are named name(file, row), row 0 at the top.
  template <class Name>
  static BoardView grid(int files, int ranks, Name name) {
    BoardView b;
    b.files = files;
    b.ranks = ranks;
    for (int r = 0; r < ranks; ++r)
      for (int f = 0; f < files; ++f) {
        SquareView s;
        s.name = name(f, r);
        b.squares.push_back(std::move(s));
      }
    return b;
  }
  SquareView& at(int file, int row) { return squares[static_cast<std::size_t>(row * files + file)]; }
};

// A move as squares: a step or slide (from, to), a drop or placement (drop, to), a pass
// (neither). promotion: what the piece becomes when the mover chooses it (chess); remove:
// the square of the piece the mover chooses to take off with the move (a Morris mill's).
struct MoveView {
  std::string move;  // the move in the game's notation
  std::optional<std::string> from, to;
  std::optional<PieceView> drop;
  std::optional<PieceView> promotion;
  std::string name;  // as players read it (chess: SAN); the results layer fills it
  // Left out by the games that take nothing off this way: a default keeps their initialisers
  // of the fields above complete.
  std::optional<std::string> remove = std::nullopt;
};

}  // namespace zz
