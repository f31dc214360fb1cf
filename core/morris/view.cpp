// A morris board for a page: the 7x7 grid of the drawing (rank 7 at the top) as a board of
// points, its lines those joining adjacent points (so Morabaraba's diagonals and the Six
// Men's two squares come from the variant's board, not from the page), stones standing in
// a closed mill marked, and the stones each side still has to place.
#include "core/morris/game.hpp"

namespace zz::morris {
namespace {

std::string cell_name(int file, int rank) { return {static_cast<char>('a' + file), static_cast<char>('1' + rank)}; }
PieceView stone(Colour c) { return {"stone", c == White ? 0 : 1, c == White ? "W" : "B"}; }

}  // namespace

BoardView Morris::view(const Position& p) const {
  const Board& b = board();
  BoardView v = BoardView::grid(7, 7, [](int f, int row) { return cell_name(f, 6 - row); });
  v.file_labels = {"a", "b", "c", "d", "e", "f", "g"};
  v.rank_labels = {"7", "6", "5", "4", "3", "2", "1"};
  v.players = {"White", "Black"};
  v.to_move = p.to_move == White ? 0 : 1;
  // One line per pair of adjacent points, listed once (from the lower point).
  for (int x = 0; x < b.points; ++x)
    for (Mask n = b.adjacent[x] & ~(bit(x + 1) - 1); n; n &= n - 1) {
      const Coord c = b.coord[x], d = b.coord[__builtin_ctz(n)];
      v.lines.push_back({cell_name(c.file, c.rank), cell_name(d.file, d.rank)});
    }
  const Mask in_mills = b.in_mills(p.stones[White]) | b.in_mills(p.stones[Black]);
  for (int x = 0; x < b.points; ++x) {
    SquareView& sq = v.at(b.coord[x].file, 6 - b.coord[x].rank);
    if (in_mills & bit(x)) sq.marks = {"mill"};
    for (Colour c : {White, Black})
      if (p.stones[c] & bit(x)) sq.piece = stone(c);
  }
  v.hands.resize(2);
  for (Colour c : {White, Black})
    if (p.hand[c]) v.hands[c].push_back({stone(c), p.hand[c]});
  v.legend = {{"mill", "a stone in a closed mill (not removable while a stone outside mills is)"}};
  return v;
}

MoveView Morris::view_move(const Position& p, Move m) const {
  const Board& b = board();
  const auto name = [&](int point) { return std::string(point_name(b, point)); };
  MoveView v{format_move(m), {}, name(m.to), {}, {}, {}};
  if (m.is_placement()) v.drop = stone(p.to_move);
  else v.from = name(m.from);
  if (m.remove != kNone) v.remove = name(m.remove);
  return v;
}

}  // namespace zz::morris
