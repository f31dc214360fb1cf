#pragma once
// Tablut under the Ashton rules as the reference server plays them, behind the Game contract.
// The repetition draw needs the game's history, which is not part of a Position: callers that
// play whole games keep a RepetitionHistory (repetition.hpp); solvers treat cycles as draws.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/hash.hpp"
#include "core/common/board_view.hpp"
#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"
#include "core/tablut/evaluation.hpp"
#include "core/tablut/material.hpp"
#include "core/tablut/movegen.hpp"
#include "core/tablut/play.hpp"
#include "core/tablut/position.hpp"
#include "core/tablut/repetition.hpp"
#include "core/tablut/tier_ranker.hpp"
#include "core/tablut/unmove.hpp"

namespace zz::tablut {

class Tablut {
 public:
  using Position = tablut::Position;
  using Move = tablut::Move;
  using Tier = tablut::Material;

  Tablut() = default;
  // The rules have no options; the map is kept so that every result can name it.
  explicit Tablut(RuleValues rules) : rules_(std::move(rules)) {}

  static std::string_view name() { return "tablut"; }
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.turn == Color::White) == to_move ? "White" : "Black";
  }
  static std::span<const RuleOption> rule_options() { return {}; }
  const RuleValues& rules() const { return rules_; }

  Position start() const;

  // Valued for the side to move: the king on an escape square (Black to move), the king
  // captured (White to move) and having no legal move are all losses.
  std::optional<Outcome> outcome(const Position& p) const {
    if (p.decided() || !has_legal_move(p)) return Outcome::loss(0);
    return std::nullopt;
  }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    tablut::for_each_move(p, f);
  }

  // The same moves, those stays_in_tier promises stay counted in bulk (movegen.hpp).
  template <class Quiet, class F>
  void for_each_move_counting_quiet(const Position& p, Quiet&& quiet, F&& f) const {
    tablut::for_each_move_counting_quiet(p, quiet, f);
  }

  Position play(const Position& p, Move m) const { return tablut::play(p, m); }

  std::optional<int> plies_left(const Position&) const { return std::nullopt; }
  // The same board with the other side to move, when that is a position of the game (for
  // the mutual-zugzwang flag of a query); nullopt otherwise.
  std::optional<Position> other_side_to_move(const Position& p) const {
    if (p.decided()) return std::nullopt;
    Position q = p;
    q.turn = opponent(p.turn);
    return q;
  }

  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  // Throws InputError when the text is malformed or the move is illegal in p, saying why.
  Move parse_move(const Position& p, std::string_view text) const;
  std::string format_move(Move m) const;
  // The position and a move as data a page draws without the notation (view.cpp).
  BoardView view(const Position& p) const;
  MoveView view_move(const Position& p, Move m) const;

  // The best-move search's heuristic score for the side to move (evaluation.hpp).
  int evaluate(const Position& p) const { return tablut::evaluate(p); }

  // A hash of everything that decides the future, for transposition tables.
  std::uint64_t hash(const Position& p) const {
    std::uint64_t h = hash_combine(static_cast<std::uint64_t>(p.white), static_cast<std::uint64_t>(p.white >> 64));
    h = hash_combine(h, static_cast<std::uint64_t>(p.black));
    h = hash_combine(h, static_cast<std::uint64_t>(p.black >> 64));
    return hash_combine(h, std::uint64_t{p.king} << 1 | static_cast<std::uint64_t>(p.turn));
  }

  // Whole games: records the position a move reached; true when it repeats an earlier one,
  // which draws the game (unless the move decided it).
  using History = RepetitionHistory;
  bool drawn_by_repetition(History& history, const Position& p) const { return history.push(p); }

  // Legal move sequences of the given length; a decided game has no moves.
  std::uint64_t perft(const Position& p, int depth) const;

  // Endgame tables by material (material.hpp, table_index.hpp, unmove.hpp). A repetition
  // cycle is a draw, which is what the solver makes of positions it never decides.
  Tier tier_of(const Position& p) const { return material_of(p); }
  std::string tier_name(const Tier& t) const { return material_name(t); }
  // Throws InputError for material with no table.
  std::uint64_t tier_size(const Tier& t) const;
  std::vector<Tier> tier_dependencies(const Tier& t) const { return material_dependencies(t); }
  // In tier "over": 0 for a captured king, 1 for an escaped one.
  std::uint64_t rank(const Position& p) const;
  bool unrank(const Tier& t, std::uint64_t index, Position& out) const;
  // The index is turn major (table_index.hpp: White to move in the first half, Black in the
  // second) and every move passes the turn, so a compressed table may store one half.
  std::uint64_t side_split(const Tier& t) const { return tier_size(t) / 2; }
  RuleValues table_rules() const { return rules_; }
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    tablut::for_each_unmove(p, f);
  }
  // Exactly the moves that capture nothing and do not take the king to an escape: their
  // children are in p's tier, and the solver counts or ranks them without playing them. A
  // move that ends next to an enemy is tested for a capture on the board it makes (most
  // capture nothing: they need an anvil beyond), not played, ranked and looked up by tier.
  bool stays_in_tier(const Position& p, const Move& m) const {
    return !(m.from == p.king && has(kEscapes, m.to)) && !captures(p, m);
  }
  // The solver's kernels for tier t (tier_ranker.hpp): its positions ranked, a slot's
  // predecessors listed from its index, moves' children indexed without playing quiet moves.
  TierRanker tier_ranker(const Tier& t) const { return TierRanker(t); }
  // Lets the solver count p's in-tier children without ranking them (table_index.hpp).
  bool neighbours_distinct(const Position& p) const;
  // The positions an index entry stands for (1 in tier "over").
  int orbit_size(const Position& p) const;
  // --material K2W3B or allN.
  std::vector<Tier> solve_roots(const std::string& material) const;

 private:
  RuleValues rules_;
};

}  // namespace zz::tablut
