// The retrograde solver's predecessor kernel: un-moves computed on the index's own terms
// (squares by group) instead of through Position, for_each_unmove and rank. A five-piece
// table un-moves from hundreds of millions of positions; building a 160-byte position with
// its hash for each predecessor and ranking it from scratch was half of a solve's time.
// tests/chess/table_index_kernels_test.cpp checks it against for_each_unmove and rank.
#include <algorithm>

#include "core/chess/table_index.hpp"
#include "core/chess/table_index_parts.hpp"

namespace zz::chess {

using index_parts::kChoose;
using index_parts::kMaps;
using index_parts::kMaxGroup;
using index_parts::kPawnOffset;
using index_parts::squares_for;

namespace {

// The combinatorial rank of one group's squares (numbered within the group), given in any
// order; sorts them.
std::uint64_t group_rank(int* x, int n) {
  for (int i = 1; i < n; ++i) {
    const int v = x[i];
    int j = i;
    for (; j > 0 && x[j - 1] > v; --j) x[j] = x[j - 1];
    x[j] = v;
  }
  std::uint64_t r = 0;
  for (int i = 0; i < n; ++i) r += kChoose.c[x[i]][i + 1];
  return r;
}

bool on_long_diagonal(Square s) { return file_of(s) == rank_of(s) || file_of(s) + rank_of(s) == 7; }

}  // namespace

// Straight from the squares, not through bitboards (rank_of): every king un-move of a
// solve comes here, and popping squares back out of bitboards cost 5 % of a whole solve.
std::uint64_t TableIndex::rank_squares(Color side, Square wk, Square bk, const Square* pieces) const {
  const KingPairs& kp = *kings_;
  std::uint64_t best = ~std::uint64_t{0};
  for (int k = 0; k < kp.sym_count[wk][bk]; ++k) {
    const auto& map = kMaps.to[0][kp.syms[wk][bk][k]];
    std::uint64_t r = 0;
    const Square* s = pieces;
    for (int g = 0; g < group_count_; ++g) {
      const Group& group = groups_[g];
      const int offset = group.type == Pawn ? kPawnOffset : 0;
      int x[kMaxGroup];
      for (int i = 0; i < group.count; ++i) x[i] = map[s[i]] - offset;
      s += group.count;
      r = r * group.size + group_rank(x, group.count);
    }
    best = std::min(best, r);
  }
  return (side * pairs_ + static_cast<std::uint64_t>(kp.pair[wk][bk])) * rest_ + best;
}

int TableIndex::predecessors(std::uint64_t index, std::uint64_t* out, bool& distinct) const {
  const std::uint64_t rest = index % rest_;
  const std::uint64_t pair = index / rest_ % pairs_;
  const Color side = index / rest_ / pairs_ ? Black : White;  // to move in the slot's position
  const Color us = ~side;                                     // moved last: takes a move back
  const auto [wk, bk] = kings_->representative[pair];

  // The pieces group after group, each group's rank and the weight of that rank in `rest`.
  Square sq[kMaxGroup];
  int group_of[kMaxGroup];
  std::uint64_t sub[10], stride[10];
  int first[10];
  int total = 0;
  for (int g = 0; g < group_count_; ++g) {
    first[g] = total;
    for (int i = 0; i < groups_[g].count; ++i) group_of[total++] = g;
  }
  std::uint64_t weight = 1, left = rest;
  for (int g = group_count_ - 1; g >= 0; --g) {
    const Group& group = groups_[g];
    stride[g] = weight;
    weight *= group.size;
    sub[g] = left % group.size;
    left /= group.size;
    std::uint64_t r = sub[g];
    int x = squares_for(group.type) - 1;
    for (int i = group.count; i >= 1; --i) {
      if (i == 1) {
        x = static_cast<int>(r);
      } else {
        while (kChoose.c[x][i] > r) --x;
        r -= kChoose.c[x][i];
      }
      sq[first[g] + i - 1] = Square(group.type == Pawn ? x + kPawnOffset : x);
      --x;
    }
  }
  Bitboard occupied = square_bb(wk) | square_bb(bk);
  for (int k = 0; k < total; ++k) occupied |= square_bb(sq[k]);

  const Square their_king = side == White ? wk : bk;
  const Bitboard target = square_bb(their_king);
  const Square our_king = us == White ? wk : bk;
  // Whether the side to move stands attacked in the predecessor (illegal): our king on
  // `king`, our piece `moved` (or none, -1) on `from`, the rest where they stand.
  const auto attacked = [&](int moved, Square from, Square king, Bitboard occ) {
    if (king_attacks(king) & target) return true;
    for (int j = 0; j < total; ++j) {
      const Group& group = groups_[group_of[j]];
      if (group.color != us) continue;
      const Square s = j == moved ? from : sq[j];
      if (group.type == Pawn) {
        if (pawn_attacks(us, s) & target) return true;
      } else if ((empty_board_attacks(group.type, s) & target) && (attacks(group.type, s, occ) & target)) {
        return true;
      }
    }
    return false;
  };

  // A piece that is not a king leaves the kings, and so the symmetry that orients the
  // position, alone: only its group's rank changes (unless two symmetries orient the kings).
  const std::uint64_t base = (us * pairs_ + pair) * rest_ + rest;
  const bool one_symmetry = kings_->sym_count[wk][bk] == 1;
  int count = 0;
  for (int k = 0; k < total; ++k) {
    const int g = group_of[k];
    const Group& group = groups_[g];
    if (group.color != us) continue;
    const Square to = sq[k];
    Bitboard froms = 0;
    if (group.type != Pawn) {
      froms = attacks(group.type, to, occupied) & ~occupied;
    } else if (relative_rank(us, to) >= 2) {  // a pawn on its second rank has not moved
      const int up = forward(us);
      const Square one = Square(to - up);
      if (!(occupied & square_bb(one))) {
        froms = square_bb(one);
        const Square two = Square(to - 2 * up);
        if (relative_rank(us, to) == 3 && !(occupied & square_bb(two))) froms |= square_bb(two);
      }
    }
    while (froms) {
      const Square from = pop_square(froms);
      if (attacked(k, from, our_king, occupied ^ square_bb(to) ^ square_bb(from))) continue;
      if (one_symmetry) {
        const int offset = group.type == Pawn ? kPawnOffset : 0;
        int x[kMaxGroup];
        for (int i = 0; i < group.count; ++i) x[i] = (first[g] + i == k ? from : sq[first[g] + i]) - offset;
        out[count++] = base + (group_rank(x, group.count) - sub[g]) * stride[g];
      } else {
        Square moved[kMaxGroup];
        std::copy(sq, sq + total, moved);
        moved[k] = from;
        out[count++] = rank_squares(us, wk, bk, moved);
      }
    }
  }
  // Our king moves the pair of kings: the whole position is oriented again.
  for (Bitboard froms = king_attacks(our_king) & ~occupied; froms;) {
    const Square from = pop_square(froms);
    if (attacked(-1, from, from, occupied ^ square_bb(our_king) ^ square_bb(from))) continue;
    out[count++] = us == White ? rank_squares(us, from, bk, sq) : rank_squares(us, wk, from, sq);
  }
  // Two predecessors share an index only through a symmetry of the index that fixes their
  // king, which stands still: with pawns there is none (the mirror fixes no square), without
  // only a diagonal reflection of a king on its diagonal (see Chess::neighbours_distinct).
  distinct = pawns_ || !on_long_diagonal(their_king);
  return count;
}

}  // namespace zz::chess
