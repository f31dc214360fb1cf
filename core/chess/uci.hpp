#pragma once
// Moves in UCI long algebraic notation: e2e4, e7e8q, e1g1 for castling, 0000 for the null move.
#include <string>
#include <string_view>

#include "core/chess/position.hpp"

namespace zz::chess {

std::string format_uci(Move m);

// The legal move of pos written as text; throws InputError saying whether the text is
// malformed or the move illegal.
Move parse_uci(const Position& pos, std::string_view text);

}  // namespace zz::chess
