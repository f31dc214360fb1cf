#include "core/chess/san.hpp"

#include <vector>

#include "core/chess/fen.hpp"
#include "core/chess/movegen.hpp"
#include "core/common/error.hpp"
#include "core/common/one_line.hpp"

namespace zz::chess {
// Named, not anonymous: the library builds as one unity file (uci.cpp has helpers too).
namespace san_detail {

constexpr std::string_view kPieceLetters = "PNBRQK";

char piece_letter(PieceType t) { return kPieceLetters[t]; }

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

bool is_capture(const Position& pos, Move m) {
  return m.kind() == Move::EnPassant || (m.kind() != Move::Castling && pos.piece_on(m.to()) != NoPiece);
}

// The move as SAN without its check mark.
std::string san_body(const Position& pos, Move m) {
  if (m.kind() == Move::Castling) return file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
  const Square from = m.from(), to = m.to();
  const PieceType type = type_of(pos.piece_on(from));
  const bool capture = is_capture(pos, m);
  std::string s;
  if (type == Pawn) {
    if (capture) s += static_cast<char>('a' + file_of(from));
  } else {
    s += piece_letter(type);
    bool other = false, same_file = false, same_rank = false;
    for_each_legal_move(pos, [&](Move o) {
      if (o.to() != to || o.from() == from || o.kind() == Move::Castling) return;
      if (type_of(pos.piece_on(o.from())) != type) return;
      other = true;
      same_file |= file_of(o.from()) == file_of(from);
      same_rank |= rank_of(o.from()) == rank_of(from);
    });
    if (other) {
      if (!same_file) {
        s += static_cast<char>('a' + file_of(from));
      } else if (!same_rank) {
        s += static_cast<char>('1' + rank_of(from));
      } else {
        s += square_name(from);
      }
    }
  }
  if (capture) s += 'x';
  s += square_name(to);
  if (m.kind() == Move::Promotion) {
    s += '=';
    s += piece_letter(m.promotion_piece());
  }
  return s;
}

[[noreturn]] void malformed(std::string_view text, const std::string& why) {
  throw InputError("malformed move " + quote_move_text(text) + ": " + why +
                   " (expected SAN like Nf3, exd5, e8=Q, O-O, or UCI like g1f3)");
}

std::string_view strip_suffix(std::string_view s, std::string_view suffix) {
  if (s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix) s.remove_suffix(suffix.size());
  return s;
}

}  // namespace san_detail


std::string quote_move_text(std::string_view text) { return "'" + one_line(std::string(text)) + "'"; }

std::string format_san(const Position& pos, Move m) {
  std::string s = san_detail::san_body(pos, m);
  const Position child = pos.play(m);
  if (child.in_check()) s += count_legal_moves(child) ? '+' : '#';
  return s;
}

Move parse_san(const Position& pos, std::string_view text) {
  if (text.empty()) san_detail::malformed(text, "empty");
  std::string_view s = text;
  // Annotations and check marks say nothing about which move it is.
  while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos) s.remove_suffix(1);
  s = san_detail::strip_suffix(s, "e.p.");
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  if (s.empty()) san_detail::malformed(text, "no move");

  // Castling.
  const bool kingside = s == "O-O" || s == "0-0" || s == "o-o";
  const bool queenside = s == "O-O-O" || s == "0-0-0" || s == "o-o-o";
  if (kingside || queenside) {
    Move found;
    for_each_legal_move(pos, [&](Move m) {
      if (m.kind() == Move::Castling && (file_of(m.to()) > file_of(m.from())) == kingside) found = m;
    });
    if (found.is_null())
      throw InputError("illegal move " + quote_move_text(text) + ": castling " + (kingside ? "kingside" : "queenside") +
                       " is not legal in " + format_fen(pos));
    return found;
  }

  // [piece] [from file] [from rank] [x or -] square [[=] promotion]
  PieceType piece = Pawn;
  if (const auto at = std::string_view("PNBRQK").find(s.front()); at != std::string_view::npos) {
    piece = PieceType(at);
    s.remove_prefix(1);
  }
  PieceType promotion = NoPieceType;
  // e8=Q, e8Q, e8=q: a piece letter after the destination's rank.
  if (const auto at = std::string_view("NBRQnbrq").find(s.empty() ? ' ' : s.back()); at != std::string_view::npos) {
    std::string_view rest = s.substr(0, s.size() - 1);
    if (!rest.empty() && rest.back() == '=') rest.remove_suffix(1);
    if (rest.size() >= 2 && san_detail::is_rank(rest.back())) {
      promotion = PieceType(Knight + at % 4);
      s = rest;
    }
  }
  if (s.size() < 2 || !san_detail::is_file(s[s.size() - 2]) || !san_detail::is_rank(s.back())) san_detail::malformed(text, "no destination square");
  const Square to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
  s.remove_suffix(2);
  bool capture_marked = false;
  if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) {
    capture_marked = s.back() != '-';
    s.remove_suffix(1);
  }
  int from_file = -1, from_rank = -1;
  if (!s.empty() && san_detail::is_file(s.front())) {
    from_file = s.front() - 'a';
    s.remove_prefix(1);
  }
  if (!s.empty() && san_detail::is_rank(s.front())) {
    from_rank = s.front() - '1';
    s.remove_prefix(1);
  }
  if (!s.empty()) san_detail::malformed(text, "unexpected characters");
  if (promotion != NoPieceType && piece != Pawn) san_detail::malformed(text, "only a pawn promotes");

  std::vector<Move> found;
  bool needs_promotion = false;
  for_each_legal_move(pos, [&](Move m) {
    if (m.to() != to || m.kind() == Move::Castling) return;
    if (type_of(pos.piece_on(m.from())) != piece) return;
    // A pawn named without its file moves straight ahead: d5 is never exd5.
    if (from_file >= 0 ? file_of(m.from()) != from_file : piece == Pawn && file_of(m.from()) != file_of(to)) return;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) return;
    if (m.kind() == Move::Promotion) {
      if (promotion == NoPieceType) {
        needs_promotion = true;
        return;
      }
      if (m.promotion_piece() != promotion) return;
    } else if (promotion != NoPieceType) {
      return;
    }
    found.push_back(m);
  });
  if (found.empty()) {
    if (needs_promotion)
      throw InputError("illegal move " + quote_move_text(text) + ": a promotion needs a piece (=Q, =R, =B or =N)");
    throw InputError("illegal move " + quote_move_text(text) + " in " + format_fen(pos));
  }
  if (found.size() > 1) {
    std::string names;
    for (const Move m : found) names += (names.empty() ? "" : " or ") + san_detail::san_body(pos, m);
    throw InputError("ambiguous move " + quote_move_text(text) + ": " + names);
  }
  if (capture_marked && !san_detail::is_capture(pos, found.front()))
    throw InputError("illegal move " + quote_move_text(text) + ": " + square_name(to) + " holds nothing to capture");
  return found.front();
}

}  // namespace zz::chess
