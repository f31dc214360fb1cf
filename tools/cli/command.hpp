#pragma once
// Shared pieces of the subcommands: option parsing with Boost.Program_options, the game
// and rule options every game command takes, and the session they open.
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

// The options every game command shares: GAME as first positional, --rule K=V..., --data.
struct GameOptions {
  std::string game;
  std::vector<std::string> rules;
  std::string data;

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
