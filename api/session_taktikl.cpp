#include "api/game_entry.hpp"
#include "core/taktikl/game.hpp"

namespace zz::api {

RegisteredGame taktikl_entry() {
  return game_entry<taktikl::TakTikl>(
      "4x4 (or 4x5: Tac-Tickle), four pieces each stepping orthogonally to make three in a row; no-return rule", OnDemand::Yes);
}

}  // namespace zz::api
