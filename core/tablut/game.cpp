#include "core/tablut/game.hpp"

#include "core/common/error.hpp"
#include "core/tablut/notation.hpp"

namespace zz::tablut {
namespace {

std::uint64_t perft_from(const Position& p, int depth) {
  if (depth == 1) return static_cast<std::uint64_t>(count_moves(p));
  std::uint64_t n = 0;
  for_each_move(p, [&](Move m) { n += perft_from(play(p, m), depth - 1); });
  return n;
}

}  // namespace

Position Tablut::start() const { return parse_position(kStartText); }

Position Tablut::parse(std::string_view text) const { return parse_position(text); }

std::string Tablut::format(const Position& p) const { return format_position(p); }

Move Tablut::parse_move(const Position& p, std::string_view text) const {
  const Move m = parse_move_text(text);
  const std::string why = illegal_reason(p, m);
  if (!why.empty()) throw InputError("illegal move " + tablut::format_move(m) + ": " + why);
  return m;
}

std::string Tablut::format_move(Move m) const { return tablut::format_move(m); }

std::uint64_t Tablut::perft(const Position& p, int depth) const {
  if (depth <= 0) return 1;
  return perft_from(p, depth);
}

}  // namespace zz::tablut
