#include "api/game_entry.hpp"
#include "core/chess/game.hpp"

namespace zz::api {

RegisteredGame chess_entry() {
  return game_entry<chess::Chess>("8x8, FIDE rules: perft, moves, endgame tables by material", OnDemand::No);
}

}  // namespace zz::api
