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

#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"
#include "core/tablut/movegen.hpp"
#include "core/tablut/play.hpp"
#include "core/tablut/position.hpp"
#include "core/tablut/repetition.hpp"

namespace zz::tablut {

class Tablut {
 public:
  using Position = tablut::Position;
  using Move = tablut::Move;

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

  Position play(const Position& p, Move m) const { return tablut::play(p, m); }

  std::optional<int> plies_left(const Position&) const { return std::nullopt; }

  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  // Throws InputError when the text is malformed or the move is illegal in p, saying why.
  Move parse_move(const Position& p, std::string_view text) const;
  std::string format_move(Move m) const;

  // Whole games: records the position a move reached; true when it repeats an earlier one,
  // which draws the game (unless the move decided it).
  using History = RepetitionHistory;
  bool drawn_by_repetition(History& history, const Position& p) const { return history.push(p); }

  // Legal move sequences of the given length; a decided game has no moves.
  std::uint64_t perft(const Position& p, int depth) const;

 private:
  RuleValues rules_;
};

}  // namespace zz::tablut
