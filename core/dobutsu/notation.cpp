// Position text "gle/1c1/1C1/ELG s -": ranks 1 to 4 (Gote's home rank first) with files a-c,
// upper case for Sente and lower case for Gote (L lion, E elephant, G giraffe, C chick,
// H hen), digits for runs of empty squares; the side to move (s or g); the hands ('-' for
// none, else Sente's pieces in upper case and Gote's in lower case). Moves: "b3b2" on the
// board (promotion is automatic), "C*b2" for a drop.
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/dobutsu/game.hpp"

namespace zz::dobutsu {
namespace {

constexpr char kLetters[kKinds] = {'E', 'G', 'C', 'H', 'L'};

std::string square_name(int sq) { return {static_cast<char>('a' + file_of(sq)), static_cast<char>('0' + rank_of(sq))}; }

int parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '4') return -1;
  return (s[1] - '1') * 3 + (s[0] - 'a');
}

int kind_of_letter(char c) {
  const char u = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
  for (int k = 0; k < kKinds; ++k)
    if (kLetters[k] == u) return k;
  return -1;
}

[[noreturn]] void reject(std::string_view text, const std::string& why) {
  throw InputError("bad dobutsu position '" + std::string(text) + "': " + why);
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

const char* side_word(Side s) { return s == Sente ? "Sente" : "Gote"; }

}  // namespace

Dobutsu::Position Dobutsu::parse(std::string_view text) const {
  if (text == "start") return start();
  const auto f = fields(text);
  if (f.size() != 3) reject(text, "expected BOARD SIDE HANDS separated by single spaces, like 'gle/1c1/1C1/ELG s -'");
  Position p;
  const std::string_view board = f[0];
  std::size_t i = 0;
  for (int rank = 1; rank <= 4; ++rank) {
    int file = 0;
    while (i < board.size() && board[i] != '/') {
      const char c = board[i++];
      if (c >= '1' && c <= '3') {
        file += c - '0';
      } else if (const int k = kind_of_letter(c); k >= 0) {
        if (file < 3) {
          const int sq = (rank - 1) * 3 + file;
          p.side_mask[c >= 'a' ? Gote : Sente] |= bit(sq);
          p.kind_mask[k] |= bit(sq);
        }
        ++file;
      } else {
        reject(text, std::string("unknown character '") + c + "' in the board (expected L E G C H, l e g c h or 1-3)");
      }
      if (file > 3) reject(text, "rank " + std::to_string(rank) + " has more than 3 squares");
    }
    if (file != 3) reject(text, "rank " + std::to_string(rank) + " has " + std::to_string(file) + " squares, not 3");
    if (rank < 4) {
      if (i >= board.size()) reject(text, "expected 4 ranks separated by '/'");
      ++i;
    }
  }
  if (i != board.size()) reject(text, "more than 4 ranks");
  if (f[1] != "s" && f[1] != "g") reject(text, "the side to move must be 's' (Sente) or 'g' (Gote)");
  p.to_move = f[1] == "s" ? Sente : Gote;
  if (f[2] != "-") {
    if (f[2].empty()) reject(text, "the hands are empty: write '-'");
    for (char c : f[2]) {
      const int k = kind_of_letter(c);
      if (k < 0 || k >= kHandKinds)
        reject(text, std::string("'") + c + "' cannot be in a hand (only E, G and C, or e, g and c)");
      ++p.hand[c >= 'a' ? Gote : Sente][k];
    }
  }
  for (Side s : {Sente, Gote})
    if (__builtin_popcount(p.pieces(s, Lion)) != 1)
      reject(text, std::string(side_word(s)) + " has " + std::to_string(__builtin_popcount(p.pieces(s, Lion))) +
                       " lions, not 1");
  const char* names[kHandKinds] = {"elephants", "giraffes", "chicks and hens"};
  for (int k = 0; k < kHandKinds; ++k) {
    int n = __builtin_popcount(p.kind_mask[k]) + p.hand[Sente][k] + p.hand[Gote][k];
    if (k == Chick) n += __builtin_popcount(p.kind_mask[Hen]);
    if (n != 2) reject(text, "there are " + std::to_string(n) + " " + names[k] + ", not 2 (count the hands too)");
  }
  const Side s = p.to_move;
  if (p.pieces(s, Lion) & far_rank(s))
    reject(text, std::string(side_word(s)) + "'s lion stands on its farthest rank with " + side_word(s) +
                     " to move: the try was judged on the other side's turn, so this cannot arise");
  return p;
}

std::string Dobutsu::format(const Position& p) const {
  std::string s;
  for (int rank = 1; rank <= 4; ++rank) {
    int empty = 0;
    for (int file = 0; file < 3; ++file) {
      const int sq = (rank - 1) * 3 + file;
      if (!(p.occupied() & bit(sq))) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      const char c = kLetters[p.kind_at(sq)];
      s += p.side_mask[Gote] & bit(sq) ? static_cast<char>(c + 32) : c;
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank < 4) s += '/';
  }
  s += p.to_move == Sente ? " s " : " g ";
  std::string hands;
  for (Side side : {Sente, Gote})
    for (int k = 0; k < kHandKinds; ++k)
      hands.append(p.hand[side][k], side == Sente ? kLetters[k] : static_cast<char>(kLetters[k] + 32));
  s += hands.empty() ? "-" : hands;
  return s;
}

std::string Dobutsu::format_move(Move m) const {
  if (m.is_drop()) return std::string(1, kLetters[m.drop]) + "*" + square_name(m.to);
  return square_name(m.from) + square_name(m.to);
}

Dobutsu::Move Dobutsu::parse_move(const Position& p, std::string_view text) const {
  auto illegal = [&](const std::string& why) {
    return InputError("illegal dobutsu move '" + std::string(text) + "' in " + format(p) + ": " + why);
  };
  Move wanted;
  if (text.size() == 4 && text[1] == '*') {
    const int k = kind_of_letter(text[0]);
    const int to = parse_square(text.substr(2));
    if (k < 0 || k >= kHandKinds || to < 0) throw illegal("expected a drop like C*b2 (E, G or C onto a square)");
    wanted = Move{-1, static_cast<std::int8_t>(to), static_cast<Kind>(k)};
  } else {
    const int from = text.size() == 4 ? parse_square(text.substr(0, 2)) : -1;
    const int to = text.size() == 4 ? parse_square(text.substr(2)) : -1;
    if (from < 0 || to < 0) throw illegal("expected a move like b3b2 or a drop like C*b2");
    wanted = Move{static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), Elephant};
  }
  if (outcome(p)) throw illegal("the game is already over");
  bool found = false;
  for_each_move(p, [&](Move m) { found = found || m == wanted; });
  if (found) return wanted;
  const Side s = p.to_move;
  if (wanted.is_drop()) {
    if (!p.hand[s][wanted.drop]) throw illegal(std::string(side_word(s)) + " has no such piece in hand");
    throw illegal(square_name(wanted.to) + " is occupied");
  }
  if (!(p.side_mask[s] & bit(wanted.from))) throw illegal("no piece of the side to move on " + square_name(wanted.from));
  if (p.side_mask[s] & bit(wanted.to)) throw illegal(square_name(wanted.to) + " holds a piece of the side to move");
  throw illegal("that piece does not move from " + square_name(wanted.from) + " to " + square_name(wanted.to));
}

}  // namespace zz::dobutsu
