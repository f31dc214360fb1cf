#pragma once
// Calling a Python game's callbacks (start, moves, outcome, format, ...): what one raises
// becomes a one-line InputError naming the callback and the state it was called on, so a
// bug in a researcher's game reads as such and never as a crash of the solver. Ctrl-C
// (KeyboardInterrupt) passes through as itself. Called with the GIL held.
#include <pybind11/pybind11.h>

#include <string>

namespace zz::python {

namespace py = pybind11;

// "moves((1, 2)) raised ZeroDivisionError: division by zero" for the Python error set now
// (cleared), or "moves((1, 2))" + `otherwise` when none is set.
std::string callback_error(const char* callback, const py::handle& state, const std::string& otherwise);

// The game's optional callback `name`, or a null object when it has none (or sets it to None).
py::object optional_callback(const py::object& game, const char* name);

// callback(state), or callback() for an empty state handle.
py::object call_checked(const py::object& callback, const char* name, const py::handle& state);

}  // namespace zz::python
