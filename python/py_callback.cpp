#include "python/py_callback.hpp"

#include "core/common/error.hpp"
#include "core/common/one_line.hpp"
#include "python/graph_builder.hpp"

namespace zz::python {
namespace {

std::string called(const char* callback, const py::handle& state) {
  return std::string(callback) + "(" + (state ? describe_state(state) : "") + ")";
}

std::string raised(const py::error_already_set& e) {
  std::string type = "an exception";
  std::string message;
  try {
    type = py::str(e.type().attr("__name__"));
    message = py::str(e.value());
  } catch (py::error_already_set&) {
  }
  return one_line(type + (message.empty() ? "" : ": " + message));
}

}  // namespace

std::string callback_error(const char* callback, const py::handle& state, const std::string& otherwise) {
  if (!PyErr_Occurred()) return called(callback, state) + otherwise;
  py::error_already_set e;  // takes the error and clears it
  if (e.matches(PyExc_KeyboardInterrupt)) throw std::move(e);
  return called(callback, state) + " raised " + raised(e);
}

py::object optional_callback(const py::object& game, const char* name) {
  if (!py::hasattr(game, name)) return py::object();
  py::object callback = game.attr(name);
  return callback.is_none() ? py::object() : callback;
}

py::object call_checked(const py::object& callback, const char* name, const py::handle& state) {
  try {
    return state ? callback(state) : callback();
  } catch (py::error_already_set& e) {
    if (e.matches(PyExc_KeyboardInterrupt)) throw;
    throw InputError(called(name, state) + " raised " + raised(e));
  }
}

}  // namespace zz::python
