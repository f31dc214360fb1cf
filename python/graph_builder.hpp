#pragma once
// Enumerates a game written in Python (docs/python-games.md) into its state graph
// (api/state_graph.hpp): every state reachable from start(), breadth first, each state's
// outcome() and moves() called once. This is the only part of a Python game's solve that
// holds the GIL; the solver then runs on the graph without it.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>

#include "api/state_graph.hpp"
#include "python/state_table.hpp"

namespace zz::python {

namespace py = pybind11;

struct EnumeratedStates {
  std::shared_ptr<api::StateGraph> graph;
  py::list states;  // by id: each state as start() or moves() gave it (a canonical one under symmetries)
  // state -> id, for every state seen (symmetric ones too); it borrows `states`' objects, so
  // it goes first, with the GIL held.
  std::shared_ptr<StateTable> ids;
  double seconds = 0;
};

// A one-line description of a state for error messages: its repr, cut short.
std::string describe_state(const py::handle& state);

// Throws InputError naming the state and the callback for anything the game's object gets
// wrong, InputError when the graph would pass `memory` bytes (0: no limit), and
// py::error_already_set (KeyboardInterrupt) on Ctrl-C.
EnumeratedStates enumerate_states(const py::object& game, std::uint64_t memory);

}  // namespace zz::python
