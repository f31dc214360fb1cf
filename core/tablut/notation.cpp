#include "core/tablut/notation.hpp"

#include <array>
#include <cctype>

#include "core/common/error.hpp"
#include "core/tablut/material.hpp"

namespace zz::tablut {
namespace {

[[noreturn]] void reject(const std::string& why) { throw InputError("tablut position: " + why); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string quoted(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

Color parse_turn(char c) {
  switch (c) {
    case 'w': case 'W': return Color::White;
    case 'b': case 'B': return Color::Black;
    default: reject("bad side to move " + quoted(c) + ", expected w or b");
  }
}

// Cells hold '.', 'W', 'B' or 'K' while a position is read.
using Cells = std::array<char, kSquares>;

Cells parse_rows(std::string_view board) {
  Cells cells;
  cells.fill('.');
  int row = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = board.find('/', start);
    const std::string_view text = board.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    if (row < kSide) {
      int column = 0;
      for (char c : text) {
        if (c >= '1' && c <= '9') {
          column += c - '0';
        } else if (c == 'W' || c == 'B' || c == 'K') {
          if (column < kSide) cells[square(row, column)] = c;
          ++column;
        } else {
          reject("row " + std::to_string(row + 1) + ": bad character " + quoted(c) + " (expected K, W, B or a digit 1-9)");
        }
      }
      if (column != kSide)
        reject("row " + std::to_string(row + 1) + " has " + std::to_string(column) + " squares, expected 9");
    }
    ++row;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (row != kSide) reject("the board has " + std::to_string(row) + " rows, expected 9");
  return cells;
}

Cells parse_server_cells(std::string_view board) {
  if (board.size() != static_cast<std::size_t>(kSquares))
    reject("the server board has " + std::to_string(board.size()) + " squares, expected 81 followed by the turn W or B");
  Cells cells;
  for (int s = 0; s < kSquares; ++s) {
    const char c = board[s];
    switch (c) {
      case 'O': case 'o': cells[s] = '.'; break;
      case 'W': case 'B': case 'K': cells[s] = c; break;
      case 'T':
        if (s != kThrone) reject("'T' (the empty throne) on " + square_name(s) + "; the throne is e5");
        cells[s] = '.';
        break;
      default:
        reject("bad character " + quoted(c) + " on " + square_name(s) + " (expected O, T, W, B or K)");
    }
  }
  return cells;
}

Position build(const Cells& cells, Color turn) {
  Position p;
  p.turn = turn;
  for (int s = 0; s < kSquares; ++s) {
    const char c = cells[s];
    if (c == '.') continue;
    if (c == 'K') {
      if (p.has_king()) reject("two kings, on " + square_name(p.king) + " and " + square_name(s));
      p.king = static_cast<std::uint8_t>(s);
    } else if (s == kThrone) {
      reject(std::string(c == 'W' ? "a white" : "a black") + " pawn on the throne e5; only the king may stand there");
    } else if (c == 'W') {
      p.white |= bit(s);
    } else {
      p.black |= bit(s);
    }
  }
  const Bitboard white_on_camps = p.white_pieces() & kCamps;
  if (white_on_camps) {
    Bitboard b = white_on_camps;
    const int s = pop_lsb(b);
    reject(std::string(s == p.king ? "the king" : "a white pawn") + " on the camp square " + square_name(s) +
           "; white pieces never enter a camp");
  }
  if (p.white_pawn_count() > kMaxWhitePawns)
    reject(std::to_string(p.white_pawn_count()) + " white pawns, at most 8");
  if (p.black_pawn_count() > kMaxBlackPawns)
    reject(std::to_string(p.black_pawn_count()) + " black pawns, at most 16");
  if (!p.has_king() && turn == Color::Black)
    reject("no king with Black to move; a board without a king is the position after Black captured it, White to move");
  if (p.king_escaped() && turn == Color::White)
    reject("the king is on the escape square " + square_name(p.king) + " with White to move; the game ended on White's move");
  return p;
}

int parse_square(std::string_view s) {
  if (s.size() != 2) return kNoSquare;
  const char file = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  const char rank = s[1];
  if (file < 'a' || file > 'i' || rank < '1' || rank > '9') return kNoSquare;
  return sq(file, rank - '0');
}

}  // namespace

std::string square_name(int s) {
  return std::string{static_cast<char>('a' + column_of(s)), static_cast<char>('1' + row_of(s))};
}

Position parse_position(std::string_view text) {
  text = trim(text);
  if (text.empty()) reject("empty text");
  if (text.find('/') != std::string_view::npos) {
    std::size_t end = 0;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    const std::string_view side = trim(text.substr(end));
    if (side.empty()) reject("missing side to move after the board, expected w or b");
    if (side.size() != 1) reject("bad side to move '" + std::string(side) + "', expected w or b");
    return build(parse_rows(text.substr(0, end)), parse_turn(side[0]));
  }
  const Color turn = parse_turn(text.back());
  return build(parse_server_cells(trim(text.substr(0, text.size() - 1))), turn);
}

std::string format_position(const Position& p) {
  std::string out;
  for (int r = 0; r < kSide; ++r) {
    if (r) out += '/';
    int empty = 0;
    for (int c = 0; c < kSide; ++c) {
      const int s = square(r, c);
      const char piece = s == p.king ? 'K' : has(p.white, s) ? 'W' : has(p.black, s) ? 'B' : '.';
      if (piece == '.') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += piece;
    }
    if (empty) out += static_cast<char>('0' + empty);
  }
  out += p.turn == Color::White ? " w" : " b";
  return out;
}

std::string format_server_board(const Position& p) {
  std::string out(kSquares, 'O');
  out[kThrone] = 'T';
  for_each_square(p.white, [&](int s) { out[s] = 'W'; });
  for_each_square(p.black, [&](int s) { out[s] = 'B'; });
  if (p.has_king()) out[p.king] = 'K';
  out += p.turn == Color::White ? 'W' : 'B';
  return out;
}

std::string format_move(Move m) { return square_name(m.from) + "-" + square_name(m.to); }

Move parse_move_text(std::string_view text) {
  const std::string_view t = trim(text);
  const bool dashed = t.size() == 5 && t[2] == '-';
  if (t.size() == 4 || dashed) {
    const int from = parse_square(t.substr(0, 2));
    const int to = parse_square(t.substr(dashed ? 3 : 2, 2));
    if (from != kNoSquare && to != kNoSquare) return {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
  }
  throw InputError("tablut move '" + std::string(t) + "': expected two squares a1-i9 like e3-f3 or e3f3");
}

std::string illegal_reason(const Position& p, Move m) {
  if (p.decided()) return "the game is over";
  const int from = m.from, to = m.to;
  if (from >= kSquares || to >= kSquares) return "square off the board";
  const std::string a = square_name(from), b = square_name(to);
  const bool white = p.turn == Color::White;
  const bool own = white ? has(p.white_pieces(), from) : has(p.black, from);
  if (!own) {
    if (!has(p.occupied(), from)) return "no piece on " + a;
    return a + " holds a " + std::string(white ? "black" : "white") + " piece and " + (white ? "White" : "Black") + " is to move";
  }
  if (from == to) return "the piece does not move";
  if (row_of(from) != row_of(to) && column_of(from) != column_of(to)) return a + " and " + b + " are not on one row or column";
  const int step = row_of(from) == row_of(to) ? (to > from ? 1 : -1) : (to > from ? kSide : -kSide);
  const int home = white ? -1 : kCampOf[from];
  for (int s = from + step;; s += step) {
    const std::string here = square_name(s);
    if (has(p.occupied(), s)) return s == to ? here + " is occupied" : "the piece on " + here + " is in the way";
    if (s == kThrone) return "nobody may land on or pass over the throne e5";
    if (kCampOf[s] >= 0 && kCampOf[s] != home) {
      if (white) return "white pieces may not enter or pass over the camp square " + here;
      return home < 0 ? "a black pawn that has left its camp may not enter or pass over the camp square " + here
                      : "a black pawn may not enter another camp (" + here + ")";
    }
    if (s == to) break;
  }
  return {};
}

}  // namespace zz::tablut
