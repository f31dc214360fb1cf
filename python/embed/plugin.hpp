#pragma once
// The entry points of libzugzwang_python.so: a game written in Python opened as a session
// of the results layer, for the command line and the server (`--game-file my_game.py`).
// The program loads the plugin only when a game file is named (tools/cli/plugin.hpp says
// why faces are plugins); the plugin embeds the interpreter.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "api/session.hpp"

namespace zz::python_embed {

// Raised whenever OpenRequest or the entry points change.
inline constexpr int kPluginAbi = 1;

struct OpenRequest {
  // FILE.py, FILE.py:NAME naming the class (made with no arguments) or the game object the
  // file defines, or FILE.py:NAME(ARGUMENTS) (Python literals); without NAME the one class of
  // the file with start, moves and outcome.
  std::string spec;
  std::filesystem::path data_dir;
  std::uint64_t memory = 0;  // bytes the listed states may take (0: no limit)
  api::SessionOptions options;
};

}  // namespace zz::python_embed

// The plugin is built with hidden symbols (as a pybind11 module is): these alone are seen.
#define ZZ_PYTHON_PLUGIN_ENTRY __attribute__((visibility("default")))

extern "C" {
ZZ_PYTHON_PLUGIN_ENTRY int zugzwang_python_abi();
ZZ_PYTHON_PLUGIN_ENTRY const char* zugzwang_python_commit();
// Lists the game's states and opens its session into *session: returns 0, or -2 with
// *error the one-line reason the game was refused (a file that does not import, a callback
// that raises...), or -1 with *error what failed. The session's callbacks take the
// interpreter's lock themselves, from any thread; it must be destroyed before the process
// ends its static objects.
ZZ_PYTHON_PLUGIN_ENTRY int zugzwang_python_open(const zz::python_embed::OpenRequest* request, std::unique_ptr<zz::api::Session>* session,
                         std::string* error);
}
