#pragma once
// Tablut endgame tables are cut into tiers by material: the king plus w white pawns plus b
// black pawns, named "K<w>W<b>B" ("K2W3B": king, 2 white pawns, 3 black pawns; "K0W1B": the
// king alone against one black pawn). A capture moves the game to a tier with fewer pawns.
// Finished games (king captured, or king on an escape square) form one more tier, "over",
// of two states that are both lost for the side to move; every material tier depends on it,
// so a move that ends the game is an ordinary lookup for the solver.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/tablut/position.hpp"

namespace zz::tablut {

// More pawns than this besides the king have no table: 6 pieces already need about 10^11
// index slots, past any machine this project runs on.
inline constexpr int kMaxTablePieces = 6;
inline constexpr int kMaxWhitePawns = 8;
inline constexpr int kMaxBlackPawns = 16;

struct Material {
  int white = 0;  // white pawns besides the king
  int black = 0;  // black pawns
  bool over = false;  // the tier of finished games; white and black are then 0

  static constexpr Material finished() { return {0, 0, true}; }
  constexpr int pawns() const { return white + black; }
  friend constexpr bool operator==(const Material&, const Material&) = default;
};

// The tier of a position: "over" once the king is captured or has escaped.
constexpr Material material_of(const Position& p) {
  if (p.decided()) return Material::finished();
  return {p.white_pawn_count(), p.black_pawn_count(), false};
}

std::string material_name(const Material& m);

// Whether a table exists for m (at most kMaxTablePieces pawns besides the king).
constexpr bool tabulated(const Material& m) { return m.over || m.pawns() <= kMaxTablePieces; }

// Throws InputError, in one line, when m has no table.
void require_tabulated(const Material& m);

// "K2W3B" (letters in either case) for one table, or "allN" for every table with at most N
// pawns besides the king. Throws InputError saying what is wrong.
std::vector<Material> parse_material_selection(std::string_view text);

// Tiers a move can lead to: a white move captures up to three black pawns (the square the
// mover came from is empty), a black move up to three white pawns, and any move may end the
// game.
std::vector<Material> material_dependencies(const Material& m);

}  // namespace zz::tablut
