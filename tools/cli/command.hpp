#pragma once
// Shared pieces of the subcommands: option parsing with Boost.Program_options, the game
// and rule options every game command takes, and the session they open.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "api/session.hpp"
#include "core/common/one_line.hpp"

namespace zz::cli {

namespace po = boost::program_options;

struct Command {
  const char* name;
  const char* synopsis;
  int (*run)(const std::vector<std::string>& args);
};

const std::vector<Command>& commands();

// The options every game command shares: GAME as first positional, --rule K=V..., --data,
// or --game-file FILE.py[:NAME] instead of GAME for a game written in Python.
struct GameOptions {
  std::string game;
  std::vector<std::string> rules;
  std::string data;
  std::string game_file;
  // Bytes a game written in Python may take once its states are listed (0: no limit); solve
  // sets it from its --memory.
  std::uint64_t game_file_memory = 0;

  // The game as the command line named it: "tatedrez --rule K=V", "--game-file FILE.py".
  std::string command_words() const;

  void add_to(po::options_description& options, bool with_data);
  // A session whose solves on demand report on stderr. Commands that read no tables
  // (needs_data false) work without any data directory.
  std::unique_ptr<api::Session> session(bool needs_data = true) const;
  std::filesystem::path data_dir() const;
};

// Parses args; returns false after printing help (the command then exits 0). Unknown
// options and missing arguments throw po::error (exit 2).
bool parse_command(const std::vector<std::string>& args, const char* usage, po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm);

// --threads N and friends must be positive integers; po gives no range checks.
void require_positive(const po::variables_map& vm, const char* name);

// A message as one line: control characters escaped as \xNN.
using zz::one_line;

}  // namespace zz::cli
