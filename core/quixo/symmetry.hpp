#pragma once
// The 8 symmetries of the n x n square acting on masks, a byte at a time: rows, columns
// and both long diagonals map onto rows, columns and diagonals, and the ring onto itself,
// so every symmetry maps legal pushes onto legal pushes and lines onto lines.
#include <array>

#include "core/common/symmetry.hpp"
#include "core/quixo/board.hpp"

namespace zz::quixo {

class Symmetries {
 public:
  explicit Symmetries(int n);
  Mask apply(int sym, Mask m) const {
    const auto& t = bytes_[sym];
    return t[0][m & 0xFF] | t[1][m >> 8 & 0xFF] | t[2][m >> 16 & 0xFF] | t[3][m >> 24 & 0xFF];
  }
  // The symmetry that undoes sym.
  int inverse(int sym) const { return inverse_[sym]; }

 private:
  std::array<std::array<std::array<Mask, 256>, 4>, kSymmetryCount> bytes_{};
  std::array<int, kSymmetryCount> inverse_{};
};

const Symmetries& symmetries(int n);

}  // namespace zz::quixo
