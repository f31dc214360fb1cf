#include "core/quixo/symmetry.hpp"

#include <stdexcept>

namespace zz::quixo {

Symmetries::Symmetries(int n) {
  const int squares = n * n;
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int byte = 0; byte < 4; ++byte)
      for (int v = 0; v < 256; ++v) {
        Mask out = 0;
        for (int b = 0; b < 8; ++b) {
          const int sq = byte * 8 + b;
          if ((v >> b & 1) && sq < squares) out |= bit(transform_square(static_cast<Symmetry>(s), sq, n));
        }
        bytes_[s][byte][v] = out;
      }
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int t = 0; t < kSymmetryCount; ++t) {
      bool undoes = true;
      for (int sq = 0; sq < squares && undoes; ++sq) undoes = apply(t, apply(s, bit(sq))) == bit(sq);
      if (undoes) inverse_[s] = t;
    }
}

const Symmetries& symmetries(int n) {
  static const Symmetries three(3), four(4), five(5);
  switch (n) {
    case 3: return three;
    case 4: return four;
    case 5: return five;
  }
  throw std::logic_error("quixo boards are 3x3, 4x4 or 5x5");
}

}  // namespace zz::quixo
