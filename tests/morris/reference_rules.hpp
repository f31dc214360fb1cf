#pragma once
// A plain, slow implementation of the morris rules (docs/rules/morris.md) written for the
// tests: point names, lines as lists of names, positions as text. It shares no code with
// core/morris and is what the game's moves, outcomes and notation are checked against.
#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace ref_morris {

struct Rules {
  std::vector<std::string> points;               // in the position text's order
  std::vector<std::vector<std::string>> lines;   // mills; their neighbours are adjacent
  std::vector<std::vector<std::string>> joints;  // adjacent pairs that form no mill
  int stones = 9;
  bool place_or_move = false;
  bool flying = true;
  bool full_board_draw = false;
};

inline std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

inline Rules rules_for(const std::string& variant) {
  Rules r;
  const std::string nine_lines[] = {"a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5",
                                    "b6 d6 f6", "a7 d7 g7", "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3",
                                    "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7"};
  if (variant == "six") {
    r.points = words("a1 d1 g1 b2 d2 f2 a4 b4 f4 g4 b6 d6 f6 a7 d7 g7");
    for (const char* l : {"a1 d1 g1", "b2 d2 f2", "b6 d6 f6", "a7 d7 g7", "a1 a4 a7", "b2 b4 b6", "f2 f4 f6", "g1 g4 g7"})
      r.lines.push_back(words(l));
    for (const char* j : {"d1 d2", "a4 b4", "f4 g4", "d6 d7"}) r.joints.push_back(words(j));
    r.stones = 6;
    r.flying = false;
    return r;
  }
  r.points = words("a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7");
  for (const auto& l : nine_lines) r.lines.push_back(words(l));
  if (variant == "lasker") r.stones = 10, r.place_or_move = true;
  if (variant == "morabaraba") {
    for (const char* l : {"a1 b2 c3", "g1 f2 e3", "a7 b6 c5", "g7 f6 e5"}) r.lines.push_back(words(l));
    r.stones = 12;
    r.full_board_draw = true;
  }
  return r;
}

struct State {
  std::map<std::string, char> at;  // 'W', 'B' or '.'
  char side = 'w';
  int hand_w = 0, hand_b = 0;
};

inline State read(const Rules& r, const std::string& text) {
  const auto f = words(text);
  State s;
  for (std::size_t i = 0; i < r.points.size(); ++i) s.at[r.points[i]] = f[0][i];
  s.side = f[1][0];
  s.hand_w = std::stoi(f[2]);
  s.hand_b = std::stoi(f[3]);
  return s;
}

inline std::string write(const Rules& r, const State& s) {
  std::string b;
  for (const auto& p : r.points) b += s.at.at(p);
  return b + " " + s.side + " " + std::to_string(s.hand_w) + " " + std::to_string(s.hand_b);
}

inline char stone_of(char side) { return side == 'w' ? 'W' : 'B'; }

inline bool adjacent(const Rules& r, const std::string& x, const std::string& y) {
  for (const auto& l : r.lines)
    for (std::size_t i = 0; i + 1 < l.size(); ++i)
      if ((l[i] == x && l[i + 1] == y) || (l[i] == y && l[i + 1] == x)) return true;
  for (const auto& j : r.joints)
    if ((j[0] == x && j[1] == y) || (j[0] == y && j[1] == x)) return true;
  return false;
}

inline bool in_mill(const Rules& r, const State& s, const std::string& p) {
  const char c = s.at.at(p);
  if (c == '.') return false;
  for (const auto& l : r.lines)
    if (std::find(l.begin(), l.end(), p) != l.end() &&
        std::all_of(l.begin(), l.end(), [&](const std::string& q) { return s.at.at(q) == c; }))
      return true;
  return false;
}

inline int count(const State& s, char stone) {
  int n = 0;
  for (const auto& [p, c] : s.at) n += c == stone;
  return n;
}

// Every legal move in the notation, sorted.
inline std::vector<std::string> moves(const Rules& r, const State& s) {
  const char me = stone_of(s.side), them = me == 'W' ? 'B' : 'W';
  const int hand = s.side == 'w' ? s.hand_w : s.hand_b;
  const int mine = count(s, me);
  std::vector<std::string> out;
  if (mine + hand < 3) return out;
  if (r.full_board_draw && count(s, '.') == 0) return out;
  // The opposing stones a closed mill may take.
  std::vector<std::string> free, all;
  for (const auto& p : r.points)
    if (s.at.at(p) == them) {
      all.push_back(p);
      if (!in_mill(r, s, p)) free.push_back(p);
    }
  const auto& takeable = free.empty() ? all : free;
  const auto add = [&](const std::string& text, State after, const std::string& to) {
    if (!in_mill(r, after, to) || takeable.empty()) {
      out.push_back(text);
      return;
    }
    for (const auto& t : takeable) out.push_back(text + "x" + t);
  };
  if (hand > 0)
    for (const auto& p : r.points)
      if (s.at.at(p) == '.') {
        State after = s;
        after.at[p] = me;
        add(p, after, p);
      }
  if (mine > 0 && (hand == 0 || r.place_or_move)) {
    const bool fly = r.flying && mine + hand == 3;
    for (const auto& from : r.points) {
      if (s.at.at(from) != me) continue;
      for (const auto& to : r.points) {
        if (s.at.at(to) != '.' || (!fly && !adjacent(r, from, to))) continue;
        State after = s;
        after.at[from] = '.';
        after.at[to] = me;
        add(from + "-" + to, after, to);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// "loss", "draw" or "" (the game goes on), for the side to move.
inline std::string outcome(const Rules& r, const State& s) {
  const char me = stone_of(s.side);
  if (count(s, me) + (s.side == 'w' ? s.hand_w : s.hand_b) < 3) return "loss";
  if (r.full_board_draw && count(s, '.') == 0) return "draw";
  return moves(r, s).empty() ? "loss" : "";
}

inline State apply(const Rules& r, const State& s, const std::string& move) {
  (void)r;
  State n = s;
  const char me = stone_of(s.side);
  std::string m = move, removed;
  if (const auto x = m.find('x'); x != std::string::npos) removed = m.substr(x + 1), m = m.substr(0, x);
  if (m.size() == 5) {
    n.at[m.substr(0, 2)] = '.';
    n.at[m.substr(3)] = me;
  } else {
    n.at[m] = me;
    (s.side == 'w' ? n.hand_w : n.hand_b) -= 1;
  }
  if (!removed.empty()) n.at[removed] = '.';
  n.side = s.side == 'w' ? 'b' : 'w';
  return n;
}

inline std::uint64_t perft(const Rules& r, const State& s, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (const auto& m : moves(r, s)) n += perft(r, apply(r, s, m), depth - 1);
  return n;
}

}  // namespace ref_morris
