#pragma once
// Conversions between the fast engine's positions and moves and the plain reference's.
#include <algorithm>
#include <vector>

#include "core/tablut/position.hpp"
#include "tests/tablut/naive_reference.hpp"

namespace zz::tablut::test {

inline naive::Board to_naive(const Position& p) {
  naive::Board b;
  for (auto& row : b.cell) row.fill('.');
  for (int s = 0; s < kSquares; ++s) {
    char& c = b.cell[row_of(s)][column_of(s)];
    if (s == p.king) c = 'K';
    else if (has(p.white, s)) c = 'W';
    else if (has(p.black, s)) c = 'B';
  }
  b.turn = p.turn == Color::White ? 'W' : 'B';
  return b;
}

inline Position from_naive(const naive::Board& b) {
  Position p;
  for (int s = 0; s < kSquares; ++s) {
    const char c = b.cell[row_of(s)][column_of(s)];
    if (c == 'K') p.king = static_cast<std::uint8_t>(s);
    else if (c == 'W') p.white |= bit(s);
    else if (c == 'B') p.black |= bit(s);
  }
  p.turn = b.turn == 'W' ? Color::White : Color::Black;
  return p;
}

inline Move from_naive(const naive::Step& m) {
  return {static_cast<std::uint8_t>(square(m.first.row, m.first.column)),
          static_cast<std::uint8_t>(square(m.second.row, m.second.column))};
}

// Moves as (from, to) numbers, sorted, so two generators can be compared.
inline std::vector<int> sorted_codes(const std::vector<Move>& moves) {
  std::vector<int> codes;
  for (const Move& m : moves) codes.push_back(m.from * 128 + m.to);
  std::sort(codes.begin(), codes.end());
  return codes;
}

}  // namespace zz::tablut::test
