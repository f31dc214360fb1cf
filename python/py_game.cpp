#include "python/py_game.hpp"

#include "api/graph_session.hpp"
#include "core/common/error.hpp"

namespace zz::python {
namespace {

std::string attribute_text(const py::object& game, const char* name, std::string fallback) {
  if (!py::hasattr(game, name)) return fallback;
  const py::object value = game.attr(name);
  if (!PyUnicode_Check(value.ptr())) throw InputError(std::string("the game's ") + name + " must be a str");
  return value.cast<std::string>();
}

// The game's name: its `name`, else its class's, lower case ("TicTacToe" -> "tictactoe").
std::string game_name(const py::object& game) {
  std::string fallback = py::str(py::type::of(game).attr("__name__"));
  for (char& c : fallback) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string name = attribute_text(game, "name", fallback);
  if (name.empty() || name.find_first_of("/\\") != std::string::npos || name == "." || name == "..")
    throw InputError("the game's name '" + name + "' cannot name a folder of tables");
  return name;
}

std::array<std::string, 2> player_names(const py::object& game) {
  if (!py::hasattr(game, "players")) return {"first", "second"};
  const py::object players = game.attr("players");
  if (PyUnicode_Check(players.ptr()) || py::len(players) != 2)
    throw InputError("the game's players must be two names, the first player's then the second's");
  return {py::str(players[py::int_(0)]).cast<std::string>(), py::str(players[py::int_(1)]).cast<std::string>()};
}

}  // namespace

PythonGame open_python_game(const py::object& game, const std::filesystem::path& data_dir, std::uint64_t memory,
                            api::SessionOptions options) {
  const std::string name = game_name(game);
  const auto players = player_names(game);
  const std::string summary = attribute_text(game, "summary", "defined in Python");
  EnumeratedStates states = enumerate_states(game, memory);
  PythonGame r;
  r.states = states.graph->size();
  r.moves = states.graph->edges();
  r.enumeration_seconds = states.seconds;
  auto notation = std::make_shared<const PyNotation>(game, states, players);
  r.notation = notation;
  r.session = api::open_graph_session(api::GraphGame(name, players, states.graph, notation), summary, data_dir,
                                          std::move(options));
  return r;
}

}  // namespace zz::python
