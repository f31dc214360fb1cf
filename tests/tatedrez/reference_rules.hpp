#pragma once
// An independent, deliberately plain TateDrez: a board of 9 characters ('.' empty, RBN
// white, rbn black; index = rank*3 + file), moves found by walking coordinates. It shares
// no code with core/tatedrez so that agreement between the two means something.
#include <array>
#include <string>
#include <vector>

namespace reference {

struct Board {
  std::string cells = ".........";
  bool white_to_move = true;
};

inline bool is_white(char c) { return c >= 'A' && c <= 'Z'; }

inline bool line_of(const Board& b, bool white) {
  static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                  {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (auto& l : lines) {
    bool all = true;
    for (int s : l) all = all && b.cells[s] != '.' && is_white(b.cells[s]) == white;
    if (all) return true;
  }
  return false;
}

// Movement-phase successors (boards after each legal step of the side to move).
inline std::vector<Board> steps(const Board& b) {
  std::vector<Board> out;
  for (int from = 0; from < 9; ++from) {
    const char c = b.cells[from];
    if (c == '.' || is_white(c) != b.white_to_move) continue;
    const char kind = static_cast<char>(c | 0x20);
    std::vector<std::pair<int, int>> dirs;
    bool slide = true;
    if (kind == 'r') dirs = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    if (kind == 'b') dirs = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    if (kind == 'n') {
      dirs = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
      slide = false;
    }
    for (auto [df, dr] : dirs) {
      int f = from % 3 + df, r = from / 3 + dr;
      while (f >= 0 && f < 3 && r >= 0 && r < 3 && b.cells[r * 3 + f] == '.') {
        Board n = b;
        n.cells[r * 3 + f] = c;
        n.cells[from] = '.';
        n.white_to_move = !b.white_to_move;
        out.push_back(n);
        if (!slide) break;
        f += df;
        r += dr;
      }
    }
  }
  return out;
}

// Placement successors: any piece still in hand on any empty square.
inline std::vector<Board> placements(const Board& b) {
  std::vector<Board> out;
  for (char kind : std::string("RBN")) {
    const char c = b.white_to_move ? kind : static_cast<char>(kind | 0x20);
    if (b.cells.find(c) != std::string::npos) continue;
    for (int s = 0; s < 9; ++s) {
      if (b.cells[s] != '.') continue;
      Board n = b;
      n.cells[s] = c;
      n.white_to_move = !b.white_to_move;
      out.push_back(n);
    }
  }
  return out;
}

inline int pieces(const Board& b) {
  int n = 0;
  for (char c : b.cells) n += c != '.';
  return n;
}

// The FEN-like text of core/tatedrez, built independently, to look positions up.
inline std::string text(const Board& b) {
  std::string s;
  for (int r = 2; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 3; ++f) {
      const char c = b.cells[r * 3 + f];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      s += c;
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (r) s += '/';
  }
  return s + (b.white_to_move ? " w" : " b");
}

}  // namespace reference
