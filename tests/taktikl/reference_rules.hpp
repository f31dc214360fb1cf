#pragma once
// An independent, deliberately plain Tak Tikl: a board of 16 or 20 characters ('.', 'x',
// 'o'; index = rank*4 + file; 4 or 5 ranks, read from the length), moves found from
// coordinates, the no-return memory carried explicitly as (from, to) squares. It shares no
// code with core/taktikl.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace reference {

struct State {
  std::string cells = "................";
  char side = 'x';
  int last_from[2] = {-1, -1};  // per player (0 = x, 1 = o): its previous move, -1 for none
  int last_to[2] = {-1, -1};

  std::string key() const {
    std::string k = cells;
    k += side;
    for (int p = 0; p < 2; ++p) {
      k += static_cast<char>('A' + last_from[p] + 1);
      k += static_cast<char>('A' + last_to[p] + 1);
    }
    return k;
  }
};

inline int player(char c) { return c == 'x' ? 0 : 1; }
inline int ranks_of(const State& s) { return static_cast<int>(s.cells.size()) / 4; }

inline bool three_in_a_row(const State& s, char who) {
  const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  const int ranks = ranks_of(s);
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < 4; ++f)
      for (auto [df, dr] : dirs) {
        bool all = true;
        for (int i = 0; i < 3; ++i) {
          const int ff = f + i * df, rr = r + i * dr;
          all = all && ff >= 0 && ff < 4 && rr >= 0 && rr < ranks && s.cells[rr * 4 + ff] == who;
        }
        if (all) return true;
      }
  return false;
}

enum class NoMove { Draw, Pass, Loss };

struct Rules {
  bool no_return = true;
  NoMove no_move = NoMove::Draw;
};

// Successor states; a pass (when the rules allow it) forgets the passer's last move.
inline std::vector<State> successors(const State& s, const Rules& rules) {
  std::vector<State> out;
  const int me = player(s.side);
  const int steps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  const int ranks = ranks_of(s);
  for (int from = 0; from < 4 * ranks; ++from) {
    if (s.cells[from] != s.side) continue;
    for (auto [df, dr] : steps) {
      const int f = from % 4 + df, r = from / 4 + dr;
      if (f < 0 || f > 3 || r < 0 || r >= ranks) continue;
      const int to = r * 4 + f;
      if (s.cells[to] != '.') continue;
      if (rules.no_return && s.last_to[me] == from && s.last_from[me] == to) continue;
      State n = s;
      n.cells[to] = s.side;
      n.cells[from] = '.';
      n.side = s.side == 'x' ? 'o' : 'x';
      n.last_from[me] = from;
      n.last_to[me] = to;
      out.push_back(n);
    }
  }
  if (out.empty() && rules.no_move == NoMove::Pass) {
    State n = s;
    n.side = s.side == 'x' ? 'o' : 'x';
    n.last_from[me] = n.last_to[me] = -1;
    out.push_back(n);
  }
  return out;
}

// +1: the side to move can force a line within `plies`; -1: it cannot avoid the
// opponent's line within `plies`; 0: neither. Memoised per (state, plies).
class LimitedSearch {
 public:
  explicit LimitedSearch(Rules rules) : rules_(rules) {}

  int value(const State& s, int plies) {
    const char other = s.side == 'x' ? 'o' : 'x';
    if (three_in_a_row(s, other)) return -1;
    if (plies == 0) return 0;
    const std::string k = s.key() + static_cast<char>('0' + plies);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    const auto next = successors(s, rules_);
    int best;
    if (next.empty()) {
      best = rules_.no_move == NoMove::Loss ? -1 : 0;
    } else {
      best = -1;
      for (const auto& n : next) {
        best = std::max(best, -value(n, plies - 1));
        if (best == 1) break;
      }
    }
    memo_.emplace(k, best);
    return best;
  }
  void clear() { memo_.clear(); }

 private:
  Rules rules_;
  std::unordered_map<std::string, int> memo_;
};

inline std::string square(int sq) { return {static_cast<char>('a' + sq % 4), static_cast<char>('1' + sq / 4)}; }

// The position text of core/taktikl, written independently.
inline std::string text(const State& s) {
  std::string t;
  for (int r = ranks_of(s) - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 4; ++f) {
      const char c = s.cells[r * 4 + f];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) t += static_cast<char>('0' + empty);
      empty = 0;
      t += c;
    }
    if (empty) t += static_cast<char>('0' + empty);
    if (r) t += '/';
  }
  t += ' ';
  t += s.side;
  for (int p = 0; p < 2; ++p) t += s.last_to[p] < 0 ? " -" : " " + square(s.last_from[p]) + square(s.last_to[p]);
  return t;
}

// X on a1 c1 and the last rank's b and d squares, O on the others of those two ranks.
inline State start(int ranks = 4) {
  State s;
  s.cells = "xoxo" + std::string(4 * (ranks - 2), '.') + "oxox";
  return s;
}

}  // namespace reference

namespace reference {

// Reads the position text (board, side, X's and O's last moves).
inline State from_text(const std::string& t) {
  State s;
  int r = static_cast<int>(std::count(t.begin(), t.begin() + static_cast<long>(t.find(' ')), '/'));
  s.cells.assign(4 * (r + 1), '.');
  int f = 0;
  std::size_t i = 0;
  for (; i < t.size() && t[i] != ' '; ++i) {
    const char c = t[i];
    if (c == '/') {
      --r;
      f = 0;
    } else if (c >= '1' && c <= '4') {
      f += c - '0';
    } else {
      s.cells[r * 4 + f++] = c;
    }
  }
  s.side = t[i + 1];
  std::size_t j = i + 3;
  for (int p = 0; p < 2; ++p) {
    if (t[j] == '-') {
      j += 2;
      continue;
    }
    s.last_from[p] = (t[j + 1] - '1') * 4 + (t[j] - 'a');
    s.last_to[p] = (t[j + 3] - '1') * 4 + (t[j + 2] - 'a');
    j += 5;
  }
  return s;
}

// The same position seen in a mirror or after a quarter turn (k = 0..7; on the 4x5 board
// only k = 0..3: mirrors of the files (bit 1) and of the ranks (bit 2)), and with the
// colours exchanged: the rules cannot tell these apart.
inline int map_square(int sq, int k, int ranks = 4) {
  int f = sq % 4, r = sq / 4;
  if (k & 4) std::swap(f, r);
  if (k & 1) f = 3 - f;
  if (k & 2) r = ranks - 1 - r;
  return r * 4 + f;
}

inline State transformed(const State& s, int k, bool swap_colours) {
  State t = s;
  const int ranks = ranks_of(s);
  for (int sq = 0; sq < 4 * ranks; ++sq) {
    char c = s.cells[sq];
    if (swap_colours && c != '.') c = c == 'x' ? 'o' : 'x';
    t.cells[map_square(sq, k, ranks)] = c;
  }
  if (swap_colours) t.side = s.side == 'x' ? 'o' : 'x';
  for (int p = 0; p < 2; ++p) {
    const int q = swap_colours ? 1 - p : p;
    t.last_from[q] = s.last_from[p] < 0 ? -1 : map_square(s.last_from[p], k, ranks);
    t.last_to[q] = s.last_to[p] < 0 ? -1 : map_square(s.last_to[p], k, ranks);
  }
  return t;
}

}  // namespace reference
