#pragma once
// The index of an endgame table: side to move, the king pair reduced by symmetry, then each
// group of identical pieces (same colour and type) as a subset of the squares it may stand
// on, in the combinatorial number system:
//
//   index = ((side * king_pairs + pair) * size(group 1) + rank(group 1)) * ...
//
// Without pawns the 8 symmetries of the board apply and leave 462 king pairs; with pawns
// only the left-right mirror does (1806 pairs) and pawns index among the 48 squares of
// ranks 2 to 7. Kings may not stand side by side. A pair that a reflection maps onto itself
// (both kings on the long diagonal) is shared by two placements of the other pieces; the
// one with the smaller index is the representative and the other's slot is unused. So are
// slots whose pieces overlap and those where the side not to move is in check.
//
// Positions are indexed in the material's canonical orientation: a position whose colours
// are the other way round (KvKQ for the table KQvK) is flipped top to bottom and its colours
// and side to move swapped first, which keeps its value.
#include <array>
#include <cstdint>
#include <vector>

#include "core/chess/material.hpp"
#include "core/chess/position.hpp"

namespace zz::chess {

class TableIndex {
 public:
  // Pawns stand on ranks 2 to 7 only, numbered from a2.
  static constexpr int kPawnOffset = 8;

  struct KingPairs;  // the king placements of one symmetry group (table_index.cpp)

  // m must be canonical.
  explicit TableIndex(const Material& m);

  std::uint64_t size() const { return 2 * pairs_ * rest_; }
  // The digits of an index within one side to move, outermost first: the king pairs, then
  // each group's subsets (their product is size() / 2). A compressed table may store them
  // in another order (solver/table/axis_order.hpp).
  std::vector<std::uint64_t> axes() const;
  // p holds the material or its colour-flipped twin (flip says which).
  std::uint64_t rank(const Position& p, bool flip) const;
  // False for an unused slot; otherwise the representative with no castling, no en-passant
  // square and clocks 0 and 1. Callers walk a range of slots in order (a solver's
  // initialization, verify, decoding), so each thread remembers where its last call stood
  // and the next slot's placement is one step of the last group's subset
  // (table_index_walk.cpp), not a division per group.
  bool unrank(std::uint64_t index, Position& out) const;
  // How many positions (symmetric images, same colours and side to move) p stands for.
  std::uint64_t orbit_size(const Position& p, bool flip) const;

  // The retrograde solver's kernel (table_index_unmoves.cpp): the indices of the positions
  // for_each_unmove (unmove.hpp) yields from the position of the used slot `index`, in some
  // order, written to out (room for kMaxPredecessors), without building a position: a piece
  // that is not a king changes one group's rank only. Returns how many; `distinct` tells
  // whether they are known to be pairwise distinct (else some may repeat).
  static constexpr int kMaxPredecessors = 256;
  int predecessors(std::uint64_t index, std::uint64_t* out, bool& distinct) const;
  // rank(p.play(m), flip) without playing m (table_index_children.cpp), for a move m of
  // kind Move::Normal or Move::Promotion whose child holds this table's material (a quiet
  // move's child in p's own table, a capture's or promotion's in a smaller one).
  std::uint64_t rank_after(const Position& p, Move m, bool flip) const;

  // The indices of the children of p (this table's material, its colours) whose moves keep
  // the material: each from p's own index with the moved piece's group part changed, one
  // binomial sum instead of a whole rank (table_index_children.cpp); a king move that keeps
  // the orientation changes the king pair only. Verify and decoding value every position of
  // a table from its moves, most of them quiet. A king move that changes the orientation,
  // and a king pair on a symmetry's axis (two orientations to compare), are ranked whole.
  class QuietChildren {
   public:
    QuietChildren(const TableIndex& index, const Position& p);
    // m: a move of p of kind Move::Normal that captures nothing.
    std::uint64_t operator()(Move m) const;

   private:
    const TableIndex& index_;
    const Position& parent_;
    int sym_ = -1;  // the symmetry that orients p; -1: rank each child whole
    const std::array<std::uint8_t, 64>* map_ = nullptr;  // its square map
    std::uint64_t child_side_ = 0, rest_ = 0;  // the children's side to move; p's rest
    std::uint64_t child_base_ = 0;  // the index of p's rest with the children's side to move
    std::array<std::uint64_t, 10> part_{};
  };

 private:
  struct Group {
    Color color;
    PieceType type;
    int count;
    std::uint64_t size;  // C(squares, count)
  };
  // The rank of the pieces other than the kings after flipping and applying symmetry s.
  std::uint64_t rest_rank(const Position& p, bool flip, int s) const;
  // The same for pieces given as pieces(colour, type) -> Bitboard (table_index_parts.hpp).
  template <class Pieces>
  std::uint64_t rest_rank_of(const Pieces& pieces, bool flip, int s) const;
  // The index of pieces given so, kings included, with `side` (in this table's colours) to
  // move: what rank() computes for a position, and rank_after for a child not played.
  template <class Pieces>
  std::uint64_t rank_of(const Pieces& pieces, Color side, bool flip) const;
  // The index of a placement given square by square: the side to move, the kings, and the
  // other pieces group after group (in groups_ order), in the material's orientation.
  std::uint64_t rank_squares(Color side, Square wk, Square bk, const Square* pieces) const;

  struct Walk;  // a thread's last unranked slot (table_index_walk.cpp)
  // Walk w set to `index` from scratch, with divisions; then one step to index + 1.
  void walk_to(Walk& w, std::uint64_t index) const;
  void walk_step(Walk& w) const;
  // The position of w's placement, if the slot is used, from w's base (built first if stale).
  bool place(Walk& w, std::uint64_t index, Position& out) const;
  void build_base(Walk& w) const;
  // The same built piece by piece, base untouched (a slot read alone).
  bool place_whole(const Walk& w, std::uint64_t index, Position& out) const;
  // Whether the placed position is legal and the representative of its slot.
  bool legal_representative(const Walk& w, std::uint64_t index, const Position& out) const;
  // A group's squares on the board from its subset of the squares its type may stand on.
  Bitboard group_squares(int g, std::uint64_t subset) const {
    return groups_[g].type == Pawn ? subset << kPawnOffset : subset;
  }

  std::array<Group, 10> groups_{};
  int group_count_ = 0;
  // A group's weight in the rest: the product of the sizes of the groups after it.
  std::array<std::uint64_t, 10> weight_{};
  std::array<std::array<std::int8_t, 6>, 2> group_of_{};  // by colour and type; -1 none
  bool pawns_ = false;
  const KingPairs* kings_ = nullptr;
  std::uint64_t pairs_ = 0;
  std::uint64_t rest_ = 1;
  // Tells indices apart for the walk; a copy has its original's (and the same content).
  std::uint64_t serial_ = 0;
};

// The index of the table holding a position, with the flip that orients it: built once per
// material and kept per thread for the last few materials (a table and the tables its
// captures lead to). The reference stays valid until the thread has asked for 8 others.
struct TableOf {
  std::uint64_t key = ~std::uint64_t{0};  // material_key of the positions it serves
  bool flip = false;
  Material material;  // canonical
  TableIndex index{Material{}};
};
const TableOf& table_of(const Position& p);
// The index of a canonical material, kept per thread in the same way.
const TableIndex& table_index(const Material& m);

}  // namespace zz::chess
