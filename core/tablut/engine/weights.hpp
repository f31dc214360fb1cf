#pragma once
// The evaluation's weights, one per feature of features.hpp, in the evaluation's units
// (a white pawn is worth about 100). Set by hand; `tablut_tune fit` (tools/tuning) fits them
// to self-play results, but the fitted set of tools/tuning/README.md lost its match against
// these (docs/engine.md), so these stay until a fit wins one.
#include <array>

#include "core/tablut/engine/features.hpp"

namespace zz::tablut::engine {

inline constexpr std::array<int, kFeatureCount> kWeights = {
    // white_pawns, black_pawns, tempo, king_mobility, king_threats_wtm, king_threats_btm
    90, -60, 15, 3, 30, 50,
    // king_forks_btm, black_beside_king, hostile_beside_king, king_danger_wtm
    250, -50, -25, -120,
    // hanging_white_wtm, hanging_white_btm, hanging_black_wtm, hanging_black_btm
    -10, -50, 40, 10,
    // white_mobility, black_mobility, open_edge_lines
    2, -2, 15,
    // king on a1 b1 c1 d1 e1 b2 c2 d2 e2 c3 d3 e3 d4 e4 e5
    0, 0, 0, 0, 0, 40, 35, 20, 0, 25, 15, 5, 0, -5, -10,
    // white pawn on the same classes
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // black pawn on the same classes
    0, 0, 0, 0, 0, -5, -10, 0, 0, 0, 0, 0, 0, 0, 0,
};

}  // namespace zz::tablut::engine
