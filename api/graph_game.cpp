#include "api/graph_game.hpp"

#include "core/common/error.hpp"
#include "solver/retrograde.hpp"

namespace zz::api {

GraphGame::GraphGame(std::string name, std::array<std::string, 2> players, std::shared_ptr<const StateGraph> graph,
                     std::shared_ptr<const GraphNotation> notation)
    : name_(std::move(name)), players_(std::move(players)), graph_(std::move(graph)), notation_(std::move(notation)),
      table_rules_{{"graph", graph_->digest()}} {}

GraphGame::Move GraphGame::parse_move(Position p, std::string_view text) const {
  const auto kids = graph_->children(p);
  for (std::uint32_t slot = 0; slot < kids.size(); ++slot)
    if (notation_->move_text(p, slot) == text) return graph_->edge(p, slot);
  throw InputError("'" + std::string(text) + "' is not a move of " + format(p));
}

std::string GraphGame::remoteness_overflow() const {
  return name_ + " has a forced win or loss longer than " + std::to_string(retro_detail::kLastLevel) +
         " plies, more than a table holds (" + std::to_string(graph_->size()) +
         " states): shorten the game, or count the plies in the state and end it";
}

// The page clicks a move by its text alone: a run-time game's moves have no squares.
MoveView GraphGame::view_move(Position, Move m) const {
  MoveView v;
  v.move = format_move(m);
  return v;
}

}  // namespace zz::api
