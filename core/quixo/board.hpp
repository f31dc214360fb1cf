#pragma once
// The n x n Quixo board (n = 3, 4 or 5): squares a1 = 0 .. sq = rank * n + file, one bit
// per square in a 32-bit mask, the outer ring, the 2n + 2 winning lines (every row, every
// column, both long diagonals) and the pushes: a cube taken from `from` on the ring and
// pushed back in at `to`, another end of its row or column.
#include <array>
#include <cstdint>

namespace zz::quixo {

using Mask = std::uint32_t;
inline constexpr int kMaxSide = 5;
inline constexpr int kMaxSquares = kMaxSide * kMaxSide;
inline constexpr int kMaxLines = 2 * kMaxSide + 2;
inline constexpr int kMaxMoves = 4 * (3 * kMaxSide - 4);  // 2 per corner, 3 per other ring cube

enum Color : std::uint8_t { X, O };
constexpr Color opponent(Color c) { return c == X ? O : X; }
constexpr Mask bit(int sq) { return Mask{1} << sq; }

// What a push does to a line: the squares from `from` to `to` inclusive, and the signed
// distance between neighbouring squares of the line going from `from` towards `to`. The
// cubes on (from, to] slide one step back towards `from`; the taken cube lands on `to`.
struct Push {
  Mask segment = 0;
  std::int8_t step = 0;
};

// A move carries its push, so that playing it reads no table.
struct Move {
  std::int8_t from = -1;  // the ring square the cube is taken from
  std::int8_t to = -1;    // the end of its row or column where it is pushed back in
  Push push;
  friend bool operator==(const Move& a, const Move& b) { return a.from == b.from && a.to == b.to; }
};

class Geometry {
 public:
  constexpr explicit Geometry(int n) : n_(n), squares_(n * n) {
    full_ = squares_ == 32 ? ~Mask{0} : bit(squares_) - 1;
    for (int sq = 0; sq < squares_; ++sq)
      if (on_ring(sq)) ring_ |= bit(sq);
    for (int r = 0; r < n; ++r) {
      Mask row = 0, col = 0;
      for (int i = 0; i < n; ++i) {
        row |= bit(r * n + i);
        col |= bit(i * n + r);
      }
      lines_[line_count_++] = row;
      lines_[line_count_++] = col;
    }
    Mask diag = 0, anti = 0;
    for (int i = 0; i < n; ++i) {
      diag |= bit(i * n + i);
      anti |= bit(i * n + (n - 1 - i));
    }
    lines_[line_count_++] = diag;
    lines_[line_count_++] = anti;
    // Moves in a fixed order: by source square, then by end in the order left end, right
    // end, bottom end, top end of its row and column.
    for (int from = 0; from < squares_; ++from) {
      if (!on_ring(from)) continue;
      const int r = from / n, f = from % n;
      const int ends[4] = {r * n, r * n + n - 1, f, (n - 1) * n + f};
      for (int to : ends) {
        if (to == from) continue;
        const bool same_row = to / n == r;
        const int unit = same_row ? 1 : n;
        const int step = to > from ? unit : -unit;
        Mask seg = 0;
        for (int s = from;; s += step) {
          seg |= bit(s);
          if (s == to) break;
        }
        push_[from][to] = Push{seg, static_cast<std::int8_t>(step)};
        moves_[move_count_++] = Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), push_[from][to]};
      }
    }
  }

  constexpr int side() const { return n_; }
  constexpr int squares() const { return squares_; }
  constexpr Mask full() const { return full_; }
  constexpr Mask ring() const { return ring_; }
  constexpr bool on_ring(int sq) const {
    const int r = sq / n_, f = sq % n_;
    return r == 0 || f == 0 || r == n_ - 1 || f == n_ - 1;
  }
  constexpr int move_count() const { return move_count_; }
  constexpr Move move(int k) const { return moves_[k]; }
  // The push of a legal (from, to) pair; segment 0 for any other pair.
  constexpr Push push(int from, int to) const { return push_[from][to]; }

  constexpr bool has_line(Mask cubes) const {
    for (int i = 0; i < line_count_; ++i)
      if ((cubes & lines_[i]) == lines_[i]) return true;
    return false;
  }

  // One colour's cubes after the push (from, to): the cubes on (from, to] slide one step
  // towards from. The taken cube's new place, to, is left empty here.
  static constexpr Mask slide(Mask cubes, Push p) {
    const Mask moving = cubes & p.segment;
    const Mask shifted = p.step > 0 ? moving >> p.step : moving << -p.step;
    return (cubes & ~p.segment) | (shifted & p.segment);
  }
  // The inverse: the cubes on [from, to) slide one step towards to; from is left empty.
  static constexpr Mask unslide(Mask cubes, Push p) {
    const Mask moving = cubes & p.segment;
    const Mask shifted = p.step > 0 ? moving << p.step : moving >> -p.step;
    return (cubes & ~p.segment) | (shifted & p.segment);
  }

 private:
  int n_, squares_;
  Mask full_ = 0, ring_ = 0;
  std::array<Mask, kMaxLines> lines_{};
  int line_count_ = 0;
  std::array<Move, kMaxMoves> moves_{};
  int move_count_ = 0;
  std::array<std::array<Push, kMaxSquares>, kMaxSquares> push_{};
};

// The geometry of side n (3, 4 or 5), built at compile time.
const Geometry& geometry(int n);

}  // namespace zz::quixo
