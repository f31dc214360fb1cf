#include "api/game_entry.hpp"
#include "core/morris/game.hpp"

namespace zz::api {

RegisteredGame morris_entry() {
  return game_entry<morris::Morris>(
      "Nine Men's Morris (variant=lasker, morabaraba, six): place, slide and fly stones; a mill removes one",
      OnDemand::No);
}

}  // namespace zz::api
