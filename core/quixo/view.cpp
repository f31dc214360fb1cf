// Quixo for a page: the n x n grid (rank n at the top) with the outer ring marked, the cubes
// showing a symbol as pieces (a blank cube is an empty square: the page lets one be picked
// when pushes start there), and a push as the square taken and the end it goes back in at.
#include "core/quixo/game.hpp"

namespace zz::quixo {
namespace {

std::string view_square(int sq, int n) { return {static_cast<char>('a' + sq % n), static_cast<char>('1' + sq / n)}; }

}  // namespace

BoardView Quixo::view(const Position& p) const {
  const int n = side();
  BoardView b = BoardView::grid(n, n, [n](int f, int r) { return view_square((n - 1 - r) * n + f, n); });
  for (int i = 0; i < n; ++i) {
    b.file_labels.push_back(std::string(1, static_cast<char>('a' + i)));
    b.rank_labels.push_back(std::to_string(n - i));
  }
  b.players = {"X", "O"};
  b.to_move = p.side == X ? 0 : 1;
  for (int sq = 0; sq < n * n; ++sq)
    if (geometry_.on_ring(sq)) b.at(sq % n, n - 1 - sq / n).marks.push_back("ring");
  b.legend.push_back({"ring", "outer ring: take a blank or own cube here, push it in at an end of its line"});
  for (int sq = 0; sq < n * n; ++sq)
    for (Color c : {X, O})
      if (p.cubes[c] & bit(sq))
        b.at(sq % n, n - 1 - sq / n).piece = PieceView{c == X ? "x" : "o", c == X ? 0 : 1, c == X ? "X" : "O"};
  return b;
}

MoveView Quixo::view_move(const Position&, Move m) const {
  return MoveView{format_move(m), view_square(m.from, side()), view_square(m.to, side()), {}, {}, {}};
}

}  // namespace zz::quixo
