#pragma once
// The notation and board of a game written in Python (api/graph_game.hpp GraphNotation),
// from its optional format(state), parse(text) and view(state), with defaults: a state is
// written as its repr and read back with ast.literal_eval. A move's text is asked of
// moves(state) again when shown (the graph keeps no texts: a researcher's tables may hold
// hundreds of millions of moves), the last state's texts cached.
#include <pybind11/pybind11.h>

#include <array>
#include <mutex>
#include <string>
#include <vector>

#include "api/graph_game.hpp"
#include "python/graph_builder.hpp"

namespace zz::python {

class PyNotation final : public api::GraphNotation {
 public:
  PyNotation(const py::object& game, const EnumeratedStates& states, std::array<std::string, 2> players);
  ~PyNotation() override;

  std::string format(api::StateId s) const override;
  api::StateId parse(std::string_view text) const override;
  std::string move_text(api::StateId s, std::uint32_t slot) const override;
  BoardView view(api::StateId s) const override;

  // The id of a state as the game's callbacks give it (InputError if it is not reachable).
  api::StateId id_of(const py::handle& state) const;

 private:
  api::StateId id_by_text(const std::string& text) const;
  // Called with the GIL held; returns holding both.
  std::unique_lock<std::mutex> lock_without_gil() const;

  py::object game_, moves_, format_, parse_, view_, symmetries_;
  py::list states_;
  std::shared_ptr<const StateTable> ids_;
  std::shared_ptr<const api::StateGraph> graph_;
  std::array<std::string, 2> players_;
  std::string name_;
  mutable std::mutex mutex_;
  // A format() without parse(): every state's text, made on the first parse.
  mutable py::dict by_text_;
  mutable api::StateId cached_state_ = ~api::StateId{0};
  mutable std::vector<std::string> cached_moves_;
};

}  // namespace zz::python
