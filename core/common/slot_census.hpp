#pragma once
// What a table's counts need of one slot (solver/game.hpp HasSlotCensus): whether a position
// uses it, whether the side to move is the one to move at the start (player_name(p, true) ==
// player_name(start(), true)), and how many positions it stands for (orbit_size(p); 1 for a
// game that does not reduce by symmetry). Here, not in solver/, because games return it.
#include <cstdint>

namespace zz {

struct SlotCensus {
  bool used = false;
  bool first_to_move = false;
  std::uint32_t orbit = 1;
};

}  // namespace zz
