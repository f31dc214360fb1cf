#pragma once
// Building positions square by square, so each rule test states only the pieces it is about.
#include <sstream>
#include <string>
#include <string_view>

#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"

namespace zz::tablut::test {

inline int at(std::string_view name) { return sq(name[0], name[1] - '0'); }

inline Bitboard squares(std::string_view names) {
  Bitboard b = 0;
  std::istringstream in{std::string(names)};
  std::string name;
  while (in >> name) b |= bit(at(name));
  return b;
}

// King on `king` ("" for none), white and black pawns from space-separated square lists.
inline Position make(std::string_view white, std::string_view black, std::string_view king, Color turn) {
  Position p;
  p.white = squares(white);
  p.black = squares(black);
  p.king = king.empty() ? kNoSquare : static_cast<std::uint8_t>(at(king));
  p.turn = turn;
  return p;
}

inline Position after(const Position& p, std::string_view move) {
  const Tablut game;
  return game.play(p, game.parse_move(p, move));
}

inline bool legal(const Position& p, std::string_view move) {
  return illegal_reason(p, parse_move_text(move)).empty();
}

}  // namespace zz::tablut::test
