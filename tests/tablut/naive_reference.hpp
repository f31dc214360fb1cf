#pragma once
// A second, deliberately plain implementation of the rules, written from the rules text alone:
// a 9x9 grid of characters, pieces walked square by square, each capture rule spelled out as
// written. Slow and obvious; the fast engine must agree with it everywhere.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace zz::tablut::naive {

struct Board {
  std::array<std::array<char, 9>, 9> cell{};  // [row][column], row 0 = row 1; '.', 'W', 'B', 'K'
  char turn = 'W';
};

struct Coord {
  int row, column;
  bool operator==(const Coord&) const = default;
  bool operator<(const Coord& o) const { return std::pair(row, column) < std::pair(o.row, o.column); }
};

using Step = std::pair<Coord, Coord>;

inline bool on_board(Coord c) { return c.row >= 0 && c.row < 9 && c.column >= 0 && c.column < 9; }
inline bool is_throne(Coord c) { return c.row == 4 && c.column == 4; }

// Which camp a square belongs to, or -1: each camp is three squares on an edge plus the tip.
inline int camp(Coord c) {
  const int r = c.row, k = c.column;
  if ((k == 0 && r >= 3 && r <= 5) || (r == 4 && k == 1)) return 0;
  if ((r == 0 && k >= 3 && k <= 5) || (k == 4 && r == 1)) return 1;
  if ((k == 8 && r >= 3 && r <= 5) || (r == 4 && k == 7)) return 2;
  if ((r == 8 && k >= 3 && k <= 5) || (k == 4 && r == 7)) return 3;
  return -1;
}
inline bool is_camp(Coord c) { return camp(c) >= 0; }
inline bool is_camp_base_middle(Coord c) {
  return (c.row == 4 && (c.column == 0 || c.column == 8)) || (c.column == 4 && (c.row == 0 || c.row == 8));
}
inline bool is_escape(Coord c) {
  return (c.row == 0 || c.row == 8 || c.column == 0 || c.column == 8) && !is_camp(c);
}

inline char& at(Board& b, Coord c) { return b.cell[c.row][c.column]; }
inline char at(const Board& b, Coord c) { return b.cell[c.row][c.column]; }

inline bool belongs_to_mover(const Board& b, char piece) {
  return b.turn == 'W' ? (piece == 'W' || piece == 'K') : piece == 'B';
}

inline std::vector<Coord> find(const Board& b, char piece) {
  std::vector<Coord> out;
  for (int r = 0; r < 9; ++r)
    for (int k = 0; k < 9; ++k)
      if (b.cell[r][k] == piece) out.push_back({r, k});
  return out;
}

inline bool game_over(const Board& b) {
  const auto kings = find(b, 'K');
  return kings.empty() || is_escape(kings[0]);
}

inline constexpr int kDr[4] = {-1, 1, 0, 0};
inline constexpr int kDc[4] = {0, 0, -1, 1};

inline std::vector<Step> moves(const Board& b) {
  std::vector<Step> out;
  if (game_over(b)) return out;
  for (int r = 0; r < 9; ++r)
    for (int k = 0; k < 9; ++k) {
      const Coord from{r, k};
      const char piece = at(b, from);
      if (!belongs_to_mover(b, piece)) continue;
      for (int d = 0; d < 4; ++d)
        for (int n = 1;; ++n) {
          const Coord to{r + n * kDr[d], k + n * kDc[d]};
          if (!on_board(to) || at(b, to) != '.' || is_throne(to)) break;
          if (is_camp(to)) {
            const bool black_still_home = piece == 'B' && camp(from) == camp(to);
            if (!black_still_home) break;
          }
          out.push_back({from, to});
        }
    }
  return out;
}

inline Board play(Board b, Step m) {
  const auto [from, to] = m;
  const char piece = at(b, from);
  at(b, from) = '.';
  at(b, to) = piece;
  for (int d = 0; d < 4; ++d) {
    const Coord next{to.row + kDr[d], to.column + kDc[d]};
    const Coord beyond{to.row + 2 * kDr[d], to.column + 2 * kDc[d]};
    if (!on_board(next)) continue;
    const char victim = at(b, next);
    const bool beyond_ok = on_board(beyond);
    if (b.turn == 'W' && victim == 'B' && beyond_ok) {
      const char a = at(b, beyond);
      if (a == 'W' || a == 'K' || is_throne(beyond) || (is_camp(beyond) && !is_camp_base_middle(beyond)))
        at(b, next) = '.';
    }
    if (b.turn == 'B' && victim == 'W' && beyond_ok) {
      if (at(b, beyond) == 'B' || is_camp(beyond) || is_throne(beyond)) at(b, next) = '.';
    }
    if (b.turn == 'B' && victim == 'K') {
      int black_sides = 0, sides_needed = 0;
      bool next_to_throne = false;
      for (int e = 0; e < 4; ++e) {
        const Coord around{next.row + kDr[e], next.column + kDc[e]};
        if (is_throne(around)) {
          next_to_throne = true;
          continue;
        }
        ++sides_needed;
        if (on_board(around) && at(b, around) == 'B') ++black_sides;
      }
      bool captured;
      if (is_throne(next) || next_to_throne) captured = black_sides == sides_needed;
      else captured = beyond_ok && (at(b, beyond) == 'B' || is_camp(beyond));
      if (captured) at(b, next) = '.';
    }
  }
  b.turn = b.turn == 'W' ? 'B' : 'W';
  return b;
}

inline std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (const Step& m : moves(b)) n += perft(play(b, m), depth - 1);
  return n;
}

}  // namespace zz::tablut::naive
