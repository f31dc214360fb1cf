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

#include "core/common/slot_census.hpp"
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

  // Positions won in one ply by the king's escape (foreseen_wins.hpp; solver/game.hpp,
  // HasForeseenWins): whether used slot i holds one, and how many of p's in-tier children are
  // such positions; foreseen_win_at(p) is foreseen_win of p's slot, read from p itself.
  bool foreseen_win(std::uint64_t i) const;
  bool foreseen_win_at(const Position& p) const;
  int foreseen_children(const Position& p) const;

  // Slot i's census (solver/game.hpp HasSlotCensus), as unrank, player_name and orbit_size
  // give it: the side to move is the index's half, and a king on a square no symmetry but
  // the identity keeps makes every slot of its block used and one of eight positions, with
  // no unrank. The closing counts of a solve read every slot so: on K2W3B, unranking each
  // one took a quarter of an hour.
  SlotCensus census(std::uint64_t i) const;

  // A position's pawns turned by each symmetry that takes its king to its representative:
  // a pawn move's child (or predecessor) keeps the king, and its smallest orientation is
  // among these boards with the pawn's two squares toggled.
  struct Orientations {
    Orientations() = default;
    explicit Orientations(const Position& p);
    // The pawn rank's smallest placement after the pawn of `black_moved`'s side on `from`
    // goes to `to` (or back), as (white, black) boards.
    std::pair<Bitboard, Bitboard> smallest_after(bool black_moved, int from, int to) const;
    // The same as the place k of that orientation among sym (the first of equal ones).
    int smallest_index(bool black_moved, int from, int to) const;

    int count = 0;
    std::array<std::uint8_t, 8> sym{};
    std::array<Bitboard, 8> white{}, black{};
  };

  // The pawn ranks of the placements one pawn's slides make from one oriented placement, each
  // in a few operations instead of a whole pawn_rank (table_index_parts.hpp): the slides of
  // a pawn reach up to 16 squares, and the predecessor kernel ranks every one. In colex order
  // the pawns that stay keep their terms, shifted one place up above the moved pawn's square,
  // so the moving side's rank is a sum below it, its own term and a sum above it, each looked
  // up; a white pawn's slide also shifts the black numbers above its square by one, so the
  // black rank is the same two sums over the black pawns.
  class OneMoved {
   public:
    OneMoved() = default;  // the sums are left unwritten until set: the kernel keeps 8 at hand
    // (white, black): an oriented placement with the king on the representative of class id;
    // `at`: the moving pawn's square in it, of the black side if black_moved.
    void set(Bitboard white, Bitboard black, int at, bool black_moved, int id);
    // The pawn rank (white rank * black_size + black rank) with that pawn on `to` (empty).
    std::uint64_t rank(int to, std::uint64_t black_size) const;

   private:
    Bitboard stay_ = 0;   // the moving side's other pawns
    Bitboard white_ = 0;  // the white pawns that number the black squares (black_moved)
    Bitboard black_ = 0;  // the black pawns (white moved)
    bool black_moved_ = false;
    int id_ = 0;
    std::uint64_t fixed_rank_ = 0;  // the side that did not move's rank, if it is fixed (black moved: white's)
    // below_[j]: the staying pawns' terms below the moved pawn when j of them are below it;
    // above_[j]: the others' terms, each one place up. other_below_/other_above_: the same
    // for the black pawns after a white pawn's slide (their numbers one lower above it).
    std::array<std::uint64_t, kMaxBlackPawns + 1> below_, above_, other_below_, other_above_;
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
