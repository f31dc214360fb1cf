#include "api/game_entry.hpp"
#include "core/dobutsu/game.hpp"

namespace zz::api {

RegisteredGame dobutsu_entry() {
  return game_entry<dobutsu::Dobutsu>(
      "Dobutsu Shogi (Let's Catch the Lion!): 3x4 shogi with drops; catch the lion or reach the far rank safely",
      OnDemand::No);
}

}  // namespace zz::api
