#pragma once
// The parts of the Tablut table index (table_index.hpp) that its kernels share: the square
// numberings per king class, the layout of a material's slots, turned boards, and the pawn
// rank of a placement. table_index.cpp ranks and unranks with them; tier_ranker.cpp lists a
// slot's predecessors and a position's children from them without building positions.
#include <array>
#include <bit>
#include <cstdint>

#include "core/tablut/board.hpp"
#include "core/tablut/material.hpp"
#include "core/tablut/symmetry.hpp"

namespace zz::tablut::index_parts {

constexpr int kKingClasses = 9;
constexpr int kThroneClass = kKingClasses - 1;  // last, because its block is larger
constexpr int kWhiteSquares = 64;               // neither camp nor throne
constexpr int kBlackSquares = 80;               // every square but the throne
constexpr int kMaxPawns = kMaxBlackPawns;

struct Tables {
  std::array<std::array<std::uint64_t, kMaxPawns + 1>, kSquares> choose{};
  std::array<std::array<std::uint8_t, kSquares>, kSymmetryCount> map{};
  std::array<std::int8_t, kSquares> white_slot{};  // -1 off the white squares
  std::array<std::uint8_t, kWhiteSquares> white_square{};
  std::array<std::int8_t, kSquares> king_class{};  // -1 where no tabulated king stands
  std::array<std::uint8_t, kSquares> to_rep{};     // bit s: symmetry s takes the king to its representative
  std::array<std::uint8_t, kKingClasses> rep{};
  // Per king class, with the king on its representative: a white pawn's number among the white
  // squares, and a black pawn's among the black squares before the white pawns are taken out
  // (the king's square skipped in both). Meaningful on the squares a pawn may stand on only.
  std::array<std::array<std::uint8_t, kSquares>, kKingClasses> white_number{};
  std::array<std::array<std::uint8_t, kSquares>, kKingClasses> black_number{};
  int white_squares = 0, king_classes = 0;  // as counted, checked below
};

constexpr Tables make_tables() {
  Tables t{};
  for (int n = 0; n < kSquares; ++n) {
    t.choose[n][0] = 1;
    for (int k = 1; k <= kMaxPawns && k <= n; ++k) t.choose[n][k] = t.choose[n - 1][k - 1] + t.choose[n - 1][k];
  }
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int sq = 0; sq < kSquares; ++sq) t.map[s][sq] = static_cast<std::uint8_t>(kSquareMaps.map[s][sq]);
  int slot = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    t.white_slot[sq] = -1;
    if (sq == kThrone || has(kCamps, sq)) continue;
    t.white_square[slot] = static_cast<std::uint8_t>(sq);
    t.white_slot[sq] = static_cast<std::int8_t>(slot++);
  }
  auto rep_of = [&](int sq) {
    int rep = sq;
    for (int s = 0; s < kSymmetryCount; ++s) rep = t.map[s][sq] < rep ? t.map[s][sq] : rep;
    return rep;
  };
  int next_class = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    t.king_class[sq] = -1;
    if (has(kCamps | kEscapes, sq)) continue;
    const int rep = rep_of(sq);
    for (int s = 0; s < kSymmetryCount; ++s)
      if (t.map[s][sq] == rep) t.to_rep[sq] |= static_cast<std::uint8_t>(1 << s);
    if (rep == sq) t.rep[sq == kThrone ? kThroneClass : next_class++] = static_cast<std::uint8_t>(sq);
  }
  t.white_squares = slot;
  t.king_classes = next_class + 1;
  for (int sq = 0; sq < kSquares; ++sq)
    for (int id = 0; id < kKingClasses && !has(kCamps | kEscapes, sq); ++id)
      if (t.rep[id] == rep_of(sq)) t.king_class[sq] = static_cast<std::int8_t>(id);
  for (int id = 0; id < kKingClasses; ++id) {
    const int king = t.rep[id];
    for (int sq = 0; sq < kSquares; ++sq) {
      const int below_king = king != kThrone && king < sq;
      t.white_number[id][sq] = static_cast<std::uint8_t>(t.white_slot[sq] < 0 ? 0 : t.white_slot[sq] - below_king);
      t.black_number[id][sq] = static_cast<std::uint8_t>(sq - (sq > kThrone) - below_king);
    }
  }
  return t;
}

inline constexpr Tables kT = make_tables();
static_assert(kT.rep[kThroneClass] == kThrone && kT.king_class[kThrone] == kThroneClass);
static_assert(kT.white_squares == kWhiteSquares && kT.king_classes == kKingClasses);

// Zero for k > n: the table leaves those entries unset.
constexpr std::uint64_t choose(int n, int k) { return kT.choose[n][k]; }

// Sizes of the parts of the index for one material. A king off the throne takes one square
// from both the white and the black squares; on the throne it takes neither.
struct Layout {
  std::uint64_t black_size;         // C(79 - w, b): black placements, king off the throne
  std::uint64_t block;              // one king class off the throne
  std::uint64_t throne_black_size;  // C(80 - w, b)
  std::uint64_t throne_block;
  std::uint64_t half;  // one side to move

  std::uint64_t offset(int id) const { return static_cast<std::uint64_t>(id) * block; }
  // The king class of an index within one side to move's half (the throne's block is last).
  int king_class(std::uint64_t in_half) const {
    return in_half >= offset(kThroneClass) ? kThroneClass : static_cast<int>(in_half / block);
  }
  std::uint64_t black_size_of(int id) const { return id == kThroneClass ? throne_black_size : black_size; }
};

constexpr Layout make_layout(int w, int b) {
  Layout l{};
  l.black_size = choose(kBlackSquares - 1 - w, b);
  l.block = choose(kWhiteSquares - 1, w) * l.black_size;
  l.throne_black_size = choose(kBlackSquares - w, b);
  l.throne_block = choose(kWhiteSquares, w) * l.throne_black_size;
  l.half = (kKingClasses - 1) * l.block + l.throne_block;
  return l;
}

// Every material's layout, computed once (ranking is the solver's hottest call). Sizes of
// untabulated materials wrap around and are never used.
inline constexpr auto kLayouts = [] {
  std::array<std::array<Layout, kMaxBlackPawns + 1>, kMaxWhitePawns + 1> a{};
  for (int w = 0; w <= kMaxWhitePawns; ++w)
    for (int b = 0; b <= kMaxBlackPawns; ++b) a[w][b] = make_layout(w, b);
  return a;
}();

constexpr const Layout& layout(int w, int b) { return kLayouts[w][b]; }

// One square's board and the squares below it, looked up: a 128-bit shift by a variable
// count costs several instructions, and ranking does one per pawn.
inline constexpr auto kBits = [] {
  std::array<Bitboard, kSquares> a{};
  for (int sq = 0; sq < kSquares; ++sq) a[sq] = bit(sq);
  return a;
}();
inline constexpr auto kBelow = [] {
  std::array<Bitboard, kSquares> a{};
  for (int sq = 0; sq < kSquares; ++sq) a[sq] = bit(sq) - 1;
  return a;
}();

// A board turned by one symmetry.
inline Bitboard turned(const std::array<std::uint8_t, kSquares>& map, Bitboard b) {
  Bitboard out = 0;
  for_each_square(b, [&](int sq) { out |= kBits[map[sq]]; });
  return out;
}

// The pawns of a position, white and black.
struct Placement {
  Bitboard white = 0, black = 0;
};

// Why placements are compared as boards. For a fixed king, the pawn rank (white rank *
// C(nb, b) + black rank, the black rank below C(nb, b)) orders placements by their white pawns
// first and, between equal white pawns, by their black pawns (whose numbering depends on the
// king and the white pawns only). Each rank is a colex rank in a numbering that increases with
// the square, and colex order among sets of as many squares is the order of their largest
// differing squares: the order of their boards read as 81-bit numbers. So the symmetry giving
// the smallest pawn rank is found by comparing turned boards, and the rank is computed once.

// Whether no symmetry of `syms` gives the placement a smaller pawn rank than its own.
inline bool smallest_already(const Placement& p, unsigned syms) {
  for (syms &= ~1u; syms; syms &= syms - 1) {
    const auto& map = kT.map[std::countr_zero(syms)];
    const Bitboard white = turned(map, p.white);
    if (white < p.white || (white == p.white && turned(map, p.black) < p.black)) return false;
  }
  return true;
}

// The placement turned by the symmetry of `syms` (a non-empty set, all taking the king to the
// same square) that gives it the smallest pawn rank.
inline Placement smallest_turn(const Placement& p, unsigned syms) {
  const int first = std::countr_zero(syms);
  Placement best = p;
  if (first != 0) best = {turned(kT.map[first], p.white), turned(kT.map[first], p.black)};
  for (syms &= syms - 1; syms; syms &= syms - 1) {
    const auto& map = kT.map[std::countr_zero(syms)];
    const Bitboard white = turned(map, p.white);
    if (white > best.white) continue;  // the black pawns need not be turned
    const Bitboard black = turned(map, p.black);
    if (white < best.white || black < best.black) best = {white, black};
  }
  return best;
}

// Pawn rank (white rank * C(nb, b) + black rank) of a placement with the king on the
// representative of class `id`: colex ranks, a pawn's number looked up per class. A black
// pawn's number leaves out the white pawns below it.
inline std::uint64_t pawn_rank(const Placement& p, int id, std::uint64_t black_size) {
  const auto& white_number = kT.white_number[id];
  const auto& black_number = kT.black_number[id];
  std::uint64_t wr = 0;
  int i = 0;
  for_each_square(p.white, [&](int sq) { wr += choose(white_number[sq], ++i); });
  std::uint64_t br = 0;
  i = 0;
  for_each_square(p.black, [&](int sq) { br += choose(black_number[sq] - popcount(p.white & kBelow[sq]), ++i); });
  return wr * black_size + br;
}

// Fills squares[0..k) with the k-subset of {0..n-1} of colex rank `rank`, increasing. Each
// element is the largest s with C(s, i + 1) <= the rank left, found by bisection (C(s, i + 1)
// grows with s, and is 0 for s = i, so the answer lies in [i, previous element)).
inline void unrank_subset(std::uint64_t rank, int n, int k, int* squares) {
  int hi = n - 1;
  for (int i = k - 1; i > 0; --i) {
    int lo = i;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (choose(mid, i + 1) <= rank) lo = mid;
      else hi = mid - 1;
    }
    squares[i] = lo;
    rank -= choose(lo, i + 1);
    hi = lo - 1;
  }
  if (k > 0) squares[0] = static_cast<int>(rank);  // C(s, 1) = s
}

}  // namespace zz::tablut::index_parts
