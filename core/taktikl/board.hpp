#pragma once
// The boards: 4 files and 4 ranks (Tak Tikl) or 5 ranks (Ruderman's Tac-Tickle). Squares
// a1=0 .. d4=15 or d5=19 (sq = rank*4 + file), 32-bit masks, orthogonal steps and the
// winning triples (24 on 4x4, 34 on 4x5).
#include <array>
#include <cstdint>

namespace zz::taktikl {

using Mask = std::uint32_t;
inline constexpr int kFiles = 4;
inline constexpr int kMaxRanks = 5;
inline constexpr int kMaxSquares = kFiles * kMaxRanks;

enum Color : std::uint8_t { X, O };
constexpr Color opponent(Color c) { return c == X ? O : X; }
constexpr Mask bit(int sq) { return Mask{1} << sq; }

enum Direction : std::uint8_t { Up, Down, Right, Left };
inline constexpr int kDirections = 4;
constexpr Direction reverse(Direction d) { return static_cast<Direction>(d ^ 1); }
// The square number difference of a step (the files are 4 on every board).
constexpr int delta(Direction d) { return d == Up ? kFiles : d == Down ? -kFiles : d == Right ? 1 : -1; }

class Geometry {
 public:
  constexpr explicit Geometry(int ranks) : ranks_(ranks), squares_(ranks * kFiles) {
    for (int sq = 0; sq < squares_; ++sq) {
      const int f = sq % kFiles, r = sq / kFiles;
      all_ |= bit(sq);
      neighbour_[sq] = {static_cast<std::int8_t>(r < ranks - 1 ? sq + kFiles : -1),
                        static_cast<std::int8_t>(r > 0 ? sq - kFiles : -1),
                        static_cast<std::int8_t>(f < kFiles - 1 ? sq + 1 : -1),
                        static_cast<std::int8_t>(f > 0 ? sq - 1 : -1)};
      // A triple starting on sq: along the rank (sq, sq+1, sq+2), the file (+4, +8) and the
      // two diagonals (+5, +10 rising to the right; +3, +6 rising to the left).
      if (f <= kFiles - 3) rank_starts_ |= bit(sq);
      if (r <= ranks - 3) file_starts_ |= bit(sq);
      if (f <= kFiles - 3 && r <= ranks - 3) rising_starts_ |= bit(sq);
      if (f >= 2 && r <= ranks - 3) falling_starts_ |= bit(sq);
    }
  }

  int ranks() const { return ranks_; }
  int squares() const { return squares_; }
  Mask all() const { return all_; }
  // The square one step from sq, or -1 off the board.
  int step(int sq, Direction d) const { return neighbour_[sq][d]; }
  // The direction of a one-step move from -> to, or -1 if it is not one orthogonal step.
  int direction_of(int from, int to) const {
    for (int d = 0; d < kDirections; ++d)
      if (neighbour_[from][d] == to) return d;
    return -1;
  }
  // Three of `pieces` on consecutive squares of a rank, file or diagonal.
  bool has_line(Mask m) const {
    return ((m & m >> 1 & m >> 2 & rank_starts_) | (m & m >> 4 & m >> 8 & file_starts_) |
            (m & m >> 5 & m >> 10 & rising_starts_) | (m & m >> 3 & m >> 6 & falling_starts_)) != 0;
  }
  // How many triples there are (each start mask bit is one).
  int line_count() const {
    return __builtin_popcount(rank_starts_) + __builtin_popcount(file_starts_) + __builtin_popcount(rising_starts_) +
           __builtin_popcount(falling_starts_);
  }

 private:
  int ranks_, squares_;
  Mask all_ = 0;
  Mask rank_starts_ = 0, file_starts_ = 0, rising_starts_ = 0, falling_starts_ = 0;
  std::array<std::array<std::int8_t, kDirections>, kMaxSquares> neighbour_{};
};

inline constexpr Geometry kBoard4x4{4};
inline constexpr Geometry kBoard4x5{5};

}  // namespace zz::taktikl
