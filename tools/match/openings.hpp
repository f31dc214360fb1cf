#pragma once
// Opening positions for matches: the reference server always starts from the start position,
// but two engines that think alike would then play the same few games. A match plays the
// start position and positions a few random plies later (seeded, distinct up to the board's
// symmetries), each twice with the colours swapped, so an unbalanced opening favours nobody.
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "core/tablut/engine/proof_game.hpp"
#include "core/tablut/game.hpp"

namespace zz::match {

struct Opening {
  tablut::Position position;
  std::vector<tablut::Move> moves;  // from the start
};

// `count` openings: the start, then positions after `plies` random moves that neither capture
// nor end the game.
inline std::vector<Opening> make_openings(int count, int plies, std::uint64_t seed) {
  const tablut::Tablut game;
  std::vector<Opening> openings{{game.start(), {}}};
  std::set<std::uint64_t> seen{tablut::engine::symmetric_hash(game.start())};
  std::mt19937_64 rng(seed);
  for (int attempt = 0; static_cast<int>(openings.size()) < count && attempt < 100 * count; ++attempt) {
    Opening o{game.start(), {}};
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      std::vector<tablut::Move> quiet;
      game.for_each_move(o.position, [&](tablut::Move m) {
        const auto c = game.play(o.position, m);
        if (c.white_pawn_count() + c.black_pawn_count() ==
                o.position.white_pawn_count() + o.position.black_pawn_count() &&
            !c.decided())
          quiet.push_back(m);
      });
      if (quiet.empty()) ok = false;
      else {
        const auto m = quiet[rng() % quiet.size()];
        o.moves.push_back(m);
        o.position = game.play(o.position, m);
      }
    }
    if (ok && seen.insert(tablut::engine::symmetric_hash(o.position)).second) openings.push_back(o);
  }
  return openings;
}

}  // namespace zz::match
