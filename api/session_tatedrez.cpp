#include "api/game_entry.hpp"
#include "core/tatedrez/game.hpp"

namespace zz::api {

RegisteredGame tatedrez_entry() {
  return game_entry<tatedrez::TateDrez>("3x3, rook bishop knight each: placement, then chess moves to make a line",
                                        OnDemand::Yes);
}

}  // namespace zz::api
