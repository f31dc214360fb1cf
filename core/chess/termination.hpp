#pragma once
// How a game ends from the position alone: checkmate, stalemate, insufficient material and
// the 50-move rule. Threefold repetition needs the game's history (see repetition.hpp).
#include <optional>

#include "core/chess/position.hpp"
#include "core/common/outcome.hpp"

namespace zz::chess {

// No sequence of legal moves can end in checkmate: only kings and at most one minor piece,
// or only kings and bishops that all stand on squares of one colour.
bool insufficient_material(const Position& pos);

// 100 plies without a capture or a pawn move.
inline bool fifty_move_rule(const Position& pos) { return pos.halfmove_clock() >= 100; }

// Drawn by insufficient material or the 50-move rule (a checkmate delivered on the 100th
// ply still counts as checkmate: see outcome).
inline bool drawn_by_rule(const Position& pos) {
  return fifty_move_rule(pos) || insufficient_material(pos);
}

bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

// The result for the side to move if the game is over: checkmate is a loss in 0 plies;
// stalemate, insufficient material and the 50-move rule are draws.
std::optional<Outcome> outcome(const Position& pos);

}  // namespace zz::chess
