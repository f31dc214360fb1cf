#include "core/tablut/table_index.hpp"

#include <array>

#include "core/tablut/table_index_parts.hpp"

namespace zz::tablut {
using namespace index_parts;

std::uint64_t table_size(const Material& m) { return 2 * layout(m.white, m.black).half; }

std::uint64_t table_rank(const Position& p) {
  const Layout& l = layout(p.white_pawn_count(), p.black_pawn_count());
  const int id = kT.king_class[p.king];
  const Placement pawns = smallest_turn({p.white, p.black}, kT.to_rep[p.king]);
  return (p.turn == Color::Black ? l.half : 0) + l.offset(id) + pawn_rank(pawns, id, l.black_size_of(id));
}

bool table_unrank_alone(const Material& m, std::uint64_t index, Position& out) {
  const Layout& l = layout(m.white, m.black);
  out = Position{};
  out.turn = index >= l.half ? Color::Black : Color::White;
  if (index >= l.half) index -= l.half;
  const int id = l.king_class(index);
  const std::uint64_t pawns = index - l.offset(id);
  const int king = kT.rep[id];
  const bool off_throne = king != kThrone;
  const std::uint64_t black_size = l.black_size_of(id);
  out.king = static_cast<std::uint8_t>(king);

  std::array<int, kMaxPawns> c{};
  unrank_subset(pawns / black_size, kWhiteSquares - off_throne, m.white, c.data());
  const int king_slot = kT.white_slot[king];
  // The white pawns and the king in black-square numbering (the throne skipped), increasing.
  std::array<int, kMaxPawns + 1> blockers{};
  int nblockers = 0;
  auto black_number = [](int sq) { return sq - (sq > kThrone); };
  bool king_listed = !off_throne;
  for (int i = 0; i < m.white; ++i) {
    const int slot = c[i] + (off_throne && c[i] >= king_slot);
    const int sq = kT.white_square[slot];
    if (!king_listed && king < sq) {
      blockers[nblockers++] = black_number(king);
      king_listed = true;
    }
    blockers[nblockers++] = black_number(sq);
    out.white |= bit(sq);
  }
  if (!king_listed) blockers[nblockers++] = black_number(king);

  unrank_subset(pawns % black_size, kBlackSquares - nblockers, m.black, c.data());
  for (int i = 0; i < m.black; ++i) {
    int d = c[i];
    for (int j = 0; j < nblockers; ++j) d += blockers[j] <= d;
    out.black |= bit(d + (d >= kThrone));
  }

  // A king on a line of symmetry: only the smallest of the equivalent pawn ranks is used.
  return smallest_already({out.white, out.black}, kT.to_rep[king]);
}

bool neighbours_distinct(const Position& p) {
  // A board and its turned image hold as many pieces, so they differ on two squares for each
  // piece whose image is not a piece of its kind: counted piece by piece, a symmetry is left
  // at the third such piece (more than four squares) without turning whole boards. The
  // solver asks this of every slot it initializes.
  for (int s = 1; s < kSymmetryCount; ++s) {
    const auto& map = kT.map[s];
    int moved = map[p.king] == p.king ? 0 : 1;  // pieces whose image is elsewhere
    for (Bitboard b = p.white; b && moved <= 2;) moved += !has(p.white, map[pop_lsb(b)]);
    for (Bitboard b = p.black; b && moved <= 2;) moved += !has(p.black, map[pop_lsb(b)]);
    if (moved <= 2) return false;
  }
  return true;
}

int orbit_size(const Position& p) {
  int fixed = 0;
  for (int s = 0; s < kSymmetryCount; ++s) {
    const auto& map = kT.map[s];
    fixed += map[p.king] == p.king && turned(map, p.white) == p.white && turned(map, p.black) == p.black;
  }
  return kSymmetryCount / fixed;
}

}  // namespace zz::tablut
