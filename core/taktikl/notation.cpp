// Position and move text: "oxox/4/4/xoxo x a1a2 c4c3 [ply]" (ranks 4..1, or 5..1 on the 4x5
// board, side to move, X's last move, O's last move, '-' for none, optional plies played)
// and moves "a1a2".
#include <charconv>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/taktikl/game.hpp"

namespace zz::taktikl {
namespace {

std::string square_name(int sq) { return {static_cast<char>('a' + sq % 4), static_cast<char>('1' + sq / 4)}; }

int parse_square(std::string_view s, const Geometry& g) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'd' || s[1] < '1' || s[1] >= '1' + g.ranks()) return -1;
  return (s[1] - '1') * 4 + (s[0] - 'a');
}

[[noreturn]] void reject(std::string_view text, const std::string& why) {
  throw InputError("bad taktikl position '" + std::string(text) + "': " + why);
}

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

}  // namespace

TakTikl::Position TakTikl::parse(std::string_view text) const {
  if (text == "start") return start();
  const auto f = fields(text);
  if (f.size() != 2 && f.size() != 4 && f.size() != 5)
    reject(text, "expected BOARD SIDE [X-LAST O-LAST [PLY]] separated by single spaces");
  Position p;
  std::size_t i = 0;
  const std::string_view board = f[0];
  const int ranks = geometry_->ranks();
  const std::string ranks_text = std::to_string(ranks);
  for (int rank = ranks - 1; rank >= 0; --rank) {
    int file = 0;
    while (i < board.size() && board[i] != '/') {
      const char c = board[i++];
      if (c >= '1' && c <= '4') {
        file += c - '0';
      } else if (c == 'x' || c == 'o') {
        if (file < 4) p.pieces[c == 'x' ? X : O] |= bit(rank * 4 + file);
        ++file;
      } else {
        reject(text, std::string("unknown character '") + c + "' in the board (expected x, o or 1-4)");
      }
      if (file > 4) reject(text, "rank " + std::to_string(rank + 1) + " has more than 4 squares");
    }
    if (file != 4) reject(text, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 4");
    if (rank > 0) {
      if (i >= board.size()) reject(text, "expected " + ranks_text + " ranks separated by '/'");
      ++i;
    }
  }
  if (i != board.size()) reject(text, "more than " + ranks_text + " ranks");
  for (Color c : {X, O})
    if (__builtin_popcount(p.pieces[c]) != 4)
      reject(text, std::string(c == X ? "X" : "O") + " has " + std::to_string(__builtin_popcount(p.pieces[c])) +
                       " pieces, not 4");
  if (f[1] != "x" && f[1] != "o") reject(text, "side to move must be 'x' or 'o'");
  p.side = f[1] == "x" ? X : O;
  if (f.size() >= 4) {
    for (Color c : {X, O}) {
      const std::string_view m = f[2 + c];
      const char* who = c == X ? "X" : "O";
      if (m == "-") continue;
      const int from = m.size() == 4 ? parse_square(m.substr(0, 2), *geometry_) : -1;
      const int to = m.size() == 4 ? parse_square(m.substr(2), *geometry_) : -1;
      if (from < 0 || to < 0) reject(text, std::string(who) + "'s last move '" + std::string(m) + "' is not like a1a2 or -");
      const int dir = geometry_->direction_of(from, to);
      if (dir < 0) reject(text, std::string(who) + "'s last move " + std::string(m) + " is not one orthogonal step");
      if (!(p.pieces[c] & bit(to)))
        reject(text, std::string(who) + "'s last move " + std::string(m) + " does not end on an " + who + " piece");
      if (c != p.side && (p.occupied() & bit(from)))
        reject(text, std::string(who) + " just moved from " + square_name(from) + ", which is occupied");
      p.memory[c] = Memory{static_cast<std::int8_t>(to), static_cast<Direction>(dir)};
    }
  }
  if (f.size() == 5) {
    int ply = 0;
    auto [end, ec] = std::from_chars(f[4].data(), f[4].data() + f[4].size(), ply);
    if (ec != std::errc{} || end != f[4].data() + f[4].size() || ply < 0 || ply > 65535)
      reject(text, "the ply count must be a non-negative integer");
    if (moves_ > 0 && ply > moves_)
      reject(text, "the ply count " + std::to_string(ply) + " exceeds the limit of " + std::to_string(moves_) + " plies");
    if (ply % 2 != (p.side == X ? 0 : 1))
      reject(text, "after " + std::to_string(ply) + " plies it is " + (ply % 2 ? "O" : "X") + "'s turn");
    p.ply = static_cast<std::uint16_t>(ply);
  } else {
    // X moves first, so O moves after an odd number of plies: without a count the position
    // is taken as early as its side to move allows.
    p.ply = p.side == X ? 0 : 1;
  }
  if (geometry_->has_line(p.pieces[X]) && geometry_->has_line(p.pieces[O])) reject(text, "both sides hold a line");
  if (geometry_->has_line(p.pieces[p.side])) reject(text, "the side to move holds a line, so the game ended before its turn");
  return p;
}

std::string TakTikl::format(const Position& p) const {
  std::string s;
  for (int rank = geometry_->ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 4; ++file) {
      const int sq = rank * 4 + file;
      const char c = p.pieces[X] & bit(sq) ? 'x' : p.pieces[O] & bit(sq) ? 'o' : '.';
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      s += c;
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank > 0) s += '/';
  }
  s += p.side == X ? " x" : " o";
  for (Color c : {X, O}) {
    s += ' ';
    s += p.memory[c].none() ? "-" : square_name(p.memory[c].origin()) + square_name(p.memory[c].to);
  }
  if (p.ply > (p.side == X ? 0 : 1)) {
    s += ' ';
    s += std::to_string(p.ply);
  }
  return s;
}

std::string TakTikl::format_move(Move m) const {
  return m.is_pass() ? "pass" : square_name(m.from) + square_name(m.to);
}

TakTikl::Move TakTikl::parse_move(const Position& p, std::string_view text) const {
  auto illegal = [&](const std::string& why) {
    return InputError("illegal taktikl move '" + std::string(text) + "' in " + format(p) + ": " + why);
  };
  Move wanted;
  if (text != "pass") {
    const int from = text.size() == 4 ? parse_square(text.substr(0, 2), *geometry_) : -1;
    const int to = text.size() == 4 ? parse_square(text.substr(2), *geometry_) : -1;
    if (from < 0 || to < 0) throw illegal("expected a move like a1a2, or pass");
    wanted = Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)};
  }
  if (outcome(p)) throw illegal("the game is already over");
  bool found = false;
  for_each_move(p, [&](Move m) { found = found || m == wanted; });
  if (found) return wanted;
  if (wanted.is_pass()) throw illegal("a pass is allowed only without another move (rule no-move=pass)");
  if (!(p.pieces[p.side] & bit(wanted.from))) throw illegal("no piece of the side to move on " + square_name(wanted.from));
  if (geometry_->direction_of(wanted.from, wanted.to) < 0) throw illegal("pieces step one square up, down, left or right");
  if (p.occupied() & bit(wanted.to)) throw illegal(square_name(wanted.to) + " is occupied");
  throw illegal("a piece may not step straight back to the square it just left (no-return rule)");
}

}  // namespace zz::taktikl
