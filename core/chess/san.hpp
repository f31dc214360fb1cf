#pragma once
// Moves in Standard Algebraic Notation (SAN), as chess players read them: Nf3, exd5, Rxc4,
// e8=Q#, O-O-O, Qg2+. The piece letter (none for a pawn), the origin's file, rank or both
// only when another legal move of the same piece type reaches the same square (file first,
// then rank, then both), x for a capture (en passant included), =Q for a promotion, + for
// check and # for mate. A pawn's capture names the pawn's file.
#include <string>
#include <string_view>

#include "core/chess/move.hpp"
#include "core/chess/position.hpp"

namespace zz::chess {

// m must be a legal move of pos.
std::string format_san(const Position& pos, Move m);

// The legal move of pos the text names. Accepts standard SAN and the usual variants: check
// and mate marks missing, extra or wrong (and !, ? annotations), 0-0 / 0-0-0, a promotion
// with or without = and with a lower-case letter (e8Q, e8=q), a missing x, more origin than
// needed (Ng1f3, e2e4), a trailing "e.p.". Throws InputError with a one-line reason (control
// characters escaped) for malformed, illegal or ambiguous text.
Move parse_san(const Position& pos, std::string_view text);

// The text quoted for an error message: 'text' through one_line (control characters and
// bytes that are not UTF-8 as \xNN), so the message stays one printable line.
std::string quote_move_text(std::string_view text);

}  // namespace zz::chess
