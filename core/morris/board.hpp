#pragma once
// The boards of the morris family as data: points (with their a1-g7 names), mill lines,
// adjacency and the 16 symmetries, built at compile time from coordinates. A variant is a
// board plus a few numbers (game.hpp); no rule is written per board.
#include <array>
#include <cstdint>
#include <string_view>

namespace zz::morris {

using Mask = std::uint32_t;  // one bit per point, in the board's point order
inline constexpr int kMaxPoints = 24;
inline constexpr int kMaxMills = 20;
inline constexpr int kSymmetries = 16;  // the square's 8, times swapping the outer and inner squares
inline constexpr int kMaxMillsAtPoint = 4;  // Morabaraba's corners lie on 3

constexpr Mask bit(int point) { return Mask{1} << point; }

struct Coord {
  int file, rank;  // 0..6: a..g, 1..7
};

// A straight segment of the drawing: three points that form a mill and whose neighbours are
// adjacent, or (a joint) two adjacent points that form no mill.
struct Segment {
  Coord a, b, c;
  bool mill = true;
};

struct Board {
  int points = 0;
  std::array<Coord, kMaxPoints> coord{};
  int mill_count = 0;
  std::array<Mask, kMaxMills> mills{};
  std::array<Mask, kMaxPoints> adjacent{};
  std::array<Mask, kMaxPoints> mills_through_mask{};  // union of the mills through a point
  // The mills through each point, then zeros: whether a move closed a mill is asked on
  // every move, and looks at these two or three lines instead of all of them.
  std::array<std::array<Mask, kMaxMillsAtPoint>, kMaxPoints> mills_at{};
  std::array<std::array<std::int8_t, kMaxPoints>, kSymmetries> symmetry{};  // point images; 0 is the identity
  // The image of each byte of a set under each symmetry, so that a set turns in three lookups.
  std::array<std::array<std::array<Mask, 256>, 3>, kSymmetries> symmetry_bytes{};
  std::array<std::array<std::int8_t, 7>, 7> point_at{};  // [file][rank]: the point there, or -1
  Mask all = 0;

  constexpr int find(Coord c) const { return point_at[c.file][c.rank]; }
  // The stones of `stones` that stand in a complete line of them.
  constexpr Mask in_mills(Mask stones) const {
    Mask m = 0;
    for (int i = 0; i < mill_count; ++i)
      if ((stones & mills[i]) == mills[i]) m |= mills[i];
    return m;
  }
  // The stones of `stones` a closed mill may remove: those in no mill, or any when all are
  // (none when there are none).
  constexpr Mask removable(Mask stones) const {
    const Mask free = stones & ~in_mills(stones);
    return free ? free : stones;
  }
  // True when the stone on `point` is part of a complete line of `stones`.
  constexpr bool in_mill(Mask stones, int point) const {
    for (const Mask m : mills_at[point])
      if (m && (stones & m) == m) return true;
    return false;
  }
  constexpr Mask transform(int op, Mask set) const {
    const auto& t = symmetry_bytes[op];
    return t[0][set & 0xFF] | t[1][(set >> 8) & 0xFF] | t[2][(set >> 16) & 0xFF];
  }
};

// The board whose points are `coords` (listed rank by rank from the bottom, each left to
// right: the notation's order) joined by `segments`.
template <std::size_t P, std::size_t S>
constexpr Board make_board(const std::array<Coord, P>& coords, const std::array<Segment, S>& segments) {
  Board b;
  b.points = static_cast<int>(P);
  for (auto& col : b.point_at)
    for (auto& p : col) p = -1;
  for (int i = 0; i < b.points; ++i) {
    b.coord[i] = coords[i];
    b.point_at[coords[i].file][coords[i].rank] = static_cast<std::int8_t>(i);
    b.all |= bit(i);
  }
  for (const Segment& s : segments) {
    const int x = b.find(s.a), y = b.find(s.b);
    b.adjacent[x] |= bit(y), b.adjacent[y] |= bit(x);
    if (!s.mill) continue;
    const int z = b.find(s.c);
    b.adjacent[y] |= bit(z), b.adjacent[z] |= bit(y);
    b.mills[b.mill_count++] = bit(x) | bit(y) | bit(z);
  }
  for (int i = 0; i < b.points; ++i)
    for (int m = 0, n = 0; m < b.mill_count; ++m)
      if (b.mills[m] & bit(i)) b.mills_through_mask[i] |= b.mills[m], b.mills_at[i][n++] = b.mills[m];
  // The squares' rings are at distance 1, 2, 3 from the centre (d4); swapping the innermost
  // ring used with the outermost scales a point's offset from the centre.
  int inner = 3, outer = 1;
  for (int i = 0; i < b.points; ++i) {
    const int dx = coords[i].file - 3, dy = coords[i].rank - 3;
    const int d = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
    inner = d < inner ? d : inner;
    outer = d > outer ? d : outer;
  }
  for (int op = 0; op < kSymmetries; ++op)
    for (int i = 0; i < b.points; ++i) {
      int dx = coords[i].file - 3, dy = coords[i].rank - 3;
      if (op >= 8) {
        const int d = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
        const int to = d == inner ? outer : d == outer ? inner : d;
        dx = dx / d * to, dy = dy / d * to;
      }
      int x = dx, y = dy;
      switch (op % 8) {
        case 0: break;
        case 1: x = -dy, y = dx; break;
        case 2: x = -dx, y = -dy; break;
        case 3: x = dy, y = -dx; break;
        case 4: x = -dx; break;
        case 5: y = -dy; break;
        case 6: x = dy, y = dx; break;
        case 7: x = -dy, y = -dx; break;
      }
      b.symmetry[op][i] = b.point_at[x + 3][y + 3];
    }
  for (int op = 0; op < kSymmetries; ++op)
    for (int byte = 0; byte < 3; ++byte)
      for (int v = 0; v < 256; ++v) {
        Mask out = 0;
        for (int k = 0; k < 8; ++k)
          if ((v >> k & 1) && 8 * byte + k < b.points) out |= bit(b.symmetry[op][8 * byte + k]);
        b.symmetry_bytes[op][byte][v] = out;
      }
  return b;
}

namespace boards {

constexpr Coord at(char file, int rank) { return {file - 'a', rank - 1}; }

inline constexpr std::array<Coord, 24> kNinePoints = {
    at('a', 1), at('d', 1), at('g', 1), at('b', 2), at('d', 2), at('f', 2), at('c', 3), at('d', 3),
    at('e', 3), at('a', 4), at('b', 4), at('c', 4), at('e', 4), at('f', 4), at('g', 4), at('c', 5),
    at('d', 5), at('e', 5), at('b', 6), at('d', 6), at('f', 6), at('a', 7), at('d', 7), at('g', 7)};

// The 16 lines of the three squares: each square's four sides, and the four cross lines.
inline constexpr std::array<Segment, 16> kNineLines = {{
    {at('a', 1), at('d', 1), at('g', 1)}, {at('b', 2), at('d', 2), at('f', 2)},
    {at('c', 3), at('d', 3), at('e', 3)}, {at('a', 4), at('b', 4), at('c', 4)},
    {at('e', 4), at('f', 4), at('g', 4)}, {at('c', 5), at('d', 5), at('e', 5)},
    {at('b', 6), at('d', 6), at('f', 6)}, {at('a', 7), at('d', 7), at('g', 7)},
    {at('a', 1), at('a', 4), at('a', 7)}, {at('b', 2), at('b', 4), at('b', 6)},
    {at('c', 3), at('c', 4), at('c', 5)}, {at('d', 1), at('d', 2), at('d', 3)},
    {at('d', 5), at('d', 6), at('d', 7)}, {at('e', 3), at('e', 4), at('e', 5)},
    {at('f', 2), at('f', 4), at('f', 6)}, {at('g', 1), at('g', 4), at('g', 7)},
}};

// Morabaraba adds the four diagonals through the corners, as mills and as adjacency.
inline constexpr std::array<Segment, 20> kMorabarabaLines = [] {
  std::array<Segment, 20> s{};
  for (int i = 0; i < 16; ++i) s[i] = kNineLines[i];
  s[16] = {at('a', 1), at('b', 2), at('c', 3)};
  s[17] = {at('g', 1), at('f', 2), at('e', 3)};
  s[18] = {at('a', 7), at('b', 6), at('c', 5)};
  s[19] = {at('g', 7), at('f', 6), at('e', 5)};
  return s;
}();

// Six Men's Morris: the outer and middle squares; their sides are the mills, and the
// midpoints are joined across without forming mills.
inline constexpr std::array<Coord, 16> kSixPoints = {
    at('a', 1), at('d', 1), at('g', 1), at('b', 2), at('d', 2), at('f', 2), at('a', 4), at('b', 4),
    at('f', 4), at('g', 4), at('b', 6), at('d', 6), at('f', 6), at('a', 7), at('d', 7), at('g', 7)};
inline constexpr std::array<Segment, 12> kSixLines = {{
    {at('a', 1), at('d', 1), at('g', 1)}, {at('b', 2), at('d', 2), at('f', 2)},
    {at('b', 6), at('d', 6), at('f', 6)}, {at('a', 7), at('d', 7), at('g', 7)},
    {at('a', 1), at('a', 4), at('a', 7)}, {at('b', 2), at('b', 4), at('b', 6)},
    {at('f', 2), at('f', 4), at('f', 6)}, {at('g', 1), at('g', 4), at('g', 7)},
    {at('d', 1), at('d', 2), {}, false}, {at('a', 4), at('b', 4), {}, false},
    {at('f', 4), at('g', 4), {}, false}, {at('d', 6), at('d', 7), {}, false},
}};

inline constexpr Board kNine = make_board(kNinePoints, kNineLines);
inline constexpr Board kMorabaraba = make_board(kNinePoints, kMorabarabaLines);
inline constexpr Board kSix = make_board(kSixPoints, kSixLines);

}  // namespace boards

// The point's name as the notation writes it ("d2").
inline std::string_view point_name(const Board& b, int point) {
  static constexpr char names[7][7][3] = {
      {"a1", "a2", "a3", "a4", "a5", "a6", "a7"}, {"b1", "b2", "b3", "b4", "b5", "b6", "b7"},
      {"c1", "c2", "c3", "c4", "c5", "c6", "c7"}, {"d1", "d2", "d3", "d4", "d5", "d6", "d7"},
      {"e1", "e2", "e3", "e4", "e5", "e6", "e7"}, {"f1", "f2", "f3", "f4", "f5", "f6", "f7"},
      {"g1", "g2", "g3", "g4", "g5", "g6", "g7"}};
  const Coord c = b.coord[point];
  return {names[c.file][c.rank], 2};
}

}  // namespace zz::morris
