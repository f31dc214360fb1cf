#include "core/chess/position.hpp"

namespace zz::chess {
namespace {

// The castling rights lost when a piece leaves or arrives on each square.
constexpr std::array<std::uint8_t, kSquareCount> castling_lost() {
  std::array<std::uint8_t, kSquareCount> t{};
  t[E1] = WhiteKingSide | WhiteQueenSide;
  t[H1] = WhiteKingSide;
  t[A1] = WhiteQueenSide;
  t[E8] = BlackKingSide | BlackQueenSide;
  t[H8] = BlackKingSide;
  t[A8] = BlackQueenSide;
  return t;
}
constexpr std::array<std::uint8_t, kSquareCount> kCastlingLost = castling_lost();

}  // namespace

void Position::set_side_to_move(Color c) {
  if (c != side_) key_ ^= kZobrist.black_to_move;
  side_ = c;
}

void Position::set_castling_rights(std::uint8_t rights) {
  key_ ^= kZobrist.castling[castling_] ^ kZobrist.castling[rights & AllCastling];
  castling_ = rights & AllCastling;
}

void Position::set_en_passant(Square s) {
  if (ep_ != NoSquare) key_ ^= kZobrist.en_passant_file[file_of(ep_)];
  ep_ = NoSquare;
  if (s != NoSquare) update_en_passant_after_double_step(s);
}

void Position::set_clocks(int halfmove, int fullmove) {
  halfmove_ = static_cast<std::uint16_t>(halfmove);
  fullmove_ = static_cast<std::uint16_t>(fullmove);
}

void Position::update_en_passant_after_double_step(Square skipped) {
  Bitboard capturers = pawn_attacks(~side_, skipped) & pieces(side_, Pawn);
  while (capturers) {
    if (en_passant_legal(pop_square(capturers), skipped)) {
      ep_ = skipped;
      key_ ^= kZobrist.en_passant_file[file_of(skipped)];
      return;
    }
  }
}

void Position::make_move(Move m) {
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece piece = board_[from];
  const Piece captured = board_[to];
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
  std::uint64_t key = key_ ^ kZobrist.black_to_move;
  if (ep_ != NoSquare) {
    key ^= kZobrist.en_passant_file[file_of(ep_)];
    ep_ = NoSquare;
  }
  // Both clocks stop at their maximum instead of wrapping to a wrong small number.
  fullmove_ += us & (fullmove_ != 0xFFFF);  // a full move ends with Black's move
  halfmove_ += halfmove_ != 0xFFFF;

  // An empty target clears the always-empty NoPieceType slot and hashes with a zero key,
  // so captures need no branch.
  by_type_[type_of(captured)] &= ~to_bb;
  by_color_[them] &= ~to_bb;
  key ^= kZobrist.piece[captured][to];
  if (captured != NoPiece) halfmove_ = 0;

  switch (m.kind()) {
    case Move::Normal:
      by_type_[type_of(piece)] ^= from_bb | to_bb;
      by_color_[us] ^= from_bb | to_bb;
      board_[to] = piece;
      board_[from] = NoPiece;
      key ^= kZobrist.piece[piece][from] ^ kZobrist.piece[piece][to];
      if (type_of(piece) == Pawn) halfmove_ = 0;
      break;
    case Move::Promotion: {
      const Piece promoted = make_piece(us, m.promotion_piece());
      by_type_[Pawn] ^= from_bb;
      by_type_[m.promotion_piece()] ^= to_bb;
      by_color_[us] ^= from_bb | to_bb;
      board_[to] = promoted;
      board_[from] = NoPiece;
      key ^= kZobrist.piece[piece][from] ^ kZobrist.piece[promoted][to];
      halfmove_ = 0;
      break;
    }
    case Move::EnPassant: {
      const Square victim = Square(to ^ 8);
      const Bitboard victim_bb = square_bb(victim);
      by_type_[Pawn] ^= from_bb | to_bb | victim_bb;
      by_color_[us] ^= from_bb | to_bb;
      by_color_[them] ^= victim_bb;
      board_[to] = piece;
      board_[from] = NoPiece;
      board_[victim] = NoPiece;
      key ^= kZobrist.piece[piece][from] ^ kZobrist.piece[piece][to] ^
             kZobrist.piece[make_piece(them, Pawn)][victim];
      halfmove_ = 0;
      break;
    }
    case Move::Castling: {
      const bool king_side = to > from;
      const Square rook_from = king_side ? Square(to + 1) : Square(to - 2);
      const Square rook_to = king_side ? Square(to - 1) : Square(to + 1);
      const Piece rook = make_piece(us, Rook);
      const Bitboard rook_bb = square_bb(rook_from) | square_bb(rook_to);
      by_type_[King] ^= from_bb | to_bb;
      by_type_[Rook] ^= rook_bb;
      by_color_[us] ^= from_bb | to_bb | rook_bb;
      board_[from] = NoPiece;
      board_[rook_from] = NoPiece;
      board_[to] = piece;
      board_[rook_to] = rook;
      key ^= kZobrist.piece[piece][from] ^ kZobrist.piece[piece][to] ^
             kZobrist.piece[rook][rook_from] ^ kZobrist.piece[rook][rook_to];
      break;
    }
  }

  if (castling_ && (kCastlingLost[from] | kCastlingLost[to])) {
    key ^= kZobrist.castling[castling_];
    castling_ &= ~(kCastlingLost[from] | kCastlingLost[to]);
    key ^= kZobrist.castling[castling_];
  }
  side_ = them;
  key_ = key;
  if (type_of(piece) == Pawn && (from ^ to) == 16) update_en_passant_after_double_step(Square((from + to) / 2));
}

std::uint64_t Position::compute_key() const {
  std::uint64_t key = 0;
  for (int s = 0; s < kSquareCount; ++s) key ^= kZobrist.piece[board_[s]][s];
  key ^= kZobrist.castling[castling_];
  if (ep_ != NoSquare) key ^= kZobrist.en_passant_file[file_of(ep_)];
  if (side_ == Black) key ^= kZobrist.black_to_move;
  return key;
}

}  // namespace zz::chess
