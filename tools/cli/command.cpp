#include "tools/cli/command.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "core/common/error.hpp"
#include "tools/cli/game_file.hpp"
#include "tools/cli/progress.hpp"

namespace zz::cli {

void GameOptions::add_to(po::options_description& options, bool with_data) {
  options.add_options()("game", po::value(&game), "the game")(
      "rule", po::value(&rules)->composing(), "a rule option K=V (repeatable); see `zugzwang games`")(
      "game-file", po::value(&game_file),
      "FILE.py[:NAME] instead of GAME: a game written in Python (docs/python-games.md), NAME its class or game "
      "object (default: the file's one class with start, moves and outcome)");
  if (with_data)
    options.add_options()("data", po::value(&data),
                          "table directory (default: $ZUGZWANG_DATA, else $XDG_DATA_HOME/zugzwang, else "
                          "~/.local/share/zugzwang)");
}

std::string GameOptions::command_words() const {
  std::string words = game_file.empty() ? game : "--game-file " + game_file;
  for (const auto& r : rules) words += " --rule " + r;
  return words;
}

std::unique_ptr<api::Session> GameOptions::session(bool needs_data) const {
  if (game.empty() && game_file.empty()) throw InputError("name the game: GAME, or --game-file FILE.py");
  if (!game.empty() && !game_file.empty())
    throw InputError("name the game once: GAME or --game-file, not both ('" + game + "' and '" + game_file + "')");
  if (!game_file.empty() && !rules.empty())
    throw InputError("--rule is for the built-in games: a game file's rules are its code");
  api::SessionOptions options;
  options.notice = [](const std::string& text) { std::fprintf(stderr, "zugzwang: %s\n", text.c_str()); };
  auto progress = std::make_shared<Progress>(::isatty(STDERR_FILENO) != 0);
  options.progress = [progress](const SolveProgress& p) { progress->update(p); };
  const std::filesystem::path dir = needs_data ? data_dir() : std::filesystem::path(data);
  if (!game_file.empty()) return open_game_file(game_file, dir, game_file_memory, std::move(options));
  return api::open_session(game, rules, dir, std::move(options));
}

std::filesystem::path GameOptions::data_dir() const {
  if (!data.empty()) return data;
  return api::default_data_dir();
}

namespace {

bool names_game_file(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(),
                     [](const std::string& a) { return a == "--game-file" || a.starts_with("--game-file="); });
}

// The positionals without GAME, the first: with --game-file the position comes first.
po::positional_options_description without_game(const po::positional_options_description& positional) {
  constexpr unsigned kShown = 32;  // more than any command's fixed positionals
  const unsigned total = positional.max_total_count();
  po::positional_options_description rest;
  std::string name;
  int count = 0;
  for (unsigned i = 1; i < std::min(total, kShown); ++i) {
    const std::string& next = positional.name_for_position(i);
    if (count > 0 && next != name) {
      rest.add(name.c_str(), count);
      count = 0;
    }
    name = next;
    ++count;
  }
  if (count > 0) rest.add(name.c_str(), total > kShown ? -1 : count);
  return rest;
}

}  // namespace

bool parse_command(const std::vector<std::string>& args, const char* usage, po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm) {
  options.add_options()("help,h", "show this help");
  const bool shift = positional.max_total_count() > 0 && positional.name_for_position(0) == "game" &&
                     names_game_file(args);
  po::store(
      po::command_line_parser(args).options(options).positional(shift ? without_game(positional) : positional).run(),
      vm);
  if (vm.count("help")) {
    std::cout << "usage: " << usage << "\n\n" << options << '\n';
    return false;
  }
  po::notify(vm);
  return true;
}

void require_positive(const po::variables_map& vm, const char* name) {
  if (vm.count(name) && vm[name].as<int>() <= 0)
    throw InputError(std::string("--") + name + " must be a positive integer");
}

}  // namespace zz::cli
