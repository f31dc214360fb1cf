#pragma once
// A tier of the morris family's index (index.cpp).
#include <cstdint>

namespace zz::morris {

// The positions with the same stones: a side with `a` on the board and `ha` in hand against a
// side with `b` and `hb`, either to move (the index's first part has the (a, ha) side to move,
// its second part, when the tier has one, the other; index.cpp). `over`: the one slot for a
// side to move with fewer than 3 stones, which has lost.
struct Tier {
  std::int8_t a = 0, b = 0, ha = 0, hb = 0;
  bool over = false;
  friend bool operator==(const Tier&, const Tier&) = default;
};

}  // namespace zz::morris
