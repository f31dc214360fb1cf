#pragma once
// GraphGame: a game defined at run time (by a researcher's Python object) as a Game of the
// solver's contract (solver/game.hpp) over its explicit state graph (api/state_graph.hpp).
// A position is a state id, one tier ("all") holds every state with rank = id, a move is
// an edge of the graph, and un-moves follow the stored parents, so the retrograde solver,
// the table store and every part of the session work on it as on a built-in game. What
// only the game's author can say (a state's text, a move's text, the board) is asked of
// its GraphNotation.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "api/state_graph.hpp"
#include "core/common/board_view.hpp"
#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"

namespace zz::api {

// The author's side of a run-time game: notation and board of its states. Implemented by
// the face that enumerated the graph (python/py_notation.cpp); throws InputError.
class GraphNotation {
 public:
  virtual ~GraphNotation() = default;
  virtual std::string format(StateId s) const = 0;
  // The id of the reachable state `text` names (InputError if it names none).
  virtual StateId parse(std::string_view text) const = 0;
  // The text of s's move number `slot`, in the order its moves were listed.
  virtual std::string move_text(StateId s, std::uint32_t slot) const = 0;
  virtual BoardView view(StateId s) const = 0;
};

class GraphGame {
 public:
  using Position = StateId;
  using Move = std::uint64_t;  // an edge of the graph
  using Tier = int;            // one tier, 0

  // players: the first player's name, then the second's.
  GraphGame(std::string name, std::array<std::string, 2> players, std::shared_ptr<const StateGraph> graph,
            std::shared_ptr<const GraphNotation> notation);

  std::string_view name() const { return name_; }
  std::span<const RuleOption> rule_options() const { return {}; }
  const RuleValues& rules() const { return rules_; }
  // The digest of the graph: a table solved from another definition is refused by name.
  RuleValues table_rules() const { return table_rules_; }
  // One folder whatever the definition (table_rules does the refusing).
  std::string table_folder() const { return "default"; }
  const StateGraph& graph() const { return *graph_; }
  // Why its solve stopped when a win took more plies than a table code holds.
  std::string remoteness_overflow() const;

  Position start() const { return 0; }
  std::optional<Outcome> outcome(Position p) const { return graph_->outcome(p); }
  std::optional<int> plies_left(Position) const { return std::nullopt; }
  std::string_view player_name(Position p, bool to_move) const {
    return players_[static_cast<std::size_t>(graph_->side(p) ^ (to_move ? 0 : 1))];
  }

  template <class F>
  void for_each_move(Position p, F&& f) const {
    const auto kids = graph_->children(p);
    for (std::uint32_t slot = 0; slot < kids.size(); ++slot) f(graph_->edge(p, slot));
  }
  Position play(Position, Move m) const { return graph_->edge_target(m); }

  Position parse(std::string_view text) const { return notation_->parse(text); }
  std::string format(Position p) const { return notation_->format(p); }
  Move parse_move(Position p, std::string_view text) const;
  std::string format_move(Move m) const { return notation_->move_text(graph_->edge_source(m), graph_->edge_slot(m)); }
  BoardView view(Position p) const { return notation_->view(p); }
  MoveView view_move(Position, Move m) const;

  Tier tier_of(Position) const { return 0; }
  std::string tier_name(Tier) const { return "all"; }
  std::uint64_t tier_size(Tier) const { return graph_->size(); }
  std::span<const Tier> tier_dependencies(Tier) const { return {}; }
  std::uint64_t rank(Position p) const { return p; }
  bool unrank(Tier, std::uint64_t index, Position& out) const {
    out = static_cast<Position>(index);
    return true;
  }
  template <class F>
  void for_each_unmove(Position p, F&& f) const {
    for (StateId q : graph_->parents(p)) f(q);
  }

 private:
  std::string name_;
  std::array<std::string, 2> players_;
  std::shared_ptr<const StateGraph> graph_;
  std::shared_ptr<const GraphNotation> notation_;
  RuleValues rules_;
  RuleValues table_rules_;
};

}  // namespace zz::api
