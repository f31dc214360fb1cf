// Chess for a page: the board with rank 8 at the top, solid glyphs for both colours, the
// en-passant square and a king in check marked; a promotion says what the pawn becomes.
#include "core/chess/game.hpp"

namespace zz::chess {
namespace {

constexpr const char* kViewKinds[kPieceTypeCount] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
constexpr const char* kViewGlyphs[kPieceTypeCount] = {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};

std::string view_square(Square s) { return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))}; }
PieceView view_piece(Color c, PieceType t) { return {kViewKinds[t], c == White ? 0 : 1, kViewGlyphs[t]}; }

}  // namespace

BoardView Chess::view(const Position& p) const {
  BoardView b = BoardView::grid(8, 8, [](int f, int r) { return view_square(make_square(f, 7 - r)); });
  for (int i = 0; i < 8; ++i) {
    b.file_labels.push_back(std::string(1, static_cast<char>('a' + i)));
    b.rank_labels.push_back(std::to_string(8 - i));
  }
  b.checkered = true;
  b.players = {"White", "Black"};
  b.to_move = p.side_to_move() == White ? 0 : 1;
  for (int s = 0; s < kSquareCount; ++s) {
    const Piece pc = p.piece_on(Square(s));
    if (pc != NoPiece) b.at(file_of(Square(s)), 7 - rank_of(Square(s))).piece = view_piece(color_of(pc), type_of(pc));
  }
  if (const Square ep = p.en_passant_square(); ep != NoSquare) {
    b.at(file_of(ep), 7 - rank_of(ep)).marks.push_back("en-passant");
    b.legend.push_back({"en-passant", "en-passant capture square"});
  }
  const Square king = p.king_square(p.side_to_move());
  if (king != NoSquare && p.in_check()) {
    b.at(file_of(king), 7 - rank_of(king)).marks.push_back("check");
    b.legend.push_back({"check", "king in check"});
  }
  return b;
}

MoveView Chess::view_move(const Position& p, Move m) const {
  MoveView v{format_move(m), view_square(m.from()), view_square(m.to()), {}, {}, {}};
  if (m.kind() == Move::Promotion) v.promotion = view_piece(p.side_to_move(), m.promotion_piece());
  return v;
}

}  // namespace zz::chess
