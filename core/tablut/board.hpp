#pragma once
// The 9x9 board: squares, 81-bit bitboards and the fixed squares of the Ashton rules (throne,
// camps, escape squares). A square is row * 9 + column, row 0 being the server's row 1 (drawn
// at the top) and column 0 the file a, so the index agrees with zz::transform_square.
#include <array>
#include <bit>
#include <cstdint>

namespace zz::tablut {

// g++ accepts unsigned __int128 in strict ISO mode only as an extension; all 81 squares fit in
// one register pair, and shifts by a row (9 bits) stay single expressions.
__extension__ typedef unsigned __int128 Bitboard;

inline constexpr int kSide = 9;
inline constexpr int kSquares = kSide * kSide;
inline constexpr int kNoSquare = kSquares;

constexpr int square(int row, int column) { return row * kSide + column; }
constexpr int row_of(int sq) { return sq / kSide; }
constexpr int column_of(int sq) { return sq % kSide; }

constexpr Bitboard bit(int sq) { return Bitboard{1} << sq; }
constexpr bool has(Bitboard b, int sq) { return ((b >> sq) & 1) != 0; }

constexpr int popcount(Bitboard b) {
  return std::popcount(static_cast<std::uint64_t>(b)) + std::popcount(static_cast<std::uint64_t>(b >> 64));
}

// Removes and returns the lowest set square of a non-empty board. Selects the half rather than
// branching on it: the loops over a board's squares run for every position a solver touches,
// and their pawns fall in either half at random.
constexpr int pop_lsb(Bitboard& b) {
  const auto low = static_cast<std::uint64_t>(b);
  const bool in_low = low != 0;
  const int sq = std::countr_zero(in_low ? low : static_cast<std::uint64_t>(b >> 64)) + (in_low ? 0 : 64);
  b &= b - 1;
  return sq;
}

// Increasing squares.
template <class F>
constexpr void for_each_square(Bitboard b, F&& f) {
  while (b) f(pop_lsb(b));
}

// Squares named as in the rules ("e5" is column e, row 5).
constexpr int sq(char column, int row) { return square(row - 1, column - 'a'); }

inline constexpr int kThrone = sq('e', 5);

// Camps in a fixed order; the index is how a black pawn on a camp square knows its own camp.
inline constexpr int kCampCount = 4;
inline constexpr std::array<std::array<int, 4>, kCampCount> kCampSquares = {{
    {sq('a', 4), sq('a', 5), sq('a', 6), sq('b', 5)},  // west
    {sq('d', 1), sq('e', 1), sq('f', 1), sq('e', 2)},  // north (row 1, drawn at the top)
    {sq('i', 4), sq('i', 5), sq('i', 6), sq('h', 5)},  // east
    {sq('d', 9), sq('e', 9), sq('f', 9), sq('e', 8)},  // south
}};

constexpr Bitboard camp_mask(int camp) {
  Bitboard b = 0;
  for (int s : kCampSquares[camp]) b |= bit(s);
  return b;
}

inline constexpr Bitboard kCamps = camp_mask(0) | camp_mask(1) | camp_mask(2) | camp_mask(3);

// The middle squares of the camps' bases: not an anvil when White captures, so a black pawn
// in its own camp is never captured against that camp.
inline constexpr Bitboard kCampBases = bit(sq('a', 5)) | bit(sq('e', 1)) | bit(sq('e', 9)) | bit(sq('i', 5));
inline constexpr Bitboard kWhiteAnvilCamps = kCamps & ~kCampBases;

constexpr Bitboard edge_mask() {
  Bitboard b = 0;
  for (int i = 0; i < kSide; ++i)
    b |= bit(square(0, i)) | bit(square(kSide - 1, i)) | bit(square(i, 0)) | bit(square(i, kSide - 1));
  return b;
}
inline constexpr Bitboard kEscapes = edge_mask() & ~kCamps;

inline constexpr Bitboard kAllSquares = (Bitboard{1} << kSquares) - 1;

// Camp index of every square, -1 off the camps.
inline constexpr std::array<std::int8_t, kSquares> kCampOf = [] {
  std::array<std::int8_t, kSquares> a{};
  a.fill(-1);
  for (int c = 0; c < kCampCount; ++c)
    for (int s : kCampSquares[c]) a[s] = static_cast<std::int8_t>(c);
  return a;
}();

// Directions in the order up, down, left, right; neighbour and the square beyond it, or
// kNoSquare off the board.
inline constexpr int kDirections = 4;
struct Step {
  std::uint8_t next;
  std::uint8_t beyond;
};
inline constexpr std::array<std::array<Step, kDirections>, kSquares> kSteps = [] {
  constexpr int dr[kDirections] = {-1, 1, 0, 0};
  constexpr int dc[kDirections] = {0, 0, -1, 1};
  auto at = [](int r, int c) { return (r < 0 || r >= kSide || c < 0 || c >= kSide) ? kNoSquare : square(r, c); };
  std::array<std::array<Step, kDirections>, kSquares> a{};
  for (int s = 0; s < kSquares; ++s)
    for (int d = 0; d < kDirections; ++d) {
      const int r = row_of(s), c = column_of(s);
      a[s][d] = {static_cast<std::uint8_t>(at(r + dr[d], c + dc[d])),
                 static_cast<std::uint8_t>(at(r + 2 * dr[d], c + 2 * dc[d]))};
    }
  return a;
}();

// The (up to four) orthogonal neighbours of every square, looked up rather than built from
// kSteps: making and un-making moves ask for them at every move.
inline constexpr std::array<Bitboard, kSquares> kNeighbours = [] {
  std::array<Bitboard, kSquares> a{};
  for (int s = 0; s < kSquares; ++s)
    for (const Step& st : kSteps[s])
      if (st.next != kNoSquare) a[s] |= bit(st.next);
  return a;
}();

constexpr Bitboard neighbours(int s) { return kNeighbours[s]; }

}  // namespace zz::tablut
