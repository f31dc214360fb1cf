#include "core/chess/game.hpp"

#include "core/common/error.hpp"

namespace zz::chess {

Move Chess::parse_move(const Position& p, std::string_view text) const {
  const Move m = parse_uci(p, text);
  if (drawn_by_rule(p))
    throw InputError("illegal move '" + std::string(text) + "': the game is over (" +
                     (fifty_move_rule(p) ? "50-move rule" : "insufficient material") + ")");
  return m;
}

}  // namespace zz::chess
