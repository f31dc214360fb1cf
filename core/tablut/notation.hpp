#pragma once
// Position and move text.
//
// Positions are read in two forms and written in the first:
//   FEN-like: rows 1 to 9 separated by '/', K king, W white pawn, B black pawn, digits for runs
//             of empty squares, then 'w' or 'b'. Start:
//             3BBB3/4B4/4W4/B3W3B/BBWWKWWBB/B3W3B/4W4/4B4/3BBB3 w
//   server:   81 characters, row 1 first, O empty, T empty throne, W, B, K; then W or B, with
//             or without a space before it.
// Parsing rejects, with an InputError naming what and where: unknown characters, wrong row
// lengths or counts, two kings, a pawn on the throne, a white piece on a camp, more than 8
// white or 16 black pawns, a bad side to move, and positions no game reaches: the king on an
// escape square with White to move (White's escape ended the game on Black's turn).
// A board without a king is read as "the king has been captured", the position after Black's
// capturing move, so it must have White to move; this keeps format and parse exact inverses
// for every position play() produces.
//
// Moves: "e3-f3" or "e3f3", case-insensitive on input; written as "e3-f3".
#include <string>
#include <string_view>

#include "core/tablut/position.hpp"

namespace zz::tablut {

inline constexpr std::string_view kStartText = "3BBB3/4B4/4W4/B3W3B/BBWWKWWBB/B3W3B/4W4/4B4/3BBB3 w";

Position parse_position(std::string_view text);
std::string format_position(const Position& p);
// The server's 81-character board followed by the turn letter, as in the reference games.
std::string format_server_board(const Position& p);

std::string square_name(int sq);
std::string format_move(Move m);
// Syntax only; legality is checked by Tablut::parse_move.
Move parse_move_text(std::string_view text);

// Why m is not legal in p, in a few words ("no piece on e3", "e5 is the throne", ...), or an
// empty string when it is legal.
std::string illegal_reason(const Position& p, Move m);

}  // namespace zz::tablut
