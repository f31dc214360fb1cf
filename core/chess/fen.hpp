#pragma once
// Forsyth-Edwards Notation. Parsing checks the text and the position it describes and
// throws InputError with a one-line reason; the word "startpos" stands for the initial
// position, and the two clock fields may be left out (they default to 0 and 1).
//
// An en-passant square is kept only when a legal en-passant capture exists (see
// position.hpp), so formatting writes "-" for a square after which no capture is possible.
#include <string>
#include <string_view>

#include "core/chess/position.hpp"

namespace zz::chess {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Position parse_fen(std::string_view text);
std::string format_fen(const Position& pos);

// "e4" for E4; "-" for NoSquare.
std::string square_name(Square s);

}  // namespace zz::chess
