#pragma once
// Chess as a zz::Game: FIDE rules, FEN positions, UCI moves. A finished game (checkmate,
// stalemate, insufficient material, the 50-move rule) has no moves; perft ignores the draw
// rules and counts every legal move.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/chess/fen.hpp"
#include "core/chess/movegen.hpp"
#include "core/chess/perft.hpp"
#include "core/chess/position.hpp"
#include "core/chess/termination.hpp"
#include "core/chess/uci.hpp"
#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"

namespace zz::chess {

class Chess {
 public:
  using Position = chess::Position;
  using Move = chess::Move;

  Chess() = default;
  explicit Chess(RuleValues rules) : rules_(std::move(rules)) {}

  static std::string_view name() { return "chess"; }
  static std::span<const RuleOption> rule_options() { return {}; }
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.side_to_move() == White) == to_move ? "White" : "Black";
  }
  const RuleValues& rules() const { return rules_; }

  Position start() const { return parse_fen(kStartFen); }
  std::optional<Outcome> outcome(const Position& p) const { return chess::outcome(p); }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    if (drawn_by_rule(p)) return;
    for_each_legal_move(p, f);
  }
  Position play(const Position& p, Move m) const { return p.play(m); }
  std::optional<int> plies_left(const Position&) const { return std::nullopt; }

  // FEN or "startpos".
  Position parse(std::string_view text) const { return parse_fen(text); }
  std::string format(const Position& p) const { return format_fen(p); }
  // Throws InputError for malformed text, an illegal move, or a move after the game ended.
  Move parse_move(const Position& p, std::string_view text) const;
  std::string format_move(Move m) const { return format_uci(m); }

  std::uint64_t perft(const Position& p, int depth) const { return chess::perft(p, depth); }
  template <class F>
  void perft_divide(const Position& p, int depth, F&& f) const {
    chess::perft_divide(p, depth, f);
  }

 private:
  RuleValues rules_;
};

}  // namespace zz::chess
