#include "core/morris/tier_ranker.hpp"

#include <array>
#include <utility>

namespace zz::morris {

using index_parts::count24;
using index_parts::MoverClass;
using index_parts::rank_in_part;

TierRanker::TierRanker(const Board& board, const Tier& t, Rules rules, std::uint64_t second_part,
                       std::vector<Tier> exit_tiers, const Exits& exits, bool has_second_part)
    : board_(&board), tier_(t), rules_(rules), second_part_(second_part), exit_tiers_(std::move(exit_tiers)),
      exits_(exits),
      exits_only_(!t.over && !rules.place_or_move && t.ha > 0 && (!has_second_part || t.hb > 0)) {}

std::uint32_t TierRanker::exit_locality(std::uint64_t i) const {
  if (tier_.over) return 0;
  const Board& b = *board_;
  const PartSides at = part_sides(i);
  const Mask waiting = index_parts::unrank_in_part(b, at.i, at.mb, at.wb).waiting;
  return static_cast<std::uint32_t>(MoverClass(subset_classes(b, at.wb), waiting).id);
}

SlotCensus TierRanker::census(std::uint64_t i) const {
  // The one slot of "over" is White to move with two stones, one position (orbit_size).
  if (tier_.over) return {i == 0, true, 1};
  const Board& b = *board_;
  const auto [at, mb, mh, wb, wh] = part_sides(i);
  const SubsetClasses& cls = subset_classes(b, mb);
  const std::uint64_t per_class = choose_table[b.points - mb][wb];
  const std::uint64_t c = at / per_class;
  if (c >= cls.classes()) return {};
  // unrank's colours: Black is to move while it has a stone more in hand, else White.
  const bool white = rules_.place_or_move || mh != wh + 1;
  const std::uint16_t more = static_cast<std::uint16_t>(cls.stabilizer[c] & ~1u);
  if (!more) return {true, white, kSymmetries};
  // The symmetries that fix the position are those of the representative's that fix the
  // waiting stones too; the slot is unused when one of them makes the stones smaller.
  const Mask waiting = index_parts::unrank_among_free(b, at % per_class, wb, cls.representative[c]);
  std::uint32_t fixing = 1;
  for (std::uint16_t s = more; s; s &= static_cast<std::uint16_t>(s - 1)) {
    const Mask image = b.transform(__builtin_ctz(s), waiting);
    if (image < waiting) return {};
    fixing += image == waiting;
  }
  return {true, white, kSymmetries / fixing};
}

ZZ_MORRIS_HOT std::uint64_t TierRanker::operator()(const Position& p) const {
  if (tier_.over) return 0;
  const Colour s = p.to_move;
  return (part_of(p) ? second_part_ : 0) + rank_in_part(*board_, p.stones[s], p.stones[other(s)]);
}

ZZ_MORRIS_HOT int TierRanker::predecessors(std::uint64_t i, std::uint64_t* out, bool& distinct) const {
  distinct = true;
  if (tier_.over) return 0;  // a finished game has no un-moves
  const Board& b = *board_;
  // Slot i as unrank reads it: the mover (m) has its class's representative, the side that
  // just moved (w) the waiting stones.
  const auto [at, mb, mh, wb, wh] = part_sides(i);
  // for_each_unmove's conditions: both sides alive, w may move stones, and the hands fit w
  // having been to move.
  const bool w_moves = wb > 0 && (wh == 0 || rules_.place_or_move);
  const bool hands_fit = rules_.place_or_move || wh == mh || wh == mh + 1;
  if (mb + mh < 3 || wb + wh < 3 || !w_moves || !hands_fit) return 0;
  const auto [c, rep, waiting] = index_parts::unrank_in_part(b, at, mb, wb);
  // Two un-moves reach the same slot only by a symmetry that fixes the representative.
  distinct = subset_classes(b, mb).stabilizer[c] == 1;

  // The predecessors' movers, w's stones with one taken back, each with its set's rank (the
  // key of its class entry) above the 24 bits of the set; their class entries are fetched
  // together.
  const SubsetClasses& theirs = subset_classes(b, wb);
  const std::uint32_t* their_table = theirs.table_if_built();
  const Mask empty = b.all & ~(rep | waiting);
  const bool fly = rules_.flying && wb + wh == 3;
  const bool mill_removes = rep != 0;  // a mill closed by the un-done move removed a stone
  int count = 0;
  for (Mask m = waiting; m; m &= m - 1) {
    const int to = __builtin_ctz(m);
    if (mill_removes && b.in_mill(waiting, to)) continue;
    for (Mask o = fly ? empty : b.adjacent[to] & empty; o; o &= o - 1) {
      const Mask before = (waiting & ~bit(to)) | (o & (~o + 1));
      const std::uint64_t key = rank_set(before);
      if (their_table) __builtin_prefetch(their_table + key);
      out[count++] = key << 24 | before;
    }
  }
  // Their part: w to move.
  const std::uint64_t offset = wb == tier_.a && wh == tier_.ha ? 0 : second_part_;
  const std::uint64_t per_their_class = choose_table[b.points - wb][mb];
  for (int k = 0; k < count; ++k) {
    const MoverClass mc = MoverClass::of_rank(theirs, out[k] >> 24, static_cast<Mask>(out[k] & 0xFFFFFF));
    out[k] = offset + mc.slot_of_turned(b, b.transform(mc.op, rep), per_their_class);
  }
  return count;
}

ZZ_MORRIS_HOT bool TierRanker::exit_child(const Position& p, Move m, int& tier, std::uint64_t& index) const {
  if (tier_.over) return false;
  const bool place = m.is_placement();
  if (!place && m.remove == kNone) return false;  // a slide that removes nothing stays
  const ExitKind kind = !place ? kSlideRemove : m.remove == kNone ? kPlace : kPlaceRemove;
  const Exit& e = exits_[static_cast<std::size_t>(part_of(p))][kind];
  if (e.tier < 0) return false;
  tier = e.tier;
  if (e.over) {
    index = 0;
    return true;
  }
  // The child: the waiting side (less the removed stone) to move, against the mover's stones
  // after the move.
  const Colour s = p.to_move;
  const Mask mover = m.remove == kNone ? p.stones[other(s)] : p.stones[other(s)] & ~bit(m.remove);
  const Mask waiting = (place ? p.stones[s] : p.stones[s] & ~bit(m.from)) | bit(m.to);
  const MoverClass& mc = mover_class(*e.classes, mover);
  if (kind == kPlace && !mc.more) {
    index = e.offset + mc.id * e.per_class + placed_rank(mc, p.stones[s], m.to);
    return true;
  }
  index = e.offset + mc.slot_of_turned(*board_, board_->transform(mc.op, waiting), e.per_class);
  return true;
}

// rank_among_free(turned own + the placed point, mc.rep) where no symmetry but the identity
// fixes mc.rep (smallest() is the turned set itself). A parent's placements differ by the
// one point placed: its own stones' sums, below each place the point may take and above it
// (there each stone's number among the chosen is one more), are made once per parent and
// kept per thread; a child is then two popcounts and three look-ups.
void TierRanker::PlacementSums::build(const Board& b, const MoverClass& mc, Mask own_stones) {
  rep = mc.rep;
  op = mc.op;
  own = own_stones;
  turned = b.transform(mc.op, own_stones);
  std::array<int, kMaxPoints> number;  // each stone's number among the free points, ascending (k written)
  int k = 0;
  for (Mask m = turned; m; m &= m - 1) {
    const int point = __builtin_ctz(m);
    number[static_cast<std::size_t>(k++)] = point - count24(mc.rep & (bit(point) - 1));
  }
  below[0] = 0;
  for (int j = 1; j <= k; ++j)
    below[static_cast<std::size_t>(j)] =
        below[static_cast<std::size_t>(j - 1)] + choose_table[number[static_cast<std::size_t>(j - 1)]][j];
  above[static_cast<std::size_t>(k)] = 0;
  for (int j = k - 1; j >= 0; --j)
    above[static_cast<std::size_t>(j)] =
        above[static_cast<std::size_t>(j + 1)] + choose_table[number[static_cast<std::size_t>(j)]][j + 2];
}

ZZ_MORRIS_HOT std::uint64_t TierRanker::placed_rank(const MoverClass& mc, Mask own, int to) const {
  thread_local PlacementSums sums;
  if (sums.rep != mc.rep || sums.op != mc.op || sums.own != own) sums.build(*board_, mc, own);
  return sums.rank(*board_, mc, to);
}

ZZ_MORRIS_HOT int TierRanker::exit_children(const Position& p, int* tiers, std::uint64_t* indices) const {
  // Only a placement tier's positions: every move places (placing is compulsory while a
  // stone is in hand, exits_only), so there are no slides to rank.
  const Colour s = p.to_move, o = other(s);
  if (!exits_only_ || p.hand[s] == 0) return -1;
  if (p.total(s) < 3) return 0;  // for_each_move: a side with fewer than 3 stones has no move
  const Board& b = *board_;
  const int part = part_of(p);
  const Mask own = p.stones[s], opp = p.stones[o];
  const Mask empty = b.all & ~(own | opp);
  // The stones a closed mill may remove: none when the opponent has none on the board, and
  // then a closing placement is a plain one.
  const Mask removable = b.removable(opp);
  Mask closing = 0;
  if (removable)
    for (Mask t = empty; t; t &= t - 1)
      if (const int to = __builtin_ctz(t); b.in_mill(own | bit(to), to)) closing |= bit(to);
  int n = 0;
  // The children of placing on each point of `points` through exit e, the child's mover being
  // `mover`: its class is found once for all of them, and where no symmetry but the identity
  // fixes its representative, so are p's partial sums (PlacementSums), when there are enough
  // points to repay making them (the mill-closing ones are one or two).
  const auto place_on = [&](const Exit& e, Mask mover, Mask points) {
    if (e.over) {
      for (Mask t = points; t; t &= t - 1) tiers[n] = e.tier, indices[n++] = 0;
      return;
    }
    const MoverClass mc(*e.classes, mover);
    if (!mc.more && __builtin_popcount(points) > 2) {
      PlacementSums sums;
      sums.build(b, mc, own);
      const std::uint64_t base = e.offset + mc.id * e.per_class;
      for (Mask t = points; t; t &= t - 1) tiers[n] = e.tier, indices[n++] = base + sums.rank(b, mc, __builtin_ctz(t));
      return;
    }
    const Mask turned = b.transform(mc.op, own);
    const auto& image = b.symmetry[static_cast<std::size_t>(mc.op)];
    for (Mask t = points; t; t &= t - 1) {
      const Mask child = turned | bit(image[static_cast<std::size_t>(__builtin_ctz(t))]);
      tiers[n] = e.tier;
      indices[n++] = e.offset + mc.slot_of_turned(b, child, e.per_class);
    }
  };
  // Placements that remove nothing: the child's mover is p's waiting side.
  if (const Mask plain = empty & ~closing) {
    const Exit& e = exits_[static_cast<std::size_t>(part)][kPlace];
    if (e.tier < 0) return -1;
    place_on(e, opp, plain);
  }
  // Placements that close a mill, once per stone they may remove: the child's mover is p's
  // waiting side less that stone.
  if (closing) {
    const Exit& e = exits_[static_cast<std::size_t>(part)][kPlaceRemove];
    if (e.tier < 0) return -1;
    for (Mask r = removable; r; r &= r - 1) place_on(e, opp & ~(r & (~r + 1)), closing);
  }
  return n;
}

// The class of the child's mover, which is the same for every placement of a parent that
// removes nothing (the parent's waiting stones) and is asked for once per move: the last
// one is kept per thread (ranking the set and reading its class entry, a cache miss in a
// table of up to 2.9 MB, were a third of exit_child).
const MoverClass& TierRanker::mover_class(const SubsetClasses& classes, Mask mover) {
  struct Last {
    const SubsetClasses* classes = nullptr;
    Mask mover = 0;
    MoverClass found;
  };
  thread_local Last last;
  if (last.classes != &classes || last.mover != mover) last = {&classes, mover, MoverClass(classes, mover)};
  return last.found;
}

TierRanker::QuietChildren::QuietChildren(const TierRanker& ranker, const Position& p) : board_(ranker.board_) {
  if (ranker.tier_.over) return;  // no moves
  const Board& b = *board_;
  const Colour s = p.to_move, t = other(s);
  const int mover_count = p.on_board(t), waiting_count = p.on_board(s);
  mover_ = MoverClass(subset_classes(b, mover_count), p.stones[t]);
  turned_ = b.transform(mover_.op, p.stones[s]);
  const bool first = mover_count == ranker.tier_.a && p.hand[t] == ranker.tier_.ha;
  base_ = (first ? 0 : ranker.second_part_) + mover_.id * choose_table[b.points - mover_count][waiting_count];
}

ZZ_MORRIS_HOT std::uint64_t TierRanker::QuietChildren::operator()(Move m) const {
  const auto& image = board_->symmetry[static_cast<std::size_t>(mover_.op)];
  const Mask turned = turned_ ^ bit(image[static_cast<std::size_t>(m.from)]) ^ bit(image[static_cast<std::size_t>(m.to)]);
  return base_ + index_parts::rank_among_free(mover_.smallest(*board_, turned), mover_.rep);
}

}  // namespace zz::morris
