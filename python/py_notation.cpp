#include "python/py_notation.hpp"

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/common/one_line.hpp"
#include "python/py_callback.hpp"

namespace zz::python {
namespace {



PieceView piece_from(const nlohmann::json& j) {
  return {j.value("kind", std::string()), j.value("owner", 0), j.value("label", std::string())};
}

// A board in the shape Game.board gives for the built-in games (its "board" dict); fields
// left out take their defaults.
BoardView board_from(const nlohmann::json& j, const std::array<std::string, 2>& players, int to_move) {
  BoardView b;
  b.files = j.value("files", 0);
  b.ranks = j.value("ranks", 0);
  for (const auto& s : j.value("squares", nlohmann::json::array())) {
    SquareView square;
    square.name = s.value("name", std::string());
    square.marks = s.value("marks", std::vector<std::string>());
    if (s.contains("piece") && !s["piece"].is_null()) square.piece = piece_from(s["piece"]);
    b.squares.push_back(std::move(square));
  }
  if (b.squares.size() != static_cast<std::size_t>(b.files) * static_cast<std::size_t>(b.ranks))
    throw InputError(std::to_string(b.squares.size()) + " squares for a board of " + std::to_string(b.files) + " files and " +
                     std::to_string(b.ranks) + " ranks");
  b.file_labels = j.value("file_labels", std::vector<std::string>());
  b.rank_labels = j.value("rank_labels", std::vector<std::string>());
  b.checkered = j.value("checkered", false);
  b.players = j.value("players", std::vector<std::string>(players.begin(), players.end()));
  b.to_move = j.value("to_move", to_move);
  for (const auto& hand : j.value("hands", nlohmann::json::array())) {
    std::vector<HandView> pieces;
    for (const auto& h : hand) pieces.push_back({piece_from(h), h.value("count", 1)});
    b.hands.push_back(std::move(pieces));
  }
  for (const auto& a : j.value("arrows", nlohmann::json::array()))
    b.arrows.push_back({a.value("from", std::string()), a.value("to", std::string()), a.value("owner", 0),
                        a.value("mark", std::string())});
  for (const auto& l : j.value("lines", nlohmann::json::array()))
    b.lines.push_back({l.value("from", std::string()), l.value("to", std::string())});
  for (const auto& l : j.value("legend", nlohmann::json::array()))
    b.legend.emplace_back(l.value("mark", std::string()), l.value("text", std::string()));
  return b;
}

}  // namespace

PyNotation::PyNotation(const py::object& game, const EnumeratedStates& states, std::array<std::string, 2> players)
    : game_(game), moves_(game.attr("moves")), format_(optional_callback(game, "format")),
      parse_(optional_callback(game, "parse")), view_(optional_callback(game, "view")),
      symmetries_(optional_callback(game, "symmetries")), states_(states.states), ids_(states.ids),
      graph_(states.graph), players_(std::move(players)) {}

PyNotation::~PyNotation() {
  // The objects are released here, with the GIL (the last owner may be a thread without it:
  // the command line, the server), and the members are left empty for their destructors.
  py::gil_scoped_acquire gil;
  ids_.reset();  // before the states it borrows
  for (py::object* o : {&game_, &moves_, &format_, &parse_, &view_, &symmetries_}) o->release().dec_ref();
  states_.release().dec_ref();
  by_text_.release().dec_ref();
}

std::string PyNotation::format(api::StateId s) const {
  py::gil_scoped_acquire gil;
  const py::handle state = states_[s];
  if (!format_) return py::repr(state);
  const py::object text = call_checked(format_, "format", state);
  if (!PyUnicode_Check(text.ptr()))
    throw InputError("format(" + describe_state(state) + ") returned " + describe_state(text) + ", not a str");
  return text.cast<std::string>();
}

api::StateId PyNotation::id_of(const py::handle& state) const {
  const auto known = ids_->find(state.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw InputError("the state " + describe_state(state) + " is not hashable");
  }
  if (known) return *known;
  if (symmetries_) {
    for (const py::handle image : call_checked(symmetries_, "symmetries", state)) {
      const auto seen = ids_->find(image.ptr());
      PyErr_Clear();
      if (seen) return *seen;
    }
  }
  throw InputError("the state " + describe_state(state) + " is not reachable from the start");
}

api::StateId PyNotation::parse(std::string_view text) const {
  py::gil_scoped_acquire gil;
  const py::str written{std::string(text)};
  if (parse_) return id_of(call_checked(parse_, "parse", written));
  if (!format_) {
    py::object state;
    try {
      state = py::module_::import("ast").attr("literal_eval")(written);
    } catch (py::error_already_set&) {
      throw InputError("'" + std::string(text) + "' is not a state (a state is written as its repr)");
    }
    return id_of(state);
  }
  return id_by_text(std::string(text));
}

// The notation's mutex is taken without the GIL: a thread holding the mutex may give the GIL
// up in the middle of a callback (Python switches threads), and must get it back.
std::unique_lock<std::mutex> PyNotation::lock_without_gil() const {
  std::unique_lock lock(mutex_, std::defer_lock);
  py::gil_scoped_release released;
  lock.lock();
  return lock;
}

api::StateId PyNotation::id_by_text(const std::string& text) const {
  const auto lock = lock_without_gil();
  if (by_text_.empty())
    for (api::StateId s = 0; s < graph_->size(); ++s) by_text_[py::str(format(s))] = s;
  const py::str key(text);
  if (!by_text_.contains(key)) throw InputError("'" + text + "' is not the format() of a state reachable from the start");
  return by_text_[key].cast<api::StateId>();
}

std::string PyNotation::move_text(api::StateId s, std::uint32_t slot) const {
  py::gil_scoped_acquire gil;
  const auto lock = lock_without_gil();
  if (cached_state_ != s) {
    const py::handle state = states_[s];
    cached_moves_.clear();
    cached_state_ = ~api::StateId{0};
    for (const py::handle item : call_checked(moves_, "moves", state))
      cached_moves_.push_back(py::str(item[py::int_(0)]).cast<std::string>());
    if (cached_moves_.size() != graph_->children(s).size())
      throw InputError("moves(" + describe_state(state) + ") gave " + std::to_string(cached_moves_.size()) +
                       " moves now and " + std::to_string(graph_->children(s).size()) +
                       " when the states were listed: moves() must give the same moves each time");
    cached_state_ = s;
  }
  return cached_moves_[slot];
}

BoardView PyNotation::view(api::StateId s) const {
  py::gil_scoped_acquire gil;
  const int to_move = graph_->side(s);
  if (!view_) {
    BoardView b;
    b.players.assign(players_.begin(), players_.end());
    b.to_move = to_move;
    return b;
  }
  const py::handle state = states_[s];
  const py::object drawn = call_checked(view_, "view", state);
  try {
    const std::string text = py::module_::import("json").attr("dumps")(drawn).cast<std::string>();
    return board_from(nlohmann::json::parse(text), players_, to_move);
  } catch (py::error_already_set& e) {
    throw InputError("view(" + describe_state(state) + ") gave a board json cannot write (" + one_line(e.what()) +
                     "): view returns a dict shaped as Game.board's");
  } catch (const nlohmann::json::exception& e) {
    throw InputError("view(" + describe_state(state) + ") gave a board of the wrong shape: " + e.what());
  } catch (const InputError& e) {
    throw InputError("view(" + describe_state(state) + ") gave " + e.what());
  }
}

}  // namespace zz::python
