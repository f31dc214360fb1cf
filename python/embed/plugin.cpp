// libzugzwang_python.so's entry points (plugin.hpp). The interpreter starts on the first
// game file and is never finalized: the sessions it opened live until the program ends.
// It installs no signal handlers, so Ctrl-C stops the program as it stops a solve of a
// built-in game (table files are written under temporary names and renamed when complete).
#include "python/embed/plugin.hpp"

#include <dlfcn.h>
#include <pybind11/embed.h>

#include <exception>

#include "api/build_info.hpp"
#include "core/common/error.hpp"
#include "python/embed/game_file.hpp"
#include "python/py_game.hpp"

namespace {

namespace py = pybind11;

// Starts the interpreter once, then lets go of its lock: the session's callbacks take it
// from whichever thread calls them (the server's request threads among them).
void ensure_interpreter() {
  if (Py_IsInitialized()) return;
  // The program loads this plugin with its symbols kept local; the interpreter's extension
  // modules (math, _json... that a game imports) find libpython's symbols only in the global
  // scope, so libpython alone is made global.
  Dl_info python;
  if (::dladdr(reinterpret_cast<void*>(&Py_IsInitialized), &python) && python.dli_fname)
    ::dlopen(python.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
  py::initialize_interpreter(/*init_signal_handlers=*/false);
  PyEval_SaveThread();
}

std::unique_ptr<zz::api::Session> open(const zz::python_embed::OpenRequest& request) {
  py::gil_scoped_acquire gil;
  try {
    py::object game = zz::python_embed::load_game_file(request.spec);
    return zz::python::open_python_game(game, request.data_dir, request.memory, request.options).session;
  } catch (py::error_already_set& e) {
    // Not a callback's error (those are InputErrors naming it): the interpreter's own.
    throw std::runtime_error(std::string("Python: ") + e.what());
  }
}

}  // namespace

extern "C" {

int zugzwang_python_abi() { return zz::python_embed::kPluginAbi; }

const char* zugzwang_python_commit() { return zz::api::build_info().commit.c_str(); }

int zugzwang_python_open(const zz::python_embed::OpenRequest* request, std::unique_ptr<zz::api::Session>* session,
                         std::string* error) {
  try {
    ensure_interpreter();
    *session = open(*request);
    return 0;
  } catch (const zz::InputError& e) {
    *error = e.what();
    return -2;
  } catch (const std::exception& e) {
    *error = e.what();
    return -1;
  }
}
}
