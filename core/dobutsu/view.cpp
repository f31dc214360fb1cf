// Dobutsu Shogi for a page: the 3x4 board with rank 1 (Gote's home) at the top, so Sente
// plays up the board, and both hands.
#include "core/dobutsu/game.hpp"

namespace zz::dobutsu {
namespace {

constexpr const char* kViewKindNames[kKinds] = {"elephant", "giraffe", "chick", "hen", "lion"};
constexpr const char* kViewLetters[kKinds] = {"E", "G", "C", "H", "L"};

std::string view_square(int sq) { return {static_cast<char>('a' + file_of(sq)), static_cast<char>('0' + rank_of(sq))}; }
PieceView view_piece(Side s, Kind k) { return {kViewKindNames[k], s == Sente ? 0 : 1, kViewLetters[k]}; }

}  // namespace

BoardView Dobutsu::view(const Position& p) const {
  // Square index (rank - 1) * 3 + file is already the drawing order, rank 1 first.
  BoardView b = BoardView::grid(3, 4, [](int f, int r) { return view_square(r * 3 + f); });
  b.file_labels = {"a", "b", "c"};
  b.rank_labels = {"1", "2", "3", "4"};
  b.players = {"Sente", "Gote"};
  b.to_move = p.to_move == Sente ? 0 : 1;
  for (int sq = 0; sq < kSquares; ++sq)
    if (p.occupied() & bit(sq))
      b.squares[static_cast<std::size_t>(sq)].piece = view_piece(p.side_mask[Sente] & bit(sq) ? Sente : Gote, p.kind_at(sq));
  b.hands.resize(2);
  for (Side s : {Sente, Gote})
    for (int k = 0; k < kHandKinds; ++k)
      if (p.hand[s][k]) b.hands[s].push_back({view_piece(s, static_cast<Kind>(k)), p.hand[s][k]});
  return b;
}

MoveView Dobutsu::view_move(const Position& p, Move m) const {
  MoveView v{format_move(m), {}, view_square(m.to), {}, {}, {}};
  if (m.is_drop()) v.drop = view_piece(p.to_move, m.drop);
  else v.from = view_square(m.from);
  return v;
}

}  // namespace zz::dobutsu
