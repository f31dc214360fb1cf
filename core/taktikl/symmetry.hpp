#pragma once
// The 8 symmetries of the 4x4 square act on squares, masks and directions. Steps and
// winning triples are preserved by each of them.
#include <array>

#include "core/common/symmetry.hpp"
#include "core/taktikl/board.hpp"

namespace zz::taktikl {

struct SymmetryTables {
  std::array<std::array<std::int8_t, kSquares>, kSymmetryCount> square{};
  std::array<std::array<Direction, kDirections>, kSymmetryCount> direction{};
  SymmetryTables();
};

const SymmetryTables& symmetry_tables();

inline Mask transform(int sym, Mask m) {
  const auto& t = symmetry_tables().square[sym];
  Mask out = 0;
  while (m) {
    out |= bit(t[__builtin_ctz(m)]);
    m &= static_cast<Mask>(m - 1);
  }
  return out;
}

}  // namespace zz::taktikl
