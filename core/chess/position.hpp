#pragma once
// A chess position as a value type (160 bytes): bitboards by piece type and colour, a
// square-indexed board for O(1) lookups, castling rights, the en-passant square, the clocks
// and the Zobrist key, kept up to date by every change. Search copies it and plays a move
// on the copy (copy-make); nothing needs to be undone.
//
// The en-passant square is set only when a legal en-passant capture exists, so two
// positions with the same pieces, side and rights hash equal exactly when they offer the
// same moves (the FIDE definition of a repeated position); the clocks are not hashed.
#include <array>
#include <cstdint>

#include "core/chess/attacks.hpp"
#include "core/chess/move.hpp"
#include "core/chess/zobrist.hpp"

namespace zz::chess {

class Position {
 public:
  // An empty board, White to move, no castling rights, clocks 0 and 1.
  Position() = default;

  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[c] & (by_type_[a] | by_type_[b]);
  }
  // The king's square; NoSquare if colour c has no king (only while building a position).
  Square king_square(Color c) const { return lsb_square(pieces(c, King)); }

  Color side_to_move() const { return side_; }
  std::uint8_t castling_rights() const { return castling_; }
  bool can_castle(CastlingRight r) const { return (castling_ & r) != 0; }
  Square en_passant_square() const { return ep_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  std::uint64_t key() const { return key_; }

  // Pieces of both colours that attack s, given the occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  bool attacked_by(Color c, Square s, Bitboard occupied) const;
  Bitboard checkers() const;
  bool in_check() const { return checkers() != 0; }
  // True in an illegal position: the side that just moved left its king attacked.
  bool opponent_in_check() const;
  // Whether the side to move may legally capture en passant from `from` onto `to`
  // (assuming a pawn stands on from and the enemy pawn just double-stepped past to).
  bool en_passant_legal(Square from, Square to) const;

  // Building a position (FEN parsing, table unranking). Both kings must be on the board
  // before moves are generated or played.
  // Inline: a table's unrank builds a position per slot with them.
  void put_piece(Piece p, Square s) {  // replaces whatever stood on s
    remove_piece(s);
    const Bitboard b = square_bb(s);
    by_type_[type_of(p)] |= b;
    by_color_[color_of(p)] |= b;
    board_[s] = p;
    key_ ^= kZobrist.piece[p][s];
  }
  void remove_piece(Square s) {
    const Piece p = board_[s];
    if (p == NoPiece) return;
    const Bitboard b = square_bb(s);
    by_type_[type_of(p)] &= ~b;
    by_color_[color_of(p)] &= ~b;
    board_[s] = NoPiece;
    key_ ^= kZobrist.piece[p][s];
  }
  void set_side_to_move(Color c);
  // Move generation trusts every right: its king and rook must stand on their home squares.
  void set_castling_rights(std::uint8_t rights);
  // Records the square a pawn just skipped, if a legal en-passant capture onto it exists;
  // otherwise leaves no en-passant square. Call after the pieces and the side are set.
  void set_en_passant(Square s);
  void set_clocks(int halfmove, int fullmove);

  // Plays a legal move in place.
  void make_move(Move m);
  Position play(Move m) const {
    Position child = *this;
    child.make_move(m);
    return child;
  }

  // The key computed from scratch; equals key() unless something is broken.
  std::uint64_t compute_key() const;

  friend bool operator==(const Position&, const Position&) = default;

 private:
  void update_en_passant_after_double_step(Square skipped);

  // One slot per PieceType including NoPieceType, which stays empty: clearing a captured
  // piece's bit works the same whether or not there was a piece.
  std::array<Bitboard, 8> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  std::array<Piece, kSquareCount> board_ = empty_board();
  std::uint64_t key_ = 0;
  Color side_ = White;
  std::uint8_t castling_ = NoCastling;
  Square ep_ = NoSquare;
  std::uint16_t halfmove_ = 0;
  std::uint16_t fullmove_ = 1;

  static constexpr std::array<Piece, kSquareCount> empty_board() {
    std::array<Piece, kSquareCount> b{};
    b.fill(NoPiece);
    return b;
  }
};

inline Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) |
         (pawn_attacks(White, s) & pieces(Black, Pawn)) |
         (knight_attacks(s) & by_type_[Knight]) |
         (bishop_attacks(s, occupied) & (by_type_[Bishop] | by_type_[Queen])) |
         (rook_attacks(s, occupied) & (by_type_[Rook] | by_type_[Queen])) |
         (king_attacks(s) & by_type_[King]);
}

inline bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
  if ((pawn_attacks(~c, s) & pieces(c, Pawn)) || (knight_attacks(s) & pieces(c, Knight)) ||
      (king_attacks(s) & pieces(c, King)))
    return true;
  // A slider off every line through s cannot attack it: no sliding look-up (a cache miss
  // in a solver's passes) for the usual case.
  const Bitboard diagonal = pieces(c, Bishop, Queen) & kBishopRays[s];
  if (diagonal && (bishop_attacks(s, occupied) & diagonal)) return true;
  const Bitboard straight = pieces(c, Rook, Queen) & kRookRays[s];
  return straight && (rook_attacks(s, occupied) & straight);
}

inline Bitboard Position::checkers() const {
  return attackers_to(king_square(side_), pieces()) & pieces(~side_);
}

inline bool Position::opponent_in_check() const {
  return attacked_by(side_, king_square(~side_), pieces());
}

inline bool Position::en_passant_legal(Square from, Square to) const {
  const Square captured = Square(to ^ 8);
  const Square king = king_square(side_);
  const Bitboard occupied =
      (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
  const Bitboard enemies = pieces(~side_) ^ square_bb(captured);
  return !(bishop_attacks(king, occupied) & enemies & (by_type_[Bishop] | by_type_[Queen])) &&
         !(rook_attacks(king, occupied) & enemies & (by_type_[Rook] | by_type_[Queen])) &&
         !(knight_attacks(king) & enemies & by_type_[Knight]) &&
         !(pawn_attacks(side_, king) & enemies & by_type_[Pawn]);
}

}  // namespace zz::chess
