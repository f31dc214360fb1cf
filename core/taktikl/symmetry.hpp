#pragma once
// The symmetries of a board, acting on squares, masks and directions; each keeps steps and
// winning triples. The 4x4 square has 8 (rotations and mirrors); the 4x5 rectangle has 4:
// the identity, the mirror of the files (a<->d), the mirror of the ranks (1<->5) and the
// half turn. Quarter turns and diagonal mirrors do not map a 4x5 board onto itself.
#include <array>

#include "core/common/symmetry.hpp"
#include "core/taktikl/board.hpp"

namespace zz::taktikl {

struct SymmetryTables {
  int count = 0;  // symmetry 0 is the identity
  std::array<std::array<std::int8_t, kMaxSquares>, kSymmetryCount> square{};
  std::array<std::array<Direction, kDirections>, kSymmetryCount> direction{};
  explicit SymmetryTables(const Geometry& g);

  Mask transform(int sym, Mask m) const {
    Mask out = 0;
    while (m) {
      out |= bit(square[sym][__builtin_ctz(m)]);
      m &= m - 1;
    }
    return out;
  }
};

const SymmetryTables& symmetry_tables(const Geometry& g);

}  // namespace zz::taktikl
