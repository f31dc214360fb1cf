// The index of a capture's or a promotion's child in its (smaller) table, found from the
// parent's bitboards with the move applied, instead of playing the move (a 160-byte copy
// with its hash) and finding the child's material twice (for its table and for its rank).
// The solver asks this for every capture of every position of a table it initializes.
// A quiet move's child in the parent's own table: from the parent's index, one group's part
// changed (QuietChildren).

#include "core/chess/table_index.hpp"
#include "core/chess/table_index_parts.hpp"

namespace zz::chess {

std::uint64_t TableIndex::rank_after(const Position& p, Move m, bool flip) const {
  const Color mover = p.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece moving = p.piece_on(from), captured = p.piece_on(to);
  const PieceType placed = m.kind() == Move::Promotion ? m.promotion_piece() : type_of(moving);
  // The child's pieces: each colour and type with the move applied.
  Bitboard by[2][6];
  for (Color c : {White, Black})
    for (int t = Pawn; t <= King; ++t) by[c][t] = p.pieces(c, PieceType(t));
  by[mover][type_of(moving)] ^= square_bb(from);
  if (captured != NoPiece) by[color_of(captured)][type_of(captured)] ^= square_bb(to);
  by[mover][placed] |= square_bb(to);
  // As rank() does for the played child, whose side to move is the mover's opponent.
  return rank_of([&by](Color c, PieceType t) { return by[c][t]; }, Color(~mover ^ flip), flip);
}

TableIndex::QuietChildren::QuietChildren(const TableIndex& index, const Position& p) : index_(index), parent_(p) {
  const Square w = p.king_square(White), b = p.king_square(Black);
  const KingPairs& kp = *index.kings_;
  if (kp.sym_count[w][b] != 1) return;
  sym_ = kp.syms[w][b][0];
  map_ = &index_parts::kMaps.to[0][sym_];
  for (int g = 0; g < index.group_count_; ++g) {
    const Group& group = index.groups_[g];
    part_[g] = index_parts::group_rank(*map_, p.pieces(group.color, group.type), group.type == Pawn);
    rest_ = rest_ * group.size + part_[g];
  }
  child_side_ = ~p.side_to_move();
  child_base_ = (child_side_ * index.pairs_ + static_cast<std::uint64_t>(kp.pair[w][b])) * index.rest_ + rest_;
}

std::uint64_t TableIndex::QuietChildren::operator()(Move m) const {
  const Square from = m.from(), to = m.to();
  const Piece moving = parent_.piece_on(from);
  const PieceType type = type_of(moving);
  if (sym_ < 0) return index_.rank_after(parent_, m, false);
  if (type == King) {
    Square w = parent_.king_square(White), b = parent_.king_square(Black);
    (color_of(moving) == White ? w : b) = to;
    const KingPairs& kp = *index_.kings_;
    // The same orientation: the other pieces keep their parts, only the pair changes.
    if (kp.sym_count[w][b] == 1 && kp.syms[w][b][0] == sym_)
      return (child_side_ * index_.pairs_ + static_cast<std::uint64_t>(kp.pair[w][b])) * index_.rest_ + rest_;
    return index_.rank_after(parent_, m, false);
  }
  const int g = index_.group_of_[color_of(moving)][type];
  const Group& group = index_.groups_[g];
  const std::uint64_t part =
      group.count == 1 ? std::uint64_t((*map_)[to]) - (type == Pawn ? index_parts::kPawnOffset : 0)
                       : index_parts::group_rank(*map_, parent_.pieces(group.color, type) ^ square_bb(from) ^ square_bb(to),
                                                 type == Pawn);
  // Unsigned arithmetic wraps, and the true index is in range: the sum is exact.
  return child_base_ + (part - part_[g]) * index_.weight_[g];
}

}  // namespace zz::chess
