// TableIndex::unrank, walking. Slot index + 1 differs from slot index in the last group's
// part of the index, its subset of squares one step further in the order the combinatorial
// number system counts (colexicographic: the subsets of k squares as k-bit masks, in
// numeric order). That step is a few bit operations; decoding an index from scratch takes
// two 64-bit divisions per group and a search per piece, most of what unrank cost before.
// A group that runs past its last subset starts again from its first and carries into the
// group before it, then into the king pair and the side to move. The walk also keeps the
// position of every piece but the last group's: a slot's position is a copy of it with the
// last group's pieces put on, rebuilt whole only when a carry changes it.
#include "core/chess/table_index.hpp"
#include "core/chess/table_index_parts.hpp"

#include <bit>

namespace zz::chess {

using index_parts::kChoose;
using index_parts::kPawnOffset;
using index_parts::squares_for;

struct TableIndex::Walk {
  std::uint64_t serial = 0;  // the index it walks (0: none yet)
  std::uint64_t index = 0;   // the slot it stands on
  std::uint64_t side = 0, pair = 0;
  std::array<std::uint64_t, 10> part{};  // each group's part of the index
  std::array<std::uint64_t, 10> mask{};  // and its subset, bit x for the group's square x
  // The kings, the groups before the last and the side to move; stale after a carry.
  Position base;
  Bitboard base_occupied = 0;
  bool base_overlaps = false;  // two of its pieces on one square: the slot is unused
  bool base_stale = true;
};

namespace {

// The next subset of as many elements in colexicographic order; x is not the last one.
std::uint64_t next_subset(std::uint64_t x) {
  const std::uint64_t lowest = x & (~x + 1);
  const std::uint64_t raised = x + lowest;  // the lowest run of ones carried one square up
  return raised | (((raised ^ x) >> 2) >> std::countr_zero(x));  // the rest of the run, at the bottom
}

std::uint64_t first_subset(int count) { return (std::uint64_t{1} << count) - 1; }

// Puts `piece` on each of `squares` and adds them to `occupied`; false, putting nothing, if
// one of them is taken already (the slot is unused).
bool put_group(Position& p, Bitboard& occupied, Piece piece, Bitboard squares) {
  if (occupied & squares) return false;
  occupied |= squares;
  for (Bitboard b = squares; b;) p.put_piece(piece, pop_square(b));
  return true;
}

}  // namespace

void TableIndex::walk_to(Walk& w, std::uint64_t index) const {
  w.serial = serial_;
  w.index = index;
  w.base_stale = true;
  std::uint64_t rest = index % rest_;
  w.pair = index / rest_ % pairs_;
  w.side = index / rest_ / pairs_;
  for (int g = group_count_ - 1; g >= 0; --g) {
    const Group& group = groups_[g];
    std::uint64_t sub = rest % group.size;
    rest /= group.size;
    w.part[g] = sub;
    std::uint64_t mask = 0;
    int x = squares_for(group.type) - 1;
    for (int i = group.count; i >= 1; --i) {
      if (i == 1) {
        x = static_cast<int>(sub);  // C(x, 1) = x
      } else {
        while (kChoose.c[x][i] > sub) --x;
        sub -= kChoose.c[x][i];
      }
      mask |= std::uint64_t{1} << x;
      --x;
    }
    w.mask[g] = mask;
  }
}

void TableIndex::walk_step(Walk& w) const {
  ++w.index;
  for (int g = group_count_ - 1; g >= 0; --g) {
    if (++w.part[g] < groups_[g].size) {
      w.mask[g] = next_subset(w.mask[g]);
      if (g != group_count_ - 1) w.base_stale = true;
      return;
    }
    w.part[g] = 0;
    w.mask[g] = first_subset(groups_[g].count);
  }
  w.base_stale = true;
  if (++w.pair < pairs_) return;
  w.pair = 0;
  ++w.side;
}

void TableIndex::build_base(Walk& w) const {
  Position& base = w.base;
  base = Position();
  const auto [wk, bk] = kings_->representative[w.pair];
  w.base_occupied = square_bb(wk) | square_bb(bk);
  w.base_overlaps = false;
  w.base_stale = false;
  base.put_piece(WhiteKing, wk);
  base.put_piece(BlackKing, bk);
  for (int g = 0; g + 1 < group_count_; ++g) {
    const Piece piece = make_piece(groups_[g].color, groups_[g].type);
    // Until a group before the last moves, every slot is unused: the rest does not matter.
    if (!put_group(base, w.base_occupied, piece, group_squares(g, w.mask[g]))) {
      w.base_overlaps = true;
      return;
    }
  }
  base.set_side_to_move(w.side ? Black : White);
}

bool TableIndex::place(Walk& w, std::uint64_t index, Position& out) const {
  if (w.base_stale) build_base(w);
  if (w.base_overlaps) return false;
  const int last = group_count_ - 1;
  if (last >= 0 && (w.base_occupied & group_squares(last, w.mask[last]))) return false;
  out = w.base;
  if (last >= 0) {
    Bitboard occupied = w.base_occupied;
    put_group(out, occupied, make_piece(groups_[last].color, groups_[last].type), group_squares(last, w.mask[last]));
  }
  return legal_representative(w, index, out);
}

bool TableIndex::place_whole(const Walk& w, std::uint64_t index, Position& out) const {
  out = Position();
  const auto [wk, bk] = kings_->representative[w.pair];
  Bitboard occupied = square_bb(wk) | square_bb(bk);
  out.put_piece(WhiteKing, wk);
  out.put_piece(BlackKing, bk);
  for (int g = 0; g < group_count_; ++g)
    if (!put_group(out, occupied, make_piece(groups_[g].color, groups_[g].type), group_squares(g, w.mask[g])))
      return false;
  out.set_side_to_move(w.side ? Black : White);
  return legal_representative(w, index, out);
}

bool TableIndex::legal_representative(const Walk& w, std::uint64_t index, const Position& out) const {
  if (out.opponent_in_check()) return false;
  const auto [wk, bk] = kings_->representative[w.pair];
  return kings_->sym_count[wk][bk] == 1 || rank(out, false) == index;
}

bool TableIndex::unrank(std::uint64_t index, Position& out) const {
  // One walk per thread: threads walk their own ranges. A thread that reads another table
  // between two slots (a child's slot its file leaves out) starts again with divisions.
  thread_local Walk walk;
  // A few slots ahead (callers that skip the slots they need not read) still walk.
  constexpr std::uint64_t kSteps = 4;
  if (walk.serial == serial_ && index > walk.index && index - walk.index <= kSteps) {
    while (walk.index != index) walk_step(walk);
  } else if (!(walk.serial == serial_ && walk.index == index)) {
    // A slot read alone (at random, as the un-move passes do) builds its position once;
    // the base is built when the walk goes on.
    walk_to(walk, index);
    return place_whole(walk, index, out);
  }
  return place(walk, index, out);
}

}  // namespace zz::chess
