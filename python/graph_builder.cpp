#include "python/graph_builder.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/common/one_line.hpp"
#include "python/py_callback.hpp"

namespace zz::python {
namespace {

constexpr std::uint32_t kCheckEvery = 4096;  // states between checks for Ctrl-C and memory
// What a state costs beyond the graph, its own object and its slots in the table: its slot
// in the list of states.
constexpr std::uint64_t kBytesPerStateEntry = sizeof(PyObject*);

// The value a finished state's outcome() gave, or nullopt while the game goes on.
std::optional<Value> outcome_value(const py::handle& result, const py::handle& state, const char* callback) {
  if (result.is_none()) return std::nullopt;
  if (PyUnicode_Check(result.ptr())) {
    const std::string word = py::str(result);
    if (word == "win") return Value::Win;
    if (word == "loss") return Value::Loss;
    if (word == "draw") return Value::Draw;
  }
  throw InputError(std::string(callback) + "(" + describe_state(state) + ") returned " + describe_state(result) +
                   ", not None, \"win\", \"loss\" or \"draw\"");
}

// Rough size of one Python object (its own header and items, not what it refers to).
std::uint64_t object_bytes(PyObject* o) {
  const PyTypeObject* type = Py_TYPE(o);
  const Py_ssize_t items = type->tp_itemsize ? Py_SIZE(o) : 0;
  return static_cast<std::uint64_t>(type->tp_basicsize) +
         static_cast<std::uint64_t>(items < 0 ? -items : items) * static_cast<std::uint64_t>(type->tp_itemsize);
}

class Enumerator {
 public:
  Enumerator(const py::object& game, std::uint64_t memory) : game_(game), memory_(memory) {
    moves_ = required(game, "moves");
    outcome_ = required(game, "outcome");
    symmetries_ = optional_callback(game, "symmetries");
    no_moves_ = Value::Loss;  // normal play: a player who cannot move loses
    if (py::hasattr(game, "no_moves")) {
      const auto value = outcome_value(game.attr("no_moves"), game, "no_moves");
      if (!value) throw InputError("the game's no_moves must be \"win\", \"loss\" or \"draw\", not None");
      no_moves_ = *value;
    }
    out_.graph = std::make_shared<api::StateGraph>();
    out_.ids = std::make_shared<StateTable>();
  }

  EnumeratedStates run() {
    const auto started = std::chrono::steady_clock::now();
    const py::object start = call_checked(required(game_, "start"), "start", py::handle());
    intern(start, 0);
    std::vector<api::StateId> children;
    for (std::uint32_t id = 0; id < static_cast<std::uint32_t>(out_.states.size()); ++id) {
      if (id % kCheckEvery == 0) check_limits();
      const py::handle state = out_.states[id];
      const py::object verdict = call_checked(outcome_, "outcome", state);
      std::optional<Value> over = outcome_value(verdict, state, "outcome");
      children.clear();
      if (!over) {
        list_children(state, sides_[id] ^ 1, children);
        if (children.empty()) over = no_moves_;
      }
      out_.graph->add_state(children, over, sides_[id]);
    }
    check_limits();
    out_.graph->finish();
    out_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return std::move(out_);
  }

 private:
  static py::object required(const py::object& game, const char* name) {
    if (!py::hasattr(game, name))
      throw InputError("the game object has no " + std::string(name) + "() (a game needs start, moves and outcome)");
    return game.attr(name);
  }

  // Calls moves(state) and interns each child, whose side to move is `side`.
  void list_children(const py::handle& state, int side, std::vector<api::StateId>& children) {
    const py::object listed = call_checked(moves_, "moves", state);
    PyObject* iterator = PyObject_GetIter(listed.ptr());
    if (!iterator)
      throw InputError(callback_error("moves", state, " returned something that is not iterable"));
    const py::object keep = py::reinterpret_steal<py::object>(iterator);
    while (PyObject* raw = PyIter_Next(iterator)) {
      const py::object item = py::reinterpret_steal<py::object>(raw);
      const bool pair = (PyTuple_Check(raw) || PyList_Check(raw)) && PySequence_Size(raw) == 2;
      if (!pair)
        throw InputError("moves(" + describe_state(state) + ") gave " + describe_state(item) +
                         ", not a pair (move_text, next_state)");
      const py::object text = py::reinterpret_steal<py::object>(PySequence_GetItem(raw, 0));
      if (!PyUnicode_Check(text.ptr()))
        throw InputError("moves(" + describe_state(state) + ") gave the move text " + describe_state(text) +
                         ", not a str");
      const py::object next = py::reinterpret_steal<py::object>(PySequence_GetItem(raw, 1));
      children.push_back(intern(next, side, state));
    }
    if (PyErr_Occurred()) throw InputError(callback_error("moves", state, ""));
  }

  // The id of `state`, given out now if it is new (or the id of a symmetric state seen).
  api::StateId intern(const py::object& state, int side, const py::handle& parent = py::handle()) {
    const char* from = parent ? "moves" : "start";
    StateTable& ids = *out_.ids;
    if (const auto known = ids.find(state.ptr())) return *known;
    if (PyErr_Occurred()) {
      PyErr_Clear();
      throw InputError(std::string(from) + "(" + (parent ? describe_state(parent) : "") + ") gave the state " +
                       describe_state(state) + ", which is not hashable (use tuples, not lists)");
    }
    if (symmetries_) {
      const py::object images = call_checked(symmetries_, "symmetries", state);
      for (const py::handle image : iterate_checked(images, "symmetries", state)) {
        const auto seen = ids.find(image.ptr());
        if (PyErr_Occurred()) {
          PyErr_Clear();
          throw InputError("symmetries(" + describe_state(state) + ") gave the state " + describe_state(image) +
                           ", which is not hashable");
        }
        if (seen) {
          // Found by its image: the state itself is kept too, so that meeting it again
          // costs no call of symmetries().
          if (!ids.insert(state.ptr(), *seen, /*owned=*/true)) throw py::error_already_set();
          return *seen;
        }
      }
    }
    if (out_.states.size() >= 0xffffffffu) throw InputError("more than 4,294,967,295 reachable states");
    const auto id = static_cast<api::StateId>(out_.states.size());
    out_.states.append(state);  // holds the reference the table borrows
    if (!ids.insert(state.ptr(), id, /*owned=*/false)) throw py::error_already_set();
    sides_.push_back(static_cast<std::uint8_t>(side));
    state_bytes_ += object_bytes(state.ptr());
    return id;
  }

  // A list of an iterable's items, or the error naming the callback that gave it.
  static py::list iterate_checked(const py::object& items, const char* callback, const py::handle& state) {
    try {
      return py::list(items);
    } catch (py::error_already_set&) {
      throw InputError(callback_error(callback, state, ""));
    }
  }

  void check_limits() {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (memory_ == 0) return;
    const std::uint64_t bytes =
        out_.graph->bytes() + out_.ids->bytes() + out_.states.size() * kBytesPerStateEntry + state_bytes_;
    if (bytes > memory_)
      throw InputError("the game passes the memory limit of " + std::to_string(memory_) + " bytes after " +
                       std::to_string(out_.states.size()) + " states (the graph and its states take about " +
                       std::to_string(bytes) + " bytes; raise memory= or make the states smaller)");
  }

  const py::object& game_;
  std::uint64_t memory_;
  py::object moves_, outcome_, symmetries_;
  Value no_moves_;
  EnumeratedStates out_;
  std::vector<std::uint8_t> sides_;
  std::uint64_t state_bytes_ = 0;
};

}  // namespace

std::string describe_state(const py::handle& state) {
  std::string text;
  try {
    text = py::repr(state);
  } catch (py::error_already_set&) {
    text = "<a " + std::string(Py_TYPE(state.ptr())->tp_name) + " whose repr raised>";
  }
  text = one_line(text);
  constexpr std::size_t kLongest = 80;
  if (text.size() > kLongest) text = text.substr(0, kLongest - 3) + "...";
  return text;
}

EnumeratedStates enumerate_states(const py::object& game, std::uint64_t memory) {
  return Enumerator(game, memory).run();
}

}  // namespace zz::python
