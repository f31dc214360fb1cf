// Tak Tikl for a page: the 4x4 or 4x5 grid (the last rank at the top), and the state the position carries
// beyond its pieces, each player's last move (the no-return memory), as arrows and as the
// square the side to move may not step straight back to.
#include "core/taktikl/game.hpp"

namespace zz::taktikl {
namespace {

std::string view_square(int sq) { return {static_cast<char>('a' + sq % 4), static_cast<char>('1' + sq / 4)}; }
PieceView view_piece(Color c) { return {c == X ? "x" : "o", c == X ? 0 : 1, c == X ? "X" : "O"}; }

}  // namespace

BoardView TakTikl::view(const Position& p) const {
  const int ranks = geometry_->ranks(), top = ranks - 1;
  BoardView b = BoardView::grid(4, ranks, [top](int f, int r) { return view_square((top - r) * 4 + f); });
  b.file_labels = {"a", "b", "c", "d"};
  for (int r = ranks; r >= 1; --r) b.rank_labels.push_back(std::to_string(r));
  b.players = {"X", "O"};
  b.to_move = p.side == X ? 0 : 1;
  for (int sq = 0; sq < geometry_->squares(); ++sq)
    for (Color c : {X, O})
      if (p.pieces[c] & bit(sq)) b.at(sq % 4, top - sq / 4).piece = view_piece(c);
  bool any_memory = false, blocked = false;
  for (Color c : {X, O}) {
    const Memory& m = p.memory[c];
    if (m.none()) continue;
    any_memory = true;
    const int origin = m.origin();
    b.arrows.push_back({view_square(origin), view_square(m.to), c == X ? 0 : 1, c == X ? "memory-x" : "memory-o"});
    // The rule bites only while the piece still stands where it arrived and its way back is free.
    if (c == p.side && no_return_ && !(p.occupied() & bit(origin)) && (p.pieces[c] & bit(m.to))) {
      b.at(origin % 4, top - origin / 4).marks.push_back("no-return");
      blocked = true;
    }
  }
  if (any_memory) {
    b.legend.push_back({"memory-x", "X's last move"});
    b.legend.push_back({"memory-o", "O's last move"});
  }
  if (blocked) b.legend.push_back({"no-return", "no way back (no-return rule)"});
  return b;
}

MoveView TakTikl::view_move(const Position&, Move m) const {
  MoveView v{format_move(m), {}, {}, {}, {}, {}};
  if (m.is_pass()) return v;
  v.from = view_square(m.from);
  v.to = view_square(m.to);
  return v;
}

}  // namespace zz::taktikl
