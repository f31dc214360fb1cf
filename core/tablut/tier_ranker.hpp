#pragma once
// The solver's kernels for one Tablut tier (solver/game.hpp: HasTierRanker, HasIndexedUnmoves,
// HasRankedExits), computed on the index's own terms (table_index_parts.hpp) instead of
// through for_each_unmove, play and a whole rank per position:
//
//   - predecessors(i): the in-tier predecessors of slot i. A pawn that takes a move back
//     leaves the king, and so the symmetries that orient the position, where they are: the
//     predecessor's pawn boards differ from the slot's by two squares, under each of those
//     symmetries too, so the smallest orientation is found by comparing boards turned once
//     per slot. Only a king's un-move orients the position anew (a whole rank). Whether a
//     move to a square captures depends on the board after it alone, which is the slot's:
//     a piece whose arrival would capture has no un-move at all, and no move is replayed.
//   - in_tier_children(p)(m): a quiet move's child's index the same way, from p's turned
//     boards; exit_child(p, m): a move that leaves the tier (a capture, the king's escape or
//     capture), its table among exit_tiers() and its index there.
//
// tests/tablut/tier_ranker_test.cpp checks each against the slow path on every slot of
// small tables.
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/tablut/material.hpp"
#include "core/tablut/position.hpp"

namespace zz::tablut {

class TierRanker {
 public:
  explicit TierRanker(const Material& m);

  // The index of a position of this tier (table_rank; "over": 0 king captured, 1 escaped).
  std::uint64_t operator()(const Position& p) const;

  // The indices of the positions for_each_unmove yields from the position of used slot i,
  // in some order, into out (room for 256); returns how many. distinct is set false: two
  // un-moves may reach mirror images of each other, and the solver removes repeats.
  int predecessors(std::uint64_t i, std::uint64_t* out, bool& distinct) const;

  // The tiers a move leaves to, as material_dependencies lists them.
  std::span<const Material> exit_tiers() const { return exits_; }
  // True when m's child is in another tier: exit_tiers()[tier], at index. False for a move
  // whose child stays in this tier.
  bool exit_child(const Position& p, Move m, int& tier, std::uint64_t& index) const;

  // A position's pawns turned by each symmetry that takes its king to its representative:
  // a pawn move's child (or predecessor) keeps the king, and its smallest orientation is
  // among these boards with the pawn's two squares toggled.
  struct Orientations {
    Orientations() = default;
    explicit Orientations(const Position& p);
    // The pawn rank's smallest placement after the pawn of `black_moved`'s side on `from`
    // goes to `to` (or back), as (white, black) boards.
    std::pair<Bitboard, Bitboard> smallest_after(bool black_moved, int from, int to) const;

    int count = 0;
    std::array<std::uint8_t, 8> sym{};
    std::array<Bitboard, 8> white{}, black{};
  };

  // The indices of p's children by quiet moves (those stays_in_tier promises stay), called
  // as children(m); p may be in any orientation and must outlive the object.
  class QuietChildren {
   public:
    QuietChildren(const TierRanker& ranker, const Position& p);
    std::uint64_t operator()(Move m) const;

   private:
    const Position& parent_;
    std::uint64_t base_ = 0;        // the children's half and the king's block
    std::uint64_t black_size_ = 0;  // the king's class's black placements
    int id_ = 0;                    // the king's class
    Orientations turns_;
  };
  QuietChildren in_tier_children(const Position& p) const { return {*this, p}; }

 private:
  Material material_;
  std::vector<Material> exits_;
  // exit_of_[w][b]: the place in exits_ of the tier with w white and b black pawns, -1 none;
  // the "over" tier's place apart.
  std::array<std::array<std::int8_t, kMaxBlackPawns + 1>, kMaxWhitePawns + 1> exit_of_{};
  int over_exit_ = -1;
};

}  // namespace zz::tablut
