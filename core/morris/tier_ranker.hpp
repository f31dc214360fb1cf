#pragma once
// The solver's kernels for one morris tier (solver/game.hpp: HasTierRanker, HasIndexedUnmoves,
// HasRankedExits), computed on the index's own terms (index_parts.hpp) instead of through
// unrank, for_each_unmove, play and rank() per position:
//
//   - operator()(p): p's slot, as rank() finds it, without finding p's tier.
//   - predecessors(i): the in-tier predecessors of slot i, from its class's representative
//     and the waiting stones, un-sliding one of them at a time; their class tables are asked
//     for all at once before any is read (one cache miss each, overlapped). They are distinct
//     whenever the representative has no symmetry of its own, which is almost always.
//   - in_tier_children(p)(m): a slide's child keeps the waiting side's stones, which are its
//     mover's: their class is looked up once per parent, and each child's stones are the
//     parent's turned once with two points toggled.
//   - exit_child(p, m): a placement or a removal leaves the tier; which tier and which part
//     depend only on the kind of move and p's part (worked out once per tier), the slot on
//     the child's two sets.
//   - exit_children(p): every child of a position of a placement tier at once: the child
//     mover's class and the parent's partial sums are found once for all its placements.
//
// tests/morris/tier_ranker_test.cpp checks each against the slow path.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/common/slot_census.hpp"
#include "core/morris/board.hpp"
#include "core/morris/index_parts.hpp"
#include "core/morris/position.hpp"
#include "core/morris/subset_classes.hpp"
#include "core/morris/tier.hpp"

namespace zz::morris {

class TierRanker {
 public:
  // The rules an un-move depends on (game.hpp's Variant).
  struct Rules {
    bool place_or_move = false;
    bool flying = false;
  };
  // The kinds of move that leave the tier; which tier and part they reach depends on the kind
  // and the part of the position that makes them, nothing else.
  enum ExitKind { kPlace, kPlaceRemove, kSlideRemove, kExitKinds };
  struct Exit {
    int tier = -1;                         // its place in exit_tiers(); -1: no such move
    bool over = false;                     // the child's mover has lost: the one slot of "over"
    std::uint64_t offset = 0;              // where the child's part starts in that tier
    const SubsetClasses* classes = nullptr;  // of the child mover's stones
    std::uint64_t per_class = 0;           // the child's waiting placements per mover class
  };
  using Exits = std::array<std::array<Exit, kExitKinds>, 2>;  // by p's part, then kind

  // has_second_part: the tier has slots with its (b, hb) side to move.
  TierRanker(const Board& board, const Tier& t, Rules rules, std::uint64_t second_part, std::vector<Tier> exit_tiers,
             const Exits& exits, bool has_second_part = false);

  std::uint64_t operator()(const Position& p) const;

  // The slots of the positions for_each_unmove yields from used slot i, into out (room for
  // 256); returns how many. distinct: they are pairwise distinct.
  int predecessors(std::uint64_t i, std::uint64_t* out, bool& distinct) const;

  // The tiers a move leaves to (tier_dependencies).
  std::span<const Tier> exit_tiers() const { return exit_tiers_; }
  // True when m (a placement, or a move that removes a stone) leaves the tier: its child is
  // in exit_tiers()[tier] at index. False for a slide that removes nothing, which stays.
  bool exit_child(const Position& p, Move m, int& tier, std::uint64_t& index) const;

  // For a position of an exits_only() tier: the child of every move for_each_move yields (in
  // another order), as exit_child names it, into tiers[k] and indices[k] (room for 256 each);
  // returns how many, or -1 when some move has no ranked exit (the caller then asks move by
  // move). What every placement of p shares (the child mover's class, p's partial sums, the
  // stones a mill may remove) is worked out once, not once per move.
  int exit_children(const Position& p, int* tiers, std::uint64_t* indices) const;

  // The slots of p's children by slides that remove nothing, as children(m); one class
  // look-up for all of them.
  class QuietChildren {
   public:
    QuietChildren(const TierRanker& ranker, const Position& p);
    std::uint64_t operator()(Move m) const;

   private:
    const Board* board_;
    index_parts::MoverClass mover_;  // the children's mover: p's waiting side
    Mask turned_ = 0;                // p's mover stones turned by mover_.op
    std::uint64_t base_ = 0;         // the children's part and class
  };
  QuietChildren in_tier_children(const Position& p) const { return {*this, p}; }

  // Slot i's census (solver/game.hpp HasSlotCensus), as unrank, player_name and orbit_size
  // give it: a class whose representative only the identity fixes holds 16 positions per
  // slot, which is almost every slot; only the others read their waiting stones back.
  SlotCensus census(std::uint64_t i) const;

  // Whether every move leaves the tier: placing is compulsory while a stone is in hand (not
  // Lasker's place-or-move), and every part's mover has one (solver/game.hpp HasExitLocality).
  bool exits_only() const { return exits_only_; }
  // The class of slot i's waiting stones: they are the mover of every child of a placement
  // that removes nothing, so slots of one key have those children in one block of the next
  // tier's table (its class's waiting placements).
  std::uint32_t exit_locality(std::uint64_t i) const;

 private:
  static const index_parts::MoverClass& mover_class(const SubsetClasses& classes, Mask mover);
  std::uint64_t placed_rank(const index_parts::MoverClass& mc, Mask own, int to) const;

  // rank_among_free(turned own + a placed point, rep) for every point one parent may place
  // on, where no symmetry but the identity fixes rep: the parent's own stones' partial sums
  // below each place the point may take and above it, made once (placed_rank).
  struct PlacementSums {
    Mask rep = ~Mask{0};
    int op = -1;
    Mask own = 0, turned = 0;
    // Written by build for as many entries as rank reads: not zeroed first (zeroing them was
    // a tenth of exit_children, which makes a PlacementSums per parent).
    std::array<std::uint64_t, kMaxPoints + 1> below, above;
    void build(const Board& b, const index_parts::MoverClass& mc, Mask own_stones);
    // Inline: called once per placement, in the loops of exit_children and placed_rank.
    std::uint64_t rank(const Board& b, const index_parts::MoverClass& mc, int to) const {
      const int x = b.symmetry[static_cast<std::size_t>(mc.op)][static_cast<std::size_t>(to)];
      const Mask under = bit(x) - 1;
      const int j = index_parts::count24(turned & under);
      return below[static_cast<std::size_t>(j)] + choose_table[x - index_parts::count24(mc.rep & under)][j + 1] +
             above[static_cast<std::size_t>(j)];
    }
  };

  // Slot i within its part, and that part's sides: the mover's (m) and the waiting side's (w)
  // stones on the board and in hand. The second part has the tier's (b, hb) side to move.
  struct PartSides {
    std::uint64_t i;
    int mb, mh, wb, wh;
  };
  PartSides part_sides(std::uint64_t i) const {
    if (i < second_part_) return {i, tier_.a, tier_.ha, tier_.b, tier_.hb};
    return {i - second_part_, tier_.b, tier_.hb, tier_.a, tier_.ha};
  }

  // 0 when p's mover is the tier's (a, ha) side, else 1.
  int part_of(const Position& p) const {
    const Colour s = p.to_move;
    return p.on_board(s) == tier_.a && p.hand[s] == tier_.ha ? 0 : 1;
  }

  const Board* board_;
  Tier tier_;
  Rules rules_;
  std::uint64_t second_part_;  // where the part with the (b, hb) side to move starts
  std::vector<Tier> exit_tiers_;
  Exits exits_;
  bool exits_only_ = false;
};

}  // namespace zz::morris
