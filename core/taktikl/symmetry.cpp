#include "core/taktikl/symmetry.hpp"

namespace zz::taktikl {
namespace {

// The rectangle's symmetries, the identity first.
int rectangle_square(int sym, int sq, int ranks) {
  int f = sq % kFiles, r = sq / kFiles;
  if (sym & 1) f = kFiles - 1 - f;
  if (sym & 2) r = ranks - 1 - r;
  return r * kFiles + f;
}

}  // namespace

SymmetryTables::SymmetryTables(const Geometry& g) {
  const bool square_board = g.ranks() == kFiles;
  count = square_board ? kSymmetryCount : 4;
  for (int s = 0; s < count; ++s) {
    for (int sq = 0; sq < g.squares(); ++sq)
      square[s][sq] = static_cast<std::int8_t>(
          square_board ? transform_square(static_cast<Symmetry>(s), sq, kFiles) : rectangle_square(s, sq, g.ranks()));
    // A direction maps to the direction of the image of any step taken in it; b2 has a
    // neighbour on every side on both boards.
    const int probe = 5;
    for (int d = 0; d < kDirections; ++d) {
      const int to = g.step(probe, static_cast<Direction>(d));
      direction[s][d] = static_cast<Direction>(g.direction_of(square[s][probe], square[s][to]));
    }
  }
}

const SymmetryTables& symmetry_tables(const Geometry& g) {
  static const SymmetryTables four(kBoard4x4), five(kBoard4x5);
  return g.ranks() == 4 ? four : five;
}

}  // namespace zz::taktikl
