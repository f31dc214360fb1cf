// Position and move text: "rN1/1R1/nbB w 4" (ranks 3..1, side, optional movement plies
// played) and moves "N@b2" (placement), "b2c3" (movement), "pass".
#include <charconv>
#include <string>

#include "core/common/error.hpp"
#include "core/tatedrez/game.hpp"

namespace zz::tatedrez {
namespace {

constexpr std::string_view kPieceLetters = "RBN";

std::string square_name(int sq) { return {static_cast<char>('a' + sq % 3), static_cast<char>('1' + sq / 3)}; }

int parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '3') return -1;
  return (s[1] - '1') * 3 + (s[0] - 'a');
}

[[noreturn]] void reject(std::string_view text, const std::string& why) {
  throw InputError("bad tatedrez position '" + std::string(text) + "': " + why);
}

}  // namespace

TateDrez::Position TateDrez::parse(std::string_view text) const {
  if (text == "start") return start();
  Position p;
  std::size_t i = 0;
  for (int rank = 2; rank >= 0; --rank) {
    int file = 0;
    while (i < text.size() && text[i] != '/' && text[i] != ' ') {
      const char c = text[i++];
      if (c >= '1' && c <= '3') {
        file += c - '0';
      } else {
        const char upper = static_cast<char>(c & ~0x20);
        const auto type = kPieceLetters.find(upper);
        if (type == std::string_view::npos || !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
          reject(text, std::string("unknown piece letter '") + c + "' (expected R B N r b n or 1-3)");
        const Color color = c == upper ? White : Black;
        if (p.on_board(color, static_cast<PieceType>(type)))
          reject(text, std::string("two ") + (color == White ? "white " : "black ") + "'" + c + "' on the board");
        if (file < 3) {
          p.by_color[color] |= bit(rank * 3 + file);
          p.by_type[type] |= bit(rank * 3 + file);
        }
        ++file;
      }
      if (file > 3) reject(text, "rank " + std::to_string(rank + 1) + " has more than 3 squares");
    }
    if (file != 3) reject(text, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 3");
    if (rank > 0) {
      if (i >= text.size() || text[i] != '/') reject(text, "expected 3 ranks separated by '/'");
      ++i;
    }
  }
  if (i >= text.size() || text[i] != ' ') reject(text, "expected ' w' or ' b' after the board");
  ++i;
  if (i >= text.size() || (text[i] != 'w' && text[i] != 'b')) reject(text, "side to move must be 'w' or 'b'");
  p.side = text[i++] == 'w' ? White : Black;
  bool ply_given = false;
  if (i < text.size()) {
    if (text[i] != ' ' || i + 1 >= text.size()) reject(text, "expected a movement ply count after the side to move");
    const char* first = text.data() + i + 1;
    const char* last = text.data() + text.size();
    int ply = 0;
    auto [end, ec] = std::from_chars(first, last, ply);
    if (ec != std::errc{} || end != last || ply < 0) reject(text, "the movement ply count must be a non-negative integer");
    if (rounds_ > 0 && ply > 2 * rounds_)
      reject(text, "the ply count " + std::to_string(ply) + " exceeds the limit of " + std::to_string(2 * rounds_) +
                       " movement plies");
    if (ply > 255) reject(text, "the ply count " + std::to_string(ply) + " is too large");
    p.ply = static_cast<std::uint8_t>(ply);
    ply_given = true;
  }
  const int white = __builtin_popcount(p.by_color[White]);
  const int black = __builtin_popcount(p.by_color[Black]);
  if (p.placement_phase()) {
    const bool white_turn = white == black, black_turn = white == black + 1;
    if (!white_turn && !black_turn)
      reject(text, std::to_string(white) + " white and " + std::to_string(black) +
                       " black pieces cannot arise from alternating placement");
    if ((white_turn && p.side != White) || (black_turn && p.side != Black))
      reject(text, std::string("after this placement it is ") + (white_turn ? "White" : "Black") + "'s turn");
    if (p.ply != 0) reject(text, "movement plies cannot have been played while pieces are in hand");
  } else if (!ply_given) {
    // Movement starts with White, so Black moves after an odd number of plies: without a
    // count the position is taken as early as its side to move allows.
    p.ply = p.side == White ? 0 : 1;
  } else if (p.ply % 2 != (p.side == White ? 0 : 1)) {
    reject(text, "after " + std::to_string(p.ply) + " movement plies it is " + (p.ply % 2 ? "Black" : "White") +
                     "'s turn");
  }
  if (has_line(p.by_color[White]) && has_line(p.by_color[Black])) reject(text, "both sides hold a line");
  if (has_line(p.by_color[p.side]))
    reject(text, "the side to move holds a line, so the game ended before its turn");
  return p;
}

std::string TateDrez::format(const Position& p) const {
  std::string s;
  for (int rank = 2; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 3; ++file) {
      const int sq = rank * 3 + file;
      if (!(p.occupied() & bit(sq))) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      const Color c = p.by_color[White] & bit(sq) ? White : Black;
      int type = 0;
      while (!(p.by_type[type] & bit(sq))) ++type;
      s += c == White ? kPieceLetters[type] : static_cast<char>(kPieceLetters[type] | 0x20);
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank > 0) s += '/';
  }
  s += p.side == White ? " w" : " b";
  if (p.ply > (p.side == White || p.placement_phase() ? 0 : 1)) {
    s += ' ';
    s += std::to_string(p.ply);
  }
  return s;
}

std::string TateDrez::format_move(Move m) const {
  if (m.is_pass()) return "pass";
  if (m.is_placement()) return std::string(1, kPieceLetters[m.piece]) + "@" + square_name(m.to);
  return square_name(m.from) + square_name(m.to);
}

TateDrez::Move TateDrez::parse_move(const Position& p, std::string_view text) const {
  auto illegal = [&](const std::string& why) -> InputError {
    return InputError("illegal tatedrez move '" + std::string(text) + "' in " + format(p) + ": " + why);
  };
  Move wanted;
  if (text == "pass") {
    wanted = Move{};
  } else if (text.size() == 4 && text[1] == '@') {
    const char upper = static_cast<char>(text[0] & ~0x20);
    const auto type = kPieceLetters.find(upper);
    const int to = parse_square(text.substr(2));
    if (type == std::string_view::npos || to < 0) throw illegal("expected a placement like N@b2");
    wanted = Move{kHand, static_cast<std::uint8_t>(to), static_cast<PieceType>(type)};
  } else if (text.size() == 4) {
    const int from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2));
    if (from < 0 || to < 0) throw illegal("expected a move like b2c3, a placement like N@b2, or pass");
    wanted = Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), Rook};
  } else {
    throw illegal("expected a move like b2c3, a placement like N@b2, or pass");
  }
  if (auto o = outcome(p)) throw illegal("the game is already over");
  bool found = false;
  Move legal{};
  for_each_move(p, [&](Move m) {
    const bool same = wanted.is_placement() ? m == wanted : (m.from == wanted.from && m.to == wanted.to);
    if (same) {
      found = true;
      legal = m;
    }
  });
  if (!found) {
    if (wanted.is_placement() && !p.placement_phase()) throw illegal("all pieces are placed; pieces now move");
    if (!wanted.is_placement() && !wanted.is_pass() && p.placement_phase())
      throw illegal("pieces are still being placed");
    throw illegal("not a legal move here");
  }
  return legal;
}

}  // namespace zz::tatedrez
