#pragma once
// An independent, deliberately naive statement of the Dobutsu Shogi rules for the tests: a
// board of 12 characters (upper case Sente, lower case Gote; '.' empty), hands as counts,
// steps written out per piece as (file, rank) vectors. It shares no code with core/dobutsu.
#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

namespace reference {

struct State {
  std::string cells = std::string(12, '.');  // index (rank-1)*3 + file, rank 1 = Gote's home
  std::array<std::array<int, 3>, 2> hand{};  // [side][E, G, C]; side 0 = Sente
  int side = 0;
};

inline bool mine(char c, int side) { return c != '.' && ((c >= 'A' && c <= 'Z') == (side == 0)); }
inline char upper(char c) { return c >= 'a' ? static_cast<char>(c - 32) : c; }

// Steps of a Sente piece as (dfile, drank); Sente moves toward rank 1 (drank = -1).
inline std::vector<std::pair<int, int>> steps(char piece) {
  switch (upper(piece)) {
    case 'L': return {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    case 'E': return {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    case 'G': return {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};
    case 'C': return {{0, -1}};
    case 'H': return {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}};
  }
  return {};
}

// Squares the piece on sq reaches (ignoring what stands there).
inline std::vector<int> targets(const State& s, int sq) {
  std::vector<int> out;
  const char c = s.cells[sq];
  const int sign = (c >= 'a') ? -1 : 1;
  for (auto [df, dr] : steps(c)) {
    const int f = sq % 3 + sign * df, r = sq / 3 + sign * dr;
    if (f >= 0 && f < 3 && r >= 0 && r < 4) out.push_back(r * 3 + f);
  }
  return out;
}

inline int lion_of(const State& s, int side) {
  for (int i = 0; i < 12; ++i)
    if (s.cells[i] == (side == 0 ? 'L' : 'l')) return i;
  return -1;
}

// Tanaka's judgement: +1 the side to move has won, -1 lost, 0 the game goes on.
inline int result(const State& s) {
  const int other = 1 - s.side;
  const int their_lion = lion_of(s, other);
  for (int i = 0; i < 12; ++i)
    if (mine(s.cells[i], s.side))
      for (int t : targets(s, i))
        if (t == their_lion) return 1;
  // The other lion on the side to move's home rank: rank 4 for Sente, rank 1 for Gote.
  if ((s.side == 0 && their_lion >= 9) || (s.side == 1 && their_lion <= 2)) return -1;
  return 0;
}

struct Move {
  int from, to;  // from = -1: drop
  char drop;     // 'E', 'G' or 'C'
};

inline std::vector<Move> moves(const State& s) {
  std::vector<Move> out;
  if (result(s) != 0) return out;
  for (int i = 0; i < 12; ++i)
    if (mine(s.cells[i], s.side))
      for (int t : targets(s, i))
        if (!mine(s.cells[t], s.side)) out.push_back({i, t, 0});
  const char kinds[3] = {'E', 'G', 'C'};
  for (int k = 0; k < 3; ++k)
    if (s.hand[s.side][k])
      for (int t = 0; t < 12; ++t)
        if (s.cells[t] == '.') out.push_back({-1, t, kinds[k]});
  return out;
}

inline State play(const State& s, const Move& m) {
  State n = s;
  const bool sente = s.side == 0;
  if (m.from < 0) {
    const int k = m.drop == 'E' ? 0 : m.drop == 'G' ? 1 : 2;
    --n.hand[s.side][k];
    n.cells[m.to] = sente ? m.drop : static_cast<char>(m.drop + 32);
  } else {
    const char taken = upper(s.cells[m.to]);
    if (taken != '.') {
      const int k = taken == 'E' ? 0 : taken == 'G' ? 1 : 2;  // a hen goes back as a chick
      ++n.hand[s.side][k];
    }
    char piece = s.cells[m.from];
    const int rank = m.to / 3 + 1;
    if (upper(piece) == 'C' && ((sente && rank == 1) || (!sente && rank == 4))) piece = sente ? 'H' : 'h';
    n.cells[m.to] = piece;
    n.cells[m.from] = '.';
  }
  n.side = 1 - s.side;
  return n;
}

// The same state in the notation of docs/rules/dobutsu.md.
inline std::string text(const State& s) {
  std::string out;
  for (int r = 0; r < 4; ++r) {
    int empty = 0;
    for (int f = 0; f < 3; ++f) {
      const char c = s.cells[r * 3 + f];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += c;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (r < 3) out += '/';
  }
  out += s.side == 0 ? " s " : " g ";
  std::string hands;
  const char kinds[3] = {'E', 'G', 'C'};
  for (int side = 0; side < 2; ++side)
    for (int k = 0; k < 3; ++k) hands.append(s.hand[side][k], side == 0 ? kinds[k] : static_cast<char>(kinds[k] + 32));
  return out + (hands.empty() ? "-" : hands);
}

inline State start() {
  State s;
  s.cells = "gle" ".c." ".C." "ELG";
  return s;
}

}  // namespace reference
