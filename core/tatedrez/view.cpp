// TateDrez for a page: the 3x3 board (rank 3 at the top), chess glyphs, and the pieces not
// yet placed as each player's hand.
#include "core/tatedrez/game.hpp"

namespace zz::tatedrez {
namespace {

constexpr const char* kViewKinds[kPieceTypes] = {"rook", "bishop", "knight"};
constexpr const char* kViewGlyphs[kPieceTypes] = {"\u265C", "\u265D", "\u265E"};

std::string view_square(int sq) { return {static_cast<char>('a' + sq % 3), static_cast<char>('1' + sq / 3)}; }
PieceView view_piece(Color c, PieceType t) { return {kViewKinds[t], c == White ? 0 : 1, kViewGlyphs[t]}; }

}  // namespace

BoardView TateDrez::view(const Position& p) const {
  BoardView b = BoardView::grid(3, 3, [](int f, int r) { return view_square((2 - r) * 3 + f); });
  b.file_labels = {"a", "b", "c"};
  b.rank_labels = {"3", "2", "1"};
  b.checkered = true;
  b.players = {"White", "Black"};
  b.to_move = p.side == White ? 0 : 1;
  b.hands.resize(2);
  for (Color c : {White, Black})
    for (int t = 0; t < kPieceTypes; ++t) {
      const Mask m = p.pieces(c, static_cast<PieceType>(t));
      if (!m) {
        b.hands[c].push_back({view_piece(c, static_cast<PieceType>(t)), 1});
        continue;
      }
      const int sq = __builtin_ctz(m);
      b.at(sq % 3, 2 - sq / 3).piece = view_piece(c, static_cast<PieceType>(t));
    }
  return b;
}

MoveView TateDrez::view_move(const Position& p, Move m) const {
  MoveView v{format_move(m), {}, {}, {}, {}, {}};
  if (m.is_pass()) return v;
  v.to = view_square(m.to);
  if (m.is_placement()) v.drop = view_piece(p.side, m.piece);
  else v.from = view_square(m.from);
  return v;
}

}  // namespace zz::tatedrez
