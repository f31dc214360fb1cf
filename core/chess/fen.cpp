#include "core/chess/fen.hpp"

#include <bit>
#include <charconv>
#include <optional>
#include <vector>

#include "core/common/error.hpp"

namespace zz::chess {
namespace {

constexpr std::string_view kPieceLetters = "PNBRQK  pnbrqk";
constexpr std::string_view kColorNames[2] = {"white", "black"};

[[noreturn]] void reject(const std::string& reason) { throw InputError("invalid FEN: " + reason); }

std::vector<std::string_view> split(std::string_view text, char separator, bool skip_empty) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(separator, start);
    if (end == std::string_view::npos) end = text.size();
    if (!skip_empty || end > start) parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

std::optional<Piece> piece_from_letter(char c) {
  const std::size_t i = kPieceLetters.find(c);
  if (c == ' ' || i == std::string_view::npos) return std::nullopt;
  return i < 7 ? make_piece(White, PieceType(i)) : make_piece(Black, PieceType(i - 8));
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return std::nullopt;
  return make_square(text[0] - 'a', text[1] - '1');
}

std::optional<int> parse_number(std::string_view text, int min, int max) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < min ||
      value > max)
    return std::nullopt;
  return value;
}

void place_pieces(Position& pos, std::string_view placement) {
  const auto ranks = split(placement, '/', false);
  if (ranks.size() != 8)
    reject("the placement has " + std::to_string(ranks.size()) + " ranks, expected 8");
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;
    const std::string name = "rank " + std::to_string(rank + 1);
    int file = 0;
    for (const char c : ranks[i]) {
      if (c >= '1' && c <= '8') {
        file += c - '0';
      } else if (const auto piece = piece_from_letter(c)) {
        if (file < 8) pos.put_piece(*piece, make_square(file, rank));
        ++file;
      } else {
        reject("bad character '" + std::string(1, c) + "' in " + name);
      }
      if (file > 8) reject(name + " has more than 8 squares");
    }
    if (file != 8) reject(name + " has " + std::to_string(file) + " squares, expected 8");
  }
}

void check_material(const Position& pos) {
  for (const Color c : {White, Black}) {
    const std::string who(kColorNames[c]);
    const int kings = std::popcount(pos.pieces(c, King));
    if (kings != 1) reject(who + " has " + std::to_string(kings) + " kings, expected 1");
    if (std::popcount(pos.pieces(c, Pawn)) > 8) reject(who + " has more than 8 pawns");
    if (std::popcount(pos.pieces(c)) > 16) reject(who + " has more than 16 pieces");
  }
  if (const Bitboard misplaced = pos.pieces(Pawn) & (kRank1 | kRank8))
    reject("pawn on the first or last rank (" + square_name(lsb_square(misplaced)) + ")");
}

std::uint8_t parse_castling(const Position& pos, std::string_view field) {
  if (field == "-") return NoCastling;
  struct Right {
    char letter;
    CastlingRight right;
    Piece king;
    Square king_home;
    Square rook_home;
  };
  constexpr Right kRights[] = {
      {'K', WhiteKingSide, WhiteKing, E1, H1},
      {'Q', WhiteQueenSide, WhiteKing, E1, A1},
      {'k', BlackKingSide, BlackKing, E8, H8},
      {'q', BlackQueenSide, BlackKing, E8, A8},
  };
  std::uint8_t rights = NoCastling;
  for (const char c : field) {
    const Right* found = nullptr;
    for (const Right& r : kRights)
      if (r.letter == c) found = &r;
    if (!found || (rights & found->right))
      reject("bad castling field '" + std::string(field) + "'");
    const Piece rook = make_piece(color_of(found->king), Rook);
    if (pos.piece_on(found->king_home) != found->king || pos.piece_on(found->rook_home) != rook)
      reject("castling right " + std::string(1, c) + " needs the king on " +
             square_name(found->king_home) + " and a rook on " + square_name(found->rook_home));
    rights |= found->right;
  }
  return rights;
}

// Checks that the square could have been skipped by a pawn of the side not to move.
Square parse_en_passant(const Position& pos, std::string_view field) {
  if (field == "-") return NoSquare;
  const auto square = parse_square(field);
  if (!square) reject("bad en-passant square '" + std::string(field) + "'");
  const Color mover = ~pos.side_to_move();
  const std::string name(field);
  if (relative_rank(mover, *square) != 2)
    reject("en-passant square " + name + " is not on rank " + (mover == White ? "3" : "6"));
  const int step = mover == White ? 8 : -8;
  const Square pawn = Square(*square + step), origin = Square(*square - step);
  if (pos.piece_on(pawn) != make_piece(mover, Pawn))
    reject("en-passant square " + name + " needs a " + std::string(kColorNames[mover]) +
           " pawn on " + square_name(pawn));
  if (pos.piece_on(*square) != NoPiece || pos.piece_on(origin) != NoPiece)
    reject("en-passant square " + name + " or " + square_name(origin) + " is occupied");
  return *square;
}

}  // namespace

std::string square_name(Square s) {
  if (s == NoSquare) return "-";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

Position parse_fen(std::string_view text) {
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < text.size();) {
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !is_space(text[end])) ++end;
    fields.push_back(text.substr(i, end - i));
    i = end;
  }
  if (fields.size() == 1 && fields[0] == "startpos") return parse_fen(kStartFen);
  if (fields.size() != 6 && fields.size() != 4)
    reject("expected 6 fields (or 4 without the clocks), got " + std::to_string(fields.size()));

  init_attack_tables();
  Position pos;
  place_pieces(pos, fields[0]);
  if (fields[1] != "w" && fields[1] != "b")
    reject("side to move must be 'w' or 'b', got '" + std::string(fields[1]) + "'");
  pos.set_side_to_move(fields[1] == "w" ? White : Black);
  check_material(pos);
  if (pos.opponent_in_check())
    reject("the side not to move (" + std::string(kColorNames[~pos.side_to_move()]) + ") is in check");
  pos.set_castling_rights(parse_castling(pos, fields[2]));
  const Square ep = parse_en_passant(pos, fields[3]);

  int halfmove = 0, fullmove = 1;
  if (fields.size() == 6) {
    const auto h = parse_number(fields[4], 0, 65535);
    if (!h) reject("bad halfmove clock '" + std::string(fields[4]) + "'");
    const auto f = parse_number(fields[5], 1, 65535);
    if (!f) reject("bad fullmove number '" + std::string(fields[5]) + "'");
    halfmove = *h;
    fullmove = *f;
  }
  pos.set_clocks(halfmove, fullmove);
  pos.set_en_passant(ep);
  return pos;
}

std::string format_fen(const Position& pos) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == NoPiece) {
        ++empty;
        continue;
      }
      if (empty) fen += static_cast<char>('0' + empty);
      empty = 0;
      fen += kPieceLetters[color_of(p) * 8 + type_of(p)];
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank) fen += '/';
  }
  fen += pos.side_to_move() == White ? " w " : " b ";
  const std::uint8_t rights = pos.castling_rights();
  if (!rights) fen += '-';
  if (rights & WhiteKingSide) fen += 'K';
  if (rights & WhiteQueenSide) fen += 'Q';
  if (rights & BlackKingSide) fen += 'k';
  if (rights & BlackQueenSide) fen += 'q';
  fen += ' ' + square_name(pos.en_passant_square());
  fen += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
  return fen;
}

}  // namespace zz::chess
