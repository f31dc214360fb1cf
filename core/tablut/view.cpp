// Tablut for a page: the 9x9 grid with row 1 at the top (as the Bologna server draws it),
// and the squares every rule refers to: the throne, the camps and the escapes.
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"

namespace zz::tablut {

BoardView Tablut::view(const Position& p) const {
  BoardView b = BoardView::grid(kSide, kSide, [](int f, int r) { return square_name(square(r, f)); });
  for (int i = 0; i < kSide; ++i) {
    b.file_labels.push_back(std::string(1, static_cast<char>('a' + i)));
    b.rank_labels.push_back(std::to_string(i + 1));
  }
  b.players = {"White", "Black"};
  b.to_move = p.turn == Color::White ? 0 : 1;
  for (int s = 0; s < kSquares; ++s) {
    SquareView& v = b.squares[static_cast<std::size_t>(s)];  // row-major from row 1: the drawing order
    if (s == kThrone) v.marks.push_back("throne");
    else if (has(kCamps, s)) v.marks.push_back("camp");
    else if (has(kEscapes, s)) v.marks.push_back("escape");
    if (s == p.king) v.piece = PieceView{"king", 0, "\u265A"};
    else if (has(p.white, s)) v.piece = PieceView{"pawn", 0, ""};
    else if (has(p.black, s)) v.piece = PieceView{"pawn", 1, ""};
  }
  b.legend = {{"camp", "camp"}, {"throne", "throne (e5)"}, {"escape", "escape square"}};
  return b;
}

MoveView Tablut::view_move(const Position&, Move m) const {
  return {format_move(m), square_name(m.from), square_name(m.to), {}, {}, {}};
}

}  // namespace zz::tablut
