// A morris board for a page: the 7x7 grid of the drawing (rank 7 at the top), its points and
// the lines between them marked, stones standing in a closed mill marked, and the stones
// each side still has to place.
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
  // Cells a line crosses between two adjacent points (straight lines only; diagonal neighbours
  // are next to each other on the grid).
  for (int x = 0; x < b.points; ++x)
    for (Mask n = b.adjacent[x]; n; n &= n - 1) {
      const Coord c = b.coord[x], d = b.coord[__builtin_ctz(n)];
      if (c.file == d.file)
        for (int r = std::min(c.rank, d.rank) + 1; r < std::max(c.rank, d.rank); ++r) v.at(c.file, 6 - r).marks = {"line"};
      if (c.rank == d.rank)
        for (int f = std::min(c.file, d.file) + 1; f < std::max(c.file, d.file); ++f) v.at(f, 6 - c.rank).marks = {"line"};
    }
  const Mask in_mills = b.in_mills(p.stones[White]) | b.in_mills(p.stones[Black]);
  for (int x = 0; x < b.points; ++x) {
    SquareView& sq = v.at(b.coord[x].file, 6 - b.coord[x].rank);
    sq.marks = {"point"};
    if (in_mills & bit(x)) sq.marks.push_back("mill");
    for (Colour c : {White, Black})
      if (p.stones[c] & bit(x)) sq.piece = stone(c);
  }
  v.hands.resize(2);
  for (Colour c : {White, Black})
    if (p.hand[c]) v.hands[c].push_back({stone(c), p.hand[c]});
  v.legend = {{"point", "a point stones stand on"},
              {"line", "a line joining two points"},
              {"mill", "a stone in a closed mill (not removable while a stone outside mills is)"}};
  return v;
}

MoveView Morris::view_move(const Position& p, Move m) const {
  const Board& b = board();
  const auto name = [&](int point) { return std::string(point_name(b, point)); };
  MoveView v{format_move(m), {}, name(m.to), {}, {}, {}};
  if (m.is_placement()) v.drop = stone(p.to_move);
  else v.from = name(m.from);
  return v;
}

}  // namespace zz::morris
