#pragma once
// zugzwang.Game(obj): a game written in Python (docs/python-games.md) opened as a session
// of the results layer (api/graph_session.hpp), after its states are enumerated.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <filesystem>
#include <memory>

#include "api/session.hpp"
#include "python/py_notation.hpp"

namespace zz::python {

struct PythonGame {
  std::unique_ptr<api::Session> session;
  std::shared_ptr<const PyNotation> notation;
  std::uint64_t states = 0, moves = 0;
  double enumeration_seconds = 0;
};

// memory: bytes the enumerated graph may take (0: no limit).
PythonGame open_python_game(const py::object& game, const std::filesystem::path& data_dir, std::uint64_t memory,
                            api::SessionOptions options = {});

}  // namespace zz::python
