// Position text: ranks from the top (rank n) down, separated by '/', each square 'x' or 'o'
// for a cube showing that symbol and a digit for a run of blank cubes, then the side to
// move: "x4/5/2o2/5/5 o" on 5x5. A move names the square the cube is taken from and the end
// of its row or column where it is pushed back in: "a1e1".
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/quixo/game.hpp"

namespace zz::quixo {
namespace {

std::vector<std::string_view> fields(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i <= text.size()) {
    const std::size_t j = std::min(text.find(' ', i), text.size());
    out.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

std::string square_name(int sq, int n) {
  return {static_cast<char>('a' + sq % n), static_cast<char>('1' + sq / n)};
}

// -1 unless s names a square of the n x n board.
int parse_square(std::string_view s, int n) {
  if (s.size() != 2 || s[0] < 'a' || s[0] >= 'a' + n || s[1] < '1' || s[1] >= '1' + n) return -1;
  return (s[1] - '1') * n + (s[0] - 'a');
}

}  // namespace

Quixo::Position Quixo::parse(std::string_view text) const {
  const int n = side();
  auto reject = [&](const std::string& why) {
    return InputError("bad quixo position '" + std::string(text) + "': " + why);
  };
  if (text == "start") return start();
  const auto f = fields(text);
  if (f.size() != 2) throw reject("expected BOARD SIDE separated by one space, like " + format(start()));
  Position p;
  const std::string_view board = f[0];
  std::size_t i = 0;
  for (int rank = n - 1; rank >= 0; --rank) {
    int file = 0;
    while (i < board.size() && board[i] != '/') {
      const char c = board[i++];
      if (c >= '1' && c <= '0' + n) {
        file += c - '0';
      } else if (c == 'x' || c == 'o') {
        if (file < n) p.cubes[c == 'x' ? X : O] |= bit(rank * n + file);
        ++file;
      } else {
        throw reject(std::string("unknown character '") + c + "' in the board (expected x, o or 1-" +
                     std::to_string(n) + ")");
      }
      if (file > n) throw reject("rank " + std::to_string(rank + 1) + " has more than " + std::to_string(n) + " squares");
    }
    if (file != n)
      throw reject("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not " +
                   std::to_string(n));
    if (rank > 0) {
      if (i >= board.size())
        throw reject("expected " + std::to_string(n) + " ranks separated by '/' (rule size=" + std::to_string(n) + ")");
      ++i;
    }
  }
  if (i != board.size()) throw reject("more than " + std::to_string(n) + " ranks (rule size=" + std::to_string(n) + ")");
  if (f[1] != "x" && f[1] != "o") throw reject("the side to move must be 'x' or 'o'");
  p.side = f[1] == "x" ? X : O;
  const Color last = opponent(p.side);
  if (p.marked() == 0 && p.side == O) throw reject("the board is all blank only before X's first move");
  if (p.marked() != 0 && !(p.cubes[last] & geometry_.ring()))
    throw reject(std::string(last == X ? "X" : "O") +
                 " moved last, so one of its cubes was just pushed in on the outer ring, but none is there");
  return p;
}

std::string Quixo::format(const Position& p) const {
  const int n = side();
  std::string s;
  for (int rank = n - 1; rank >= 0; --rank) {
    int blank = 0;
    for (int file = 0; file < n; ++file) {
      const int sq = rank * n + file;
      const char c = p.cubes[X] & bit(sq) ? 'x' : p.cubes[O] & bit(sq) ? 'o' : '.';
      if (c == '.') {
        ++blank;
        continue;
      }
      if (blank) s += static_cast<char>('0' + blank);
      blank = 0;
      s += c;
    }
    if (blank) s += static_cast<char>('0' + blank);
    if (rank > 0) s += '/';
  }
  s += p.side == X ? " x" : " o";
  return s;
}

std::string Quixo::format_move(Move m) const { return square_name(m.from, side()) + square_name(m.to, side()); }

Quixo::Move Quixo::parse_move(const Position& p, std::string_view text) const {
  const int n = side();
  auto illegal = [&](const std::string& why) {
    return InputError("illegal quixo move '" + std::string(text) + "' in " + format(p) + ": " + why);
  };
  const int from = text.size() == 4 ? parse_square(text.substr(0, 2), n) : -1;
  const int to = text.size() == 4 ? parse_square(text.substr(2), n) : -1;
  if (from < 0 || to < 0)
    throw illegal("expected the square a cube is taken from and the end it is pushed in at, like a1" +
                  square_name(n - 1, n) + " (squares a1 to " + square_name(n * n - 1, n) + ")");
  if (outcome(p)) throw illegal("the game is already over");
  const std::string what = square_name(from, n), where = square_name(to, n);
  if (!geometry_.on_ring(from)) throw illegal(what + " is not on the outer ring");
  if (p.cubes[opponent(p.side)] & bit(from))
    throw illegal("the cube on " + what + " shows " + (p.side == X ? "O" : "X") + "; take a blank cube or your own");
  if (from == to) throw illegal("the cube must be pushed in at another end than the one it was taken from");
  if (geometry_.push(from, to).segment == 0)
    throw illegal(where + " is not an end of " + what + "'s row or column");
  return Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), geometry_.push(from, to)};
}

}  // namespace zz::quixo
