#include "core/morris/tier_ranker.hpp"

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
  int mb = tier_.a, wb = tier_.b;
  if (i >= second_part_) {
    i -= second_part_;
    std::swap(mb, wb);
  }
  const Mask waiting = index_parts::unrank_in_part(b, i, mb, wb).waiting;
  return static_cast<std::uint32_t>(MoverClass(subset_classes(b, wb), waiting).id);
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
  int mb = tier_.a, mh = tier_.ha, wb = tier_.b, wh = tier_.hb;
  if (i >= second_part_) {
    i -= second_part_;
    std::swap(mb, wb), std::swap(mh, wh);
  }
  // for_each_unmove's conditions: both sides alive, w may move stones, and the hands fit w
  // having been to move.
  const bool w_moves = wb > 0 && (wh == 0 || rules_.place_or_move);
  const bool hands_fit = rules_.place_or_move || wh == mh || wh == mh + 1;
  if (mb + mh < 3 || wb + wh < 3 || !w_moves || !hands_fit) return 0;
  const auto [c, rep, waiting] = index_parts::unrank_in_part(b, i, mb, wb);
  // Two un-moves reach the same slot only by a symmetry that fixes the representative.
  distinct = subset_classes(b, mb).stabilizer[c] == 1;

  // The predecessors' movers, w's stones with one taken back, each with its set's rank (the
  // key of its class entry) above the 24 bits of the set; their class entries are fetched
  // together.
  const SubsetClasses& theirs = subset_classes(b, wb);
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
      __builtin_prefetch(&theirs.class_and_op[key]);
      out[count++] = key << 24 | before;
    }
  }
  // Their part: w to move.
  const std::uint64_t offset = wb == tier_.a && wh == tier_.ha ? 0 : second_part_;
  const std::uint64_t per_their_class = choose_table[b.points - wb][mb];
  for (int k = 0; k < count; ++k) {
    const MoverClass mc = MoverClass::of_rank(theirs, out[k] >> 24);
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
  const MoverClass mc(*e.classes, mover);
  index = e.offset + mc.slot_of_turned(*board_, board_->transform(mc.op, waiting), e.per_class);
  return true;
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
