// table_unrank, walking. Slot index + 1 differs from slot index in the black pawns' rank
// alone (unless that rank runs past its last placement): their subset of the free black
// squares one step further in colex order, which is a few comparisons, while decoding a slot
// from scratch searches for every pawn's square (two bisections over the binomials) and
// numbers the black pawns around the white ones. A solver's initialization, the decoding of a
// table's left-out half and verify read slots in order, one range per thread, so each
// thread keeps where its last slot stood; a slot read alone (a predecessor's, at random)
// decodes from scratch, and a carry into the white pawns starts the walk again.
#include <array>

#include "core/tablut/table_index.hpp"
#include "core/tablut/table_index_parts.hpp"

namespace zz::tablut {
using namespace index_parts;

namespace {

struct Walk {
  int white = -1, black = -1;  // the material it walks; -1: none yet
  std::uint64_t index = 0;     // the slot it stands on
  std::uint64_t black_rank = 0, black_size = 0;
  Position position;  // the slot's placement, whether or not the slot is used
  // The black pawns as numbers among the free black squares (not the throne, a white pawn
  // or the king), increasing, and those squares in order, listed at the first step.
  std::array<int, kMaxPawns> numbers{};
  std::array<std::uint8_t, kBlackSquares> free_square{};
  int free_count = 0;
  bool free_listed = false;
};

Bitboard blockers_of(const Position& p) { return p.white | (p.king == kThrone ? Bitboard{0} : bit(p.king)); }

// Walk w set on `index` by decoding it from scratch; returns whether the slot is used.
bool start(Walk& w, const Material& m, std::uint64_t index, Position& out) {
  const bool used = table_unrank_alone(m, index, out);
  const Layout& l = layout(m.white, m.black);
  const std::uint64_t in_half = index >= l.half ? index - l.half : index;
  const int id = l.king_class(in_half);
  w.white = m.white;
  w.black = m.black;
  w.index = index;
  w.black_size = l.black_size_of(id);
  w.black_rank = (in_half - l.offset(id)) % w.black_size;
  w.position = out;
  w.free_listed = false;
  const Bitboard blockers = blockers_of(out);
  int i = 0;
  for_each_square(out.black, [&](int sq) {
    w.numbers[static_cast<std::size_t>(i++)] = sq - (sq > kThrone) - popcount(blockers & kBelow[sq]);
  });
  return used;
}

// One slot on, within the same white placement (the caller checked that the black rank
// does not run out).
void step(Walk& w) {
  if (!w.free_listed) {
    const Bitboard taken = blockers_of(w.position) | bit(kThrone);
    w.free_count = 0;
    for (int sq = 0; sq < kSquares; ++sq)
      if (!has(taken, sq)) w.free_square[static_cast<std::size_t>(w.free_count++)] = static_cast<std::uint8_t>(sq);
    w.free_listed = true;
  }
  ++w.index;
  ++w.black_rank;
  // The next k-subset in colex order: the lowest number that can go up one does, and those
  // below it start again from 0, 1, ...
  const int k = w.black;
  int i = 0;
  while (i + 1 < k && w.numbers[static_cast<std::size_t>(i)] + 1 == w.numbers[static_cast<std::size_t>(i + 1)]) ++i;
  ++w.numbers[static_cast<std::size_t>(i)];
  for (int j = 0; j < i; ++j) w.numbers[static_cast<std::size_t>(j)] = j;
  Bitboard black = 0;
  for (int j = 0; j < k; ++j) black |= kBits[w.free_square[static_cast<std::size_t>(w.numbers[static_cast<std::size_t>(j)])]];
  w.position.black = black;
}

}  // namespace

bool table_unrank(const Material& m, std::uint64_t index, Position& out) {
  thread_local Walk walk;
  // A few slots ahead (callers that skip slots they need not read) still walk.
  constexpr std::uint64_t kSteps = 4;
  if (walk.white != m.white || walk.black != m.black || index <= walk.index || index - walk.index > kSteps ||
      walk.black_rank + (index - walk.index) >= walk.black_size)
    return start(walk, m, index, out);
  while (walk.index != index) step(walk);
  out = walk.position;
  return smallest_already({out.white, out.black}, kT.to_rep[out.king]);
}

}  // namespace zz::tablut
