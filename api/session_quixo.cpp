#include "api/game_entry.hpp"
#include "core/quixo/game.hpp"

namespace zz::api {

RegisteredGame quixo_entry() {
  return game_entry<quixo::Quixo>(
      "3x3 to 5x5 cubes: take a blank or own ring cube, mark it, push it back in at an end of its line; "
      "complete a row, column or diagonal",
      OnDemand::No);
}

}  // namespace zz::api
