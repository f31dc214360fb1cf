#include "core/tablut/game.hpp"

#include "core/common/error.hpp"
#include "core/tablut/notation.hpp"
#include "core/tablut/table_index.hpp"

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

std::uint64_t Tablut::tier_size(const Tier& t) const {
  if (t.over) return 2;
  require_tabulated(t);
  return table_size(t);
}

std::uint64_t Tablut::rank(const Position& p) const {
  if (p.decided()) return p.has_king() ? 1 : 0;
  return table_rank(p);
}

bool Tablut::unrank(const Tier& t, std::uint64_t index, Position& out) const {
  if (!t.over) return table_unrank(t, index, out);
  // Representatives: the king captured (White to move), the king escaped to a1 (Black to move).
  out = Position{};
  if (index == 1) {
    out.king = static_cast<std::uint8_t>(sq('a', 1));
    out.turn = Color::Black;
  }
  return true;
}

bool Tablut::neighbours_distinct(const Position& p) const { return !p.decided() && tablut::neighbours_distinct(p); }

int Tablut::orbit_size(const Position& p) const { return p.decided() ? 1 : tablut::orbit_size(p); }

std::vector<Tablut::Tier> Tablut::solve_roots(const std::string& material) const {
  if (material.empty())
    throw InputError("tablut tables are built by material: --material K2W3B (king, 2 white pawns, 3 black pawns) "
                     "or --material all4");
  return parse_material_selection(material);
}

}  // namespace zz::tablut
