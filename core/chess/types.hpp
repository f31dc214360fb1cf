#pragma once
// Colours, piece types, pieces and squares. Squares count a1 = 0, b1 = 1, ..., h8 = 63, so a
// square's bit in a bitboard is 1 << square and "one rank up" is +8.
#include <cstdint>

namespace zz::chess {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { White, Black };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };
inline constexpr int kPieceTypeCount = 6;

// Colour in bit 3, type in bits 0-2. NoPiece has type NoPieceType, so code that indexes by
// a piece or its type can treat an empty square like a piece that is not there.
enum Piece : std::uint8_t {
  WhitePawn = 0, WhiteKnight, WhiteBishop, WhiteRook, WhiteQueen, WhiteKing, NoPiece,
  BlackPawn = 8, BlackKnight, BlackBishop, BlackRook, BlackQueen, BlackKing,
};
inline constexpr int kPieceIndexCount = 16;

constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

enum Square : std::uint8_t {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  NoSquare
};
inline constexpr int kSquareCount = 64;

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
// The rank as seen by colour c: a White pawn's start rank and a Black pawn's are both 1.
constexpr int relative_rank(Color c, Square s) { return c == White ? rank_of(s) : 7 - rank_of(s); }

// Castling rights, one bit each.
enum CastlingRight : std::uint8_t {
  WhiteKingSide = 1, WhiteQueenSide = 2, BlackKingSide = 4, BlackQueenSide = 8,
  NoCastling = 0, AllCastling = 15,
};
inline constexpr int kCastlingRightsCount = 16;

}  // namespace zz::chess
