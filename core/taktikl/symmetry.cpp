#include "core/taktikl/symmetry.hpp"

namespace zz::taktikl {

SymmetryTables::SymmetryTables() {
  for (int s = 0; s < kSymmetryCount; ++s) {
    for (int sq = 0; sq < kSquares; ++sq)
      square[s][sq] = static_cast<std::int8_t>(transform_square(static_cast<Symmetry>(s), sq, 4));
    // A direction maps to the direction of the image of any step taken in it; b2 has a
    // neighbour on every side.
    const int probe = 5;
    for (int d = 0; d < kDirections; ++d) {
      const int to = step(probe, static_cast<Direction>(d));
      direction[s][d] = static_cast<Direction>(direction_of(square[s][probe], square[s][to]));
    }
  }
}

const SymmetryTables& symmetry_tables() {
  static const SymmetryTables t;
  return t;
}

}  // namespace zz::taktikl
