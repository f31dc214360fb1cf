#include "core/quixo/board.hpp"

#include <stdexcept>

namespace zz::quixo {
namespace {

constexpr Geometry kThree(3), kFour(4), kFive(5);

}  // namespace

const Geometry& geometry(int n) {
  switch (n) {
    case 3: return kThree;
    case 4: return kFour;
    case 5: return kFive;
  }
  throw std::logic_error("quixo boards are 3x3, 4x4 or 5x5");
}

}  // namespace zz::quixo
