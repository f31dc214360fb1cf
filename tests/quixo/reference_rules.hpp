#pragma once
// An independent, deliberately plain Quixo: the board as a string of n*n characters ('.',
// 'x', 'o'; index = row * n + column, row 0 at the bottom), pushes found by walking the
// line cell by cell. It shares no code with core/quixo.
#include <string>
#include <vector>

namespace reference {

struct State {
  int n = 5;
  std::string cells;  // n*n
  char side = 'x';

  State() = default;
  explicit State(int size) : n(size), cells(static_cast<std::size_t>(size * size), '.') {}
  std::string key() const { return cells + side; }
};

inline char other(char c) { return c == 'x' ? 'o' : 'x'; }

inline bool line_of(const State& s, char who) {
  const int n = s.n;
  auto at = [&](int r, int c) { return s.cells[static_cast<std::size_t>(r * n + c)]; };
  bool d1 = true, d2 = true;
  for (int i = 0; i < n; ++i) {
    bool row = true, col = true;
    for (int j = 0; j < n; ++j) {
      row = row && at(i, j) == who;
      col = col && at(j, i) == who;
    }
    if (row || col) return true;
    d1 = d1 && at(i, i) == who;
    d2 = d2 && at(i, n - 1 - i) == who;
  }
  return d1 || d2;
}

// +1: the side to move has won, -1: lost, 0: the game goes on.
inline int result(const State& s) {
  if (line_of(s, s.side)) return 1;
  if (line_of(s, other(s.side))) return -1;
  return 0;
}

struct Push {
  int from, to;
  State child;
};

// Every push, in no particular order: a ring cube, blank or the mover's, is taken out, the
// cubes between it and the chosen end of its row or column move one cell towards the gap,
// and the cube, now the mover's, fills the end.
inline std::vector<Push> pushes(const State& s) {
  std::vector<Push> out;
  if (result(s) != 0) return out;
  const int n = s.n;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const bool ring = r == 0 || c == 0 || r == n - 1 || c == n - 1;
      if (!ring || s.cells[static_cast<std::size_t>(r * n + c)] == other(s.side)) continue;
      const int ends[4][2] = {{r, 0}, {r, n - 1}, {0, c}, {n - 1, c}};
      for (auto [er, ec] : ends) {
        if (er == r && ec == c) continue;
        State t = s;
        const int dr = er > r ? 1 : er < r ? -1 : 0, dc = ec > c ? 1 : ec < c ? -1 : 0;
        int cr = r, cc = c;
        while (cr != er || cc != ec) {
          t.cells[static_cast<std::size_t>(cr * n + cc)] = t.cells[static_cast<std::size_t>((cr + dr) * n + cc + dc)];
          cr += dr;
          cc += dc;
        }
        t.cells[static_cast<std::size_t>(er * n + ec)] = s.side;
        t.side = other(s.side);
        out.push_back({r * n + c, er * n + ec, t});
      }
    }
  return out;
}

inline std::string square(int sq, int n) {
  return std::string(1, static_cast<char>('a' + sq % n)) + static_cast<char>('1' + sq / n);
}

// The position in zugzwang's notation (ranks from the top, digits for blank runs).
inline std::string text(const State& s) {
  std::string out;
  for (int r = s.n - 1; r >= 0; --r) {
    int blank = 0;
    for (int c = 0; c < s.n; ++c) {
      const char x = s.cells[static_cast<std::size_t>(r * s.n + c)];
      if (x == '.') {
        ++blank;
        continue;
      }
      if (blank) out += std::to_string(blank);
      blank = 0;
      out += x;
    }
    if (blank) out += std::to_string(blank);
    if (r) out += '/';
  }
  return out + ' ' + s.side;
}

inline unsigned long long perft(const State& s, int depth) {
  if (depth == 0) return 1;
  unsigned long long total = 0;
  for (const Push& p : pushes(s)) total += perft(p.child, depth - 1);
  return total;
}

}  // namespace reference
