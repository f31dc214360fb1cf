#pragma once
// Shared by the chess table tests: tables solved in memory on demand, board symmetries and
// colour flips applied to positions, and index sampling.
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/chess/game.hpp"
#include "core/common/symmetry.hpp"
#include "solver/retrograde.hpp"

namespace chess_tables {

using zz::chess::Chess;
using zz::chess::Material;
using zz::chess::Position;

inline Material material(const std::string& name) { return zz::chess::parse_material(name); }

// Tables solved in memory, each after the tables it depends on, kept for the whole run.
class Tables {
 public:
  explicit Tables(zz::SolveOptions options = {}) : options_(std::move(options)) {}

  const zz::TierTable& get(const Material& m) {
    const std::string name = zz::chess::material_name(m);
    if (auto it = tables_.find(name); it != tables_.end()) return it->second;
    const auto solved = dependencies(m);
    return tables_.emplace(name, zz::solve_tier(game_, m, std::span<const zz::SolvedTier<Material>>(solved), options_))
        .first->second;
  }
  const zz::TierTable& get(const std::string& name) { return get(material(name)); }

  std::vector<zz::SolvedTier<Material>> dependencies(const Material& m) {
    std::vector<zz::SolvedTier<Material>> solved;
    for (const Material& d : game_.tier_dependencies(m)) solved.push_back({d, &get(d)});
    return solved;
  }

  // The value of any position whose tables are here, as `query` answers it.
  zz::Outcome probe(const Position& p) {
    if (auto o = game_.outcome(p)) return *o;
    if (game_.transient(p)) {
      zz::Outcome best = zz::Outcome::loss(0);
      bool any = false;
      game_.for_each_move(p, [&](zz::chess::Move m) {
        const zz::Outcome o = zz::from_child(probe(game_.play(p, m)));
        if (!any || zz::better(o, best)) best = o;
        any = true;
      });
      return best;
    }
    return get(game_.tier_of(p)).outcome(game_.rank(p));
  }

  const Chess& game() const { return game_; }

 private:
  Chess game_;
  zz::SolveOptions options_;
  std::map<std::string, zz::TierTable> tables_;
};

// The tables every test case of one executable reads, each solved once: test_chess_tables_solve's
// cases and its distributed ones read the same KQvKR.
inline Tables& shared_tables() {
  static Tables tables;
  return tables;
}

// p with every square moved by a board symmetry.
inline Position transformed(const Position& p, zz::Symmetry s) {
  Position q;
  for (int sq = 0; sq < 64; ++sq) {
    const auto piece = p.piece_on(zz::chess::Square(sq));
    if (piece != zz::chess::NoPiece) q.put_piece(piece, zz::chess::Square(zz::transform_square(s, sq, 8)));
  }
  q.set_side_to_move(p.side_to_move());
  return q;
}

// p with the board turned top to bottom and the colours (and side to move) swapped.
inline Position colour_flipped(const Position& p) {
  Position q;
  for (int sq = 0; sq < 64; ++sq) {
    const auto piece = p.piece_on(zz::chess::Square(sq));
    if (piece != zz::chess::NoPiece)
      q.put_piece(zz::chess::make_piece(~zz::chess::color_of(piece), zz::chess::type_of(piece)),
                  zz::chess::Square(sq ^ 56));
  }
  q.set_side_to_move(~p.side_to_move());
  return q;
}

inline bool same_placement(const Position& a, const Position& b) {
  for (int sq = 0; sq < 64; ++sq)
    if (a.piece_on(zz::chess::Square(sq)) != b.piece_on(zz::chess::Square(sq))) return false;
  return a.side_to_move() == b.side_to_move();
}

// Up to n used indices of a tier, drawn at random (fixed seed) among all slots.
inline std::vector<std::uint64_t> sample_used(const Chess& g, const Material& t, std::size_t n,
                                              std::uint64_t seed = 1) {
  std::mt19937_64 rng(seed);
  const std::uint64_t size = g.tier_size(t);
  std::vector<std::uint64_t> out;
  Position p;
  for (std::size_t tries = 0; out.size() < n && tries < 100 * n; ++tries) {
    const std::uint64_t i = rng() % size;
    if (g.unrank(t, i, p)) out.push_back(i);
  }
  return out;
}

}  // namespace chess_tables
