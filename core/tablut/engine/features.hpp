#pragma once
// The evaluation's terms, counted from White's point of view: the evaluation is the sum of
// weight x count over these features (weights.hpp), negated for Black to move. The weights
// are not guessed: tools/tuning fits them to the results of self-play games (logistic
// regression of the result on the features), so every term here is something the fit can
// measure. Terms whose meaning depends on who moves next (a fork the king can make, a pawn
// that can be taken) come in two versions, one per side to move.
#include <array>
#include <cstdint>
#include <string_view>

#include "core/common/symmetry.hpp"
#include "core/tablut/engine/roads.hpp"
#include "core/tablut/engine/tactics.hpp"
#include "core/tablut/movegen.hpp"
#include "core/tablut/symmetry.hpp"

namespace zz::tablut::engine {

// Squares fall into 15 classes under the 8 symmetries of the board (a1 b1 c1 d1 e1 b2 c2 d2
// e2 c3 d3 e3 d4 e4 e5); piece-square terms have one weight per class.
inline constexpr int kSquareClasses = 15;
inline constexpr std::array<std::uint8_t, kSquares> kSquareClass = [] {
  std::array<int, kSquares> rep{};
  for (int s = 0; s < kSquares; ++s) {
    rep[s] = s;
    for (int t = 0; t < kSymmetryCount; ++t) rep[s] = std::min(rep[s], kSquareMaps.map[t][s]);
  }
  std::array<std::uint8_t, kSquares> cls{};
  for (int s = 0; s < kSquares; ++s) {
    int id = 0;
    for (int r = 0; r < rep[s]; ++r) id += rep[r] == r;  // representatives below this one
    cls[s] = static_cast<std::uint8_t>(id);
  }
  return cls;
}();

enum Feature : int {
  kWhitePawns,
  kBlackPawns,
  kTempo,               // +1 White to move, -1 Black to move
  kKingMobility,        // squares the king reaches
  kKingThreatsWtm,      // king moves that open a road, White to move
  kKingThreatsBtm,      // the same with Black to move
  kKingForksBtm,        // king moves that open two roads, Black to move (White to move: searched)
  kBlackBesideKing,     // black pawns next to the king
  kHostileBesideKing,   // camp squares and the empty throne next to the king (they act as black pawns)
  kKingDangerWtm,       // Black threatens to capture the king, White to move
  kHangingWhiteWtm,     // white pawns Black could take next move, White to move
  kHangingWhiteBtm,
  kHangingBlackWtm,     // black pawns White could take next move, White to move
  kHangingBlackBtm,
  kWhiteMobility,       // legal moves of White, whoever is to move
  kBlackMobility,
  kOpenEdgeLines,       // rows 2, 3, 7, 8 and columns b, c, g, h with no black pawn
  kKingSquare,          // + class: 15 features
  kWhiteSquare = kKingSquare + kSquareClasses,
  kBlackSquare = kWhiteSquare + kSquareClasses,
  kFeatureCount = kBlackSquare + kSquareClasses,
};

inline constexpr std::array<std::string_view, 17> kScalarFeatureNames = {
    "white_pawns",          "black_pawns",        "tempo",
    "king_mobility",        "king_threats_wtm",   "king_threats_btm",
    "king_forks_btm",       "black_beside_king",  "hostile_beside_king",
    "king_danger_wtm",      "hanging_white_wtm",  "hanging_white_btm",
    "hanging_black_wtm",    "hanging_black_btm",  "white_mobility",
    "black_mobility",       "open_edge_lines"};
static_assert(kScalarFeatureNames.size() == kKingSquare);

// Legal moves of one side, whoever is to move.
inline int mobility(const Position& p, Color side) {
  Position q = p;
  q.turn = side;
  return count_moves(q);
}

// Calls add(feature, count) for every feature with a non-zero count. The position must be
// live (the king on the board, not escaped).
template <class Add>
void visit_features(const Position& p, Add&& add) {
  const bool wtm = p.turn == Color::White;
  add(kWhitePawns, p.white_pawn_count());
  add(kBlackPawns, p.black_pawn_count());
  add(kTempo, wtm ? 1 : -1);

  const KingPlans plans = king_plans(p);
  add(kKingMobility, plans.mobility);
  add(wtm ? kKingThreatsWtm : kKingThreatsBtm, plans.threats);
  if (!wtm) add(kKingForksBtm, plans.forks);

  const Bitboard around = neighbours(p.king);
  add(kBlackBesideKing, popcount(around & p.black));
  add(kHostileBesideKing, popcount(around & (kCamps | (p.king == kThrone ? 0 : bit(kThrone)))));
  if (wtm && king_danger(p).any()) add(kKingDangerWtm, 1);

  const Hanging hanging = hanging_pawns(p);
  add(wtm ? kHangingWhiteWtm : kHangingWhiteBtm, hanging.white);
  add(wtm ? kHangingBlackWtm : kHangingBlackBtm, hanging.black);

  add(kWhiteMobility, mobility(p, Color::White));
  add(kBlackMobility, mobility(p, Color::Black));

  int open_lines = 0;
  for (int line : {1, 2, 6, 7}) {
    open_lines += row_bits(p.black, line) == 0;
    open_lines += column_bits(p.black, line) == 0;
  }
  add(kOpenEdgeLines, open_lines);

  add(kKingSquare + kSquareClass[p.king], 1);
  for (Bitboard b = p.white; b;) add(kWhiteSquare + kSquareClass[pop_lsb(b)], 1);
  for (Bitboard b = p.black; b;) add(kBlackSquare + kSquareClass[pop_lsb(b)], 1);
}

}  // namespace zz::tablut::engine
