#pragma once
// A game written in Python, named on the command line with --game-file FILE.py[:NAME]: its
// session comes from the plugin libzugzwang_python.so, which embeds the interpreter, so
// that the program itself never needs libpython (tools/cli/plugin.hpp).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "api/session.hpp"

namespace zz::cli {

// Lists the game's states (memory caps them, 0: no limit) and opens its session. Throws
// InputError in one line for a file, a class or a callback that is wrong.
std::unique_ptr<api::Session> open_game_file(const std::string& spec, const std::filesystem::path& data_dir,
                                             std::uint64_t memory, api::SessionOptions options);

}  // namespace zz::cli
