// The tiers and their index.
//
// Tier A-B-HA-HB holds the positions where one side has A stones on the board and HA in hand
// and the other B and HB, either to move. The index's first part has the (A, HA) side to move;
// its second part the (B, HB) side, unless the tier is symmetric (A = B, HA = HB) or those
// hands cannot arise with that side to move (hands_fit). Within a part a position is the
// mover's stones, as their class under the 16 symmetries (subset_classes.hpp), then the
// waiting side's stones among the other points, turned by the symmetry that takes the mover's
// stones to their class's representative, and the smallest of their images under the
// symmetries that fix the representative. Slots whose waiting stones are not that smallest
// image are unused (only sets with symmetries of their own have them: a few per cent).
//
// The colours are forgotten: the rules treat both alike, and only the hands tell who placed
// first. unrank gives Black the move when the mover holds one stone more in hand (in a variant
// where the players alternate placing), White otherwise.
#include <algorithm>
#include <charconv>
#include <tuple>

#include "core/common/error.hpp"
#include "core/morris/game.hpp"
#include "core/morris/index_parts.hpp"
#include "core/morris/subset_classes.hpp"

namespace zz::morris {

using index_parts::rank_in_part;

namespace {

struct Side {
  int board, hand;
};

// The tier of a position whose mover has `m` and whose waiting side has `w`, oriented as
// tier_of orients it: the mover's side first when only that orientation fits the hands, else
// the larger side first.
Tier tier_between(const Morris& g, Side m, Side w) {
  const bool both = g.hands_fit(m.hand, w.hand) && g.hands_fit(w.hand, m.hand);
  if (both && std::tie(w.board, w.hand) > std::tie(m.board, m.hand)) std::swap(m, w);
  return Tier{static_cast<std::int8_t>(m.board), static_cast<std::int8_t>(w.board), static_cast<std::int8_t>(m.hand),
              static_cast<std::int8_t>(w.hand), false};
}

bool has_second_part(const Morris& g, const Tier& t) {
  return !(t.a == t.b && t.ha == t.hb) && g.hands_fit(t.hb, t.ha);
}

// Slots of a part whose mover has k stones on the board and the waiting side j.
std::uint64_t part_size(const Board& b, int k, int j) {
  return subset_classes(b, k).classes() * choose(b.points - k, j);
}

}  // namespace

Tier Morris::tier_of(const Position& p) const {
  const Colour s = p.to_move, w = other(s);
  if (p.total(s) < 3) return Tier{0, 0, 0, 0, true};
  return tier_between(*this, {p.on_board(s), p.hand[s]}, {p.on_board(w), p.hand[w]});
}

std::string Morris::tier_name(const Tier& t) const {
  if (t.over) return "over";
  return std::to_string(t.a) + "-" + std::to_string(t.b) + "-" + std::to_string(t.ha) + "-" + std::to_string(t.hb);
}

std::uint64_t Morris::tier_size(const Tier& t) const {
  if (t.over) return 1;
  std::uint64_t n = part_size(board(), t.a, t.b);
  if (has_second_part(*this, t)) n += part_size(board(), t.b, t.a);
  return n;
}

std::vector<Tier> Morris::tier_dependencies(const Tier& t) const {
  std::vector<Tier> out;
  if (t.over) return out;
  const auto add = [&](Side mover, Side waiting) {
    const Tier c = mover.board + mover.hand < 3 ? Tier{0, 0, 0, 0, true} : tier_between(*this, mover, waiting);
    if (c != t && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  // The children of each part's mover m against w: the waiting side moves next.
  const auto children = [&](Side m, Side w) {
    if (m.hand > 0) {
      const Side placed{m.board + 1, m.hand - 1};
      add(w, placed);
      if (placed.board >= 3 && w.board >= 1) add({w.board - 1, w.hand}, placed);
    }
    if (m.board > 0 && (m.hand == 0 || variant_->place_or_move)) {
      add(w, m);  // a slide or flight that closes no mill: this tier
      if (m.board >= 3 && w.board >= 1) add({w.board - 1, w.hand}, m);
    }
  };
  children({t.a, t.ha}, {t.b, t.hb});
  if (has_second_part(*this, t)) children({t.b, t.hb}, {t.a, t.ha});
  return out;
}

ZZ_MORRIS_HOT std::uint64_t Morris::rank(const Position& p) const {
  const Tier t = tier_of(p);
  if (t.over) return 0;
  const Colour s = p.to_move;
  const bool second = !(p.on_board(s) == t.a && p.hand[s] == t.ha);
  const std::uint64_t offset = second ? part_size(board(), t.a, t.b) : 0;
  return offset + rank_in_part(board(), p.stones[s], p.stones[other(s)]);
}

Morris::Ranker Morris::tier_ranker(const Tier& t) const {
  const TierRanker::Rules rules{variant_->place_or_move, variant_->flying};
  if (t.over) return TierRanker(board(), t, rules, 0, {}, {});
  std::vector<Tier> exits = tier_dependencies(t);
  // Where each kind of move that leaves the tier lands, as tier_dependencies finds the tiers.
  const auto exit_to = [&](Side mover, Side waiting) {
    TierRanker::Exit e;
    const Tier c = mover.board + mover.hand < 3 ? Tier{0, 0, 0, 0, true} : tier_between(*this, mover, waiting);
    const auto at = std::find(exits.begin(), exits.end(), c);
    if (at == exits.end()) return e;  // not an exit: exit_child leaves such moves to the slow path
    e.tier = static_cast<int>(at - exits.begin());
    e.over = c.over;
    if (!c.over) {
      e.offset = mover.board == c.a && mover.hand == c.ha ? 0 : part_size(board(), c.a, c.b);
      e.classes = &subset_classes(board(), mover.board);
      e.per_class = choose(board().points - mover.board, waiting.board);
    }
    return e;
  };
  // The mover m's moves against w: a placement, a placement that removes, a slide that removes.
  const auto kinds = [&](Side m, Side w) {
    std::array<TierRanker::Exit, TierRanker::kExitKinds> k{};
    if (m.hand > 0) {
      const Side placed{m.board + 1, m.hand - 1};
      k[TierRanker::kPlace] = exit_to(w, placed);
      if (placed.board >= 3 && w.board >= 1) k[TierRanker::kPlaceRemove] = exit_to({w.board - 1, w.hand}, placed);
    }
    if (m.board >= 3 && (m.hand == 0 || variant_->place_or_move) && w.board >= 1)
      k[TierRanker::kSlideRemove] = exit_to({w.board - 1, w.hand}, m);
    return k;
  };
  TierRanker::Exits by_part{};
  by_part[0] = kinds({t.a, t.ha}, {t.b, t.hb});
  const bool second = has_second_part(*this, t);
  if (second) by_part[1] = kinds({t.b, t.hb}, {t.a, t.ha});
  return TierRanker(board(), t, rules, part_size(board(), t.a, t.b), std::move(exits), by_part, second);
}

bool Morris::unrank(const Tier& t, std::uint64_t index, Position& out) const {
  const Board& b = board();
  if (t.over) {
    if (index != 0) return false;
    // White to move with two stones: lost.
    out = Position{};
    out.stones[White] = bit(0) | bit(1);
    out.stones[Black] = bit(b.points - 3) | bit(b.points - 2) | bit(b.points - 1);
    return true;
  }
  Side m{t.a, t.ha}, w{t.b, t.hb};
  const std::uint64_t first = part_size(b, t.a, t.b);
  if (index >= first) {
    if (!has_second_part(*this, t)) return false;
    index -= first;
    std::swap(m, w);
  }
  const SubsetClasses& cls = subset_classes(b, m.board);
  const std::uint64_t per_class = choose(b.points - m.board, w.board);
  const std::uint64_t c = index / per_class;
  if (c >= cls.classes()) return false;
  const Mask rep = cls.representative[c];
  const Mask waiting = index_parts::unrank_among_free(b, index % per_class, w.board, rep);
  for (std::uint16_t s = static_cast<std::uint16_t>(cls.stabilizer[c] & ~1u); s; s &= static_cast<std::uint16_t>(s - 1))
    if (b.transform(__builtin_ctz(s), waiting) < waiting) return false;
  const Colour mover = !variant_->place_or_move && m.hand == w.hand + 1 ? Black : White;
  out = Position{};
  out.to_move = mover;
  out.stones[mover] = rep;
  out.stones[other(mover)] = waiting;
  out.hand[mover] = static_cast<std::uint8_t>(m.hand);
  out.hand[other(mover)] = static_cast<std::uint8_t>(w.hand);
  return true;
}

bool Morris::neighbours_distinct(const Position& p) const {
  const Mask waiting = p.stones[other(p.to_move)];
  const SubsetClasses& cls = subset_classes(board(), __builtin_popcount(waiting));
  return cls.stabilizer[cls.entry(rank_set(waiting), waiting) >> 4] == 1;
}

int Morris::orbit_size(const Position& p) const {
  if (p.total(p.to_move) < 3) return 1;  // tier "over": one slot for every lost position
  int fixing = 0;
  for (int op = 0; op < kSymmetries; ++op)
    fixing += board().transform(op, p.stones[White]) == p.stones[White] &&
              board().transform(op, p.stones[Black]) == p.stones[Black];
  return kSymmetries / fixing;
}

std::vector<Tier> Morris::solve_roots(const std::string& material) const {
  if (material.empty()) return {tier_of(start())};
  if (material == "over") return {Tier{0, 0, 0, 0, true}};
  int v[4];
  const char* at = material.data();
  const char* end = material.data() + material.size();
  for (int i = 0; i < 4; ++i) {
    if (i > 0) {
      if (at == end || *at != '-') at = nullptr;
      else ++at;
    }
    const auto r = at ? std::from_chars(at, end, v[i]) : std::from_chars_result{end, std::errc::invalid_argument};
    if (!at || r.ec != std::errc{} || v[i] < 0) {
      throw InputError("bad morris tier '" + material +
                       "': expected A-B-HA-HB (stones on the board and in hand of each side, like 3-3-0-0)");
    }
    at = r.ptr;
  }
  if (at != end)
    throw InputError("bad morris tier '" + material + "': expected A-B-HA-HB, like 3-3-0-0");
  const auto refuse = [&](const std::string& why) { throw InputError("no morris tier '" + material + "': " + why); };
  const int stones = variant_->stones;
  if (v[0] + v[2] > stones || v[1] + v[3] > stones)
    refuse("a side has more than " + std::to_string(stones) + " stones on the board and in hand");
  if (v[0] + v[1] > board().points) refuse("more stones than points");
  if (v[0] + v[2] < 3 || v[1] + v[3] < 3)
    refuse("a side with fewer than 3 stones has lost: its positions are the tier 'over'");
  const Side x{v[0], v[2]}, y{v[1], v[3]};
  if (hands_fit(x.hand, y.hand)) return {tier_between(*this, x, y)};
  if (hands_fit(y.hand, x.hand)) return {tier_between(*this, y, x)};
  throw InputError("no morris tier '" + material + "': the hands cannot arise (the players alternate placing, White first)");
}

}  // namespace zz::morris
