#include "core/chess/uci.hpp"

#include "core/chess/fen.hpp"
#include "core/chess/movegen.hpp"
#include "core/common/error.hpp"

namespace zz::chess {
namespace {

constexpr std::string_view kPromotionLetters = " nbrq";

bool valid_square(std::string_view t) { return t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8'; }

}  // namespace

std::string format_uci(Move m) {
  if (m.is_null()) return "0000";
  std::string text = square_name(m.from()) + square_name(m.to());
  if (m.kind() == Move::Promotion) text += kPromotionLetters[m.promotion_piece()];
  return text;
}

Move parse_uci(const Position& pos, std::string_view text) {
  std::string quoted(1, '\'');
  quoted.append(text).push_back('\'');
  if ((text.size() != 4 && text.size() != 5) || !valid_square(text.substr(0, 2)) ||
      !valid_square(text.substr(2, 2)) ||
      (text.size() == 5 && (text[4] == ' ' || kPromotionLetters.find(text[4]) == std::string_view::npos)))
    throw InputError("malformed move " + quoted + ": expected UCI notation like e2e4 or e7e8q");
  const Square from = make_square(text[0] - 'a', text[1] - '1');
  const Square to = make_square(text[2] - 'a', text[3] - '1');
  const PieceType promotion =
      text.size() == 5 ? PieceType(kPromotionLetters.find(text[4])) : NoPieceType;
  Move found;
  bool needs_promotion = false;
  for_each_legal_move(pos, [&](Move m) {
    if (m.from() != from || m.to() != to) return;
    const bool promotes = m.kind() == Move::Promotion;
    needs_promotion |= promotes && promotion == NoPieceType;
    if (promotes ? m.promotion_piece() == promotion : promotion == NoPieceType) found = m;
  });
  if (found.is_null()) {
    if (needs_promotion)
      throw InputError("illegal move " + quoted + ": a promotion needs a piece letter (q, r, b or n)");
    throw InputError("illegal move " + quoted + " in " + format_fen(pos));
  }
  return found;
}

}  // namespace zz::chess
