#pragma once
// The table a Tablut position may be in, for exact probes at the nodes of a search
// (solver/search/table_probe.hpp): one slot per material with at most kMaxTablePieces pawns
// besides the king; -1 for larger material and for finished games.
#include "core/tablut/game.hpp"

namespace zz::tablut::engine {

struct TableSlot {
  int operator()(const Position& p) const {
    if (p.decided()) return -1;
    const int w = p.white_pawn_count(), b = p.black_pawn_count();
    return w + b <= kMaxTablePieces ? w * (kMaxBlackPawns + 1) + b : -1;
  }
  static constexpr int kSlots = (kMaxWhitePawns + 1) * (kMaxBlackPawns + 1);
};

}  // namespace zz::tablut::engine
