#pragma once
// Material signatures: which pieces each side has besides its king, e.g. KQvKR. A table
// covers one signature in its canonical orientation, where White holds the stronger half
// (larger piece value, ties broken by piece counts from the queen down); the colour-flipped
// twin (KRvKQ) is answered by the same table through a flipped position.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.hpp"

namespace zz::chess {

// Tables hold at most this many pieces, kings included: a five-piece table already has
// hundreds of millions of entries.
inline constexpr int kMaxTablePieces = 5;

struct Material {
  // count[colour][type] for Pawn..Queen.
  std::array<std::array<std::uint8_t, 5>, 2> count{};

  int pieces(Color c) const;
  int pieces() const { return pieces(White) + pieces(Black) + 2; }  // kings included
  bool has_pawns() const { return count[White][Pawn] + count[Black][Pawn] > 0; }
  // Ten bytes compared as two words: tables are looked up by material for every child a
  // probe or a solve reads, and the member-wise comparison became a call to memcmp.
  friend bool operator==(const Material& a, const Material& b) {
    static_assert(sizeof(Material) == 10);
    std::uint64_t a8, b8;
    std::uint16_t a2, b2;
    std::memcpy(&a8, &a, 8), std::memcpy(&b8, &b, 8);
    std::memcpy(&a2, reinterpret_cast<const char*>(&a) + 8, 2), std::memcpy(&b2, reinterpret_cast<const char*>(&b) + 8, 2);
    return a8 == b8 && a2 == b2;
  }
};

Material material_of(const Position& p);
// The counts packed four bits each: equal keys, equal material. Cheap enough for every
// child the solver looks at.
inline std::uint64_t material_key(const Position& p) {
  std::uint64_t key = 0;
  for (int c = 0; c < 2; ++c)
    for (int t = Pawn; t <= Queen; ++t)
      key |= static_cast<std::uint64_t>(std::popcount(p.pieces(Color(c), PieceType(t)))) << (4 * (c * 5 + t));
  return key;
}
Material flipped(const Material& m);
// True when Black's half is the stronger one, so the canonical form swaps the colours.
bool black_stronger(const Material& m);
inline Material canonical(const Material& m) { return black_stronger(m) ? flipped(m) : m; }

// "KQvKR": White's pieces from the queen down, 'v', Black's.
std::string material_name(const Material& m);
// Pieces in any order ("KRQvK"), either colour stronger; returns the canonical form. Throws
// InputError with a one-line reason for anything else or for more than kMaxTablePieces.
Material parse_material(std::string_view text);

// The canonical signatures one capture, promotion, or capture with promotion away.
std::vector<Material> sub_materials(const Material& m);
// Every canonical signature with exactly `pieces` pieces, kings included.
std::vector<Material> all_materials(int pieces);

}  // namespace zz::chess
