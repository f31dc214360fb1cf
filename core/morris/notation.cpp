// Position text "........................ w 9 9": one character per point in the board's
// order (a1 d1 g1 b2 ... a7 d7 g7; W white, B black, . empty), the side to move (w or b) and
// the stones White and Black still have to place. Moves: "d2" places, "a4-a7" slides or
// flies, and "xd7" appended names the stone a closed mill removes ("d2xd7", "a4-a7xg7").
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/morris/game.hpp"

namespace zz::morris {
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

const char* colour_word(Colour c) { return c == White ? "White" : "Black"; }

// The point named by two characters, -1 for a name that is no point of the board, -2 for
// text that is no name.
int point_named(const Board& b, std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7') return -2;
  return b.point_at[s[0] - 'a'][s[1] - '1'];
}

}  // namespace

Morris::Position Morris::parse(std::string_view text) const {
  if (text == "start") return start();
  const auto reject = [&](const std::string& why) {
    return InputError("bad morris position '" + std::string(text) + "': " + why);
  };
  const Board& b = board();
  const auto f = fields(text);
  if (f.size() != 4)
    throw reject("expected BOARD SIDE WHITE_HAND BLACK_HAND separated by single spaces, like '" + format(start()) + "'");
  if (static_cast<int>(f[0].size()) != b.points)
    throw reject("the board has " + std::to_string(f[0].size()) + " characters, not one per point (" +
                 std::to_string(b.points) + ": W, B or . in the order a1 d1 g1 ...)");
  Position p;
  for (int i = 0; i < b.points; ++i) {
    const char c = f[0][static_cast<std::size_t>(i)];
    if (c == 'W') p.stones[White] |= bit(i);
    else if (c == 'B') p.stones[Black] |= bit(i);
    else if (c != '.')
      throw reject(std::string("unknown character '") + c + "' at " + std::string(point_name(b, i)) +
                   " (expected W, B or .)");
  }
  if (f[1] != "w" && f[1] != "b") throw reject("the side to move must be 'w' (White) or 'b' (Black)");
  p.to_move = f[1] == "w" ? White : Black;
  for (Colour c : {White, Black}) {
    const std::string_view h = f[c == White ? 2 : 3];
    const bool digits = !h.empty() && h.size() <= 2 && h.find_first_not_of("0123456789") == std::string_view::npos;
    const int n = digits ? std::stoi(std::string(h)) : -1;
    if (n < 0 || n > variant_->stones)
      throw reject(std::string(colour_word(c)) + "'s hand must be a number from 0 to " + std::to_string(variant_->stones));
    p.hand[c] = static_cast<std::uint8_t>(n);
    if (p.total(c) > variant_->stones)
      throw reject(std::string(colour_word(c)) + " has " + std::to_string(p.total(c)) +
                   " stones on the board and in hand, more than " + std::to_string(variant_->stones));
  }
  const Colour s = p.to_move, w = other(s);
  if (p.total(w) < 3)
    throw reject(std::string(colour_word(w)) + ", who just moved, has fewer than 3 stones: the game ended before");
  // White places first: White to move holds as many in hand as Black, Black to move one more.
  const bool alternate = p.hand[White] + p.hand[Black] == 0 ||
                         p.hand[Black] == p.hand[White] + (s == Black ? 1 : 0);
  if (!variant_->place_or_move && !alternate)
    throw reject("the hands cannot arise: the players alternate placing, White first, so White to move holds as "
                 "many stones in hand as Black and Black to move one more than White");
  return p;
}

std::string Morris::format(const Position& p) const {
  std::string s;
  for (int i = 0; i < board().points; ++i)
    s += p.stones[White] & bit(i) ? 'W' : p.stones[Black] & bit(i) ? 'B' : '.';
  s += p.to_move == White ? " w " : " b ";
  s += std::to_string(p.hand[White]) + " " + std::to_string(p.hand[Black]);
  return s;
}

std::string Morris::format_move(Move m) const {
  std::string s;
  if (!m.is_placement()) s += std::string(point_name(board(), m.from)) + "-";
  s += point_name(board(), m.to);
  if (m.remove != kNone) s += "x" + std::string(point_name(board(), m.remove));
  return s;
}

Morris::Move Morris::parse_move(const Position& p, std::string_view text) const {
  const auto illegal = [&](const std::string& why) {
    return InputError("illegal morris move '" + std::string(text) + "' in " + format(p) + ": " + why);
  };
  const Board& b = board();
  std::string_view rest = text;
  const auto point = [&](std::string_view name) {
    const int at = point_named(b, name);
    if (at == -2) throw illegal("expected a placement like d2, a slide like a4-a7, and xd7 after a move that closes a mill");
    if (at < 0) throw illegal(std::string(name) + " is not a point of the board");
    return static_cast<std::int8_t>(at);
  };
  Move wanted;
  const std::size_t x = rest.find('x');
  if (x != std::string_view::npos) {
    wanted.remove = point(rest.substr(x + 1));
    rest = rest.substr(0, x);
  }
  if (rest.size() == 5 && rest[2] == '-') {
    wanted.from = point(rest.substr(0, 2));
    wanted.to = point(rest.substr(3));
  } else {
    wanted.to = point(rest);
  }
  if (outcome(p)) throw illegal("the game is over");
  bool found = false;
  for_each_move(p, [&](Move m) { found = found || m == wanted; });
  if (found) return wanted;
  const Colour s = p.to_move;
  const std::string who = colour_word(s);
  if (wanted.is_placement() && p.hand[s] == 0)
    throw illegal(who + " has no stones in hand: move a stone, like a4-a7");
  if (!wanted.is_placement() && !may_move(p, s))
    throw illegal(who + " must place a stone while it has stones in hand");
  if (!wanted.is_placement() && !(p.stones[s] & bit(wanted.from)))
    throw illegal("no " + who + " stone on " + std::string(point_name(b, wanted.from)));
  if (p.occupied() & bit(wanted.to)) throw illegal(std::string(point_name(b, wanted.to)) + " is occupied");
  if (!wanted.is_placement() && !flies(p, s) && !(b.adjacent[wanted.from] & bit(wanted.to)))
    throw illegal(std::string(point_name(b, wanted.to)) + " is not next to " + std::string(point_name(b, wanted.from)) +
                  " (a stone flies only when its side has 3 stones)");
  const Mask after = (wanted.is_placement() ? p.stones[s] : p.stones[s] & ~bit(wanted.from)) | bit(wanted.to);
  const bool closes = b.in_mill(after, wanted.to);
  if (!closes && wanted.remove != kNone) throw illegal("the move closes no mill, so it removes nothing");
  if (closes && wanted.remove == kNone)
    throw illegal("the move closes a mill: append the stone it removes, like x" +
                  std::string(point_name(b, __builtin_ctz(removable(p, s)))));
  if (!(p.stones[other(s)] & bit(wanted.remove)))
    throw illegal("no opposing stone on " + std::string(point_name(b, wanted.remove)));
  throw illegal(std::string(point_name(b, wanted.remove)) +
                " stands in a mill, and a stone that does not may be removed instead");
}

}  // namespace zz::morris
