#pragma once
// A game file as the command line names it, `my_game.py[:Name]`: imported as a module (its
// folder first on sys.path, so that it imports its neighbours), and the game object it
// defines. Called with the interpreter's lock held; throws InputError in one line naming
// the file for a file that is missing or does not import, and a name it does not define.
#include <pybind11/pybind11.h>

#include <string>

namespace zz::python_embed {

namespace py = pybind11;

py::object load_game_file(const std::string& spec);

}  // namespace zz::python_embed
