#include "tools/cli/command.hpp"

#include <cstdlib>
#include <iostream>

#include "core/common/error.hpp"

namespace zz::cli {

void GameOptions::add_to(po::options_description& options, bool with_data) {
  options.add_options()("game", po::value(&game)->required(), "the game")(
      "rule", po::value(&rules)->composing(), "a rule option K=V (repeatable); see `zugzwang games`");
  if (with_data)
    options.add_options()("data", po::value(&data),
                          "table directory (default: $ZUGZWANG_DATA, else $XDG_DATA_HOME/zugzwang, else "
                          "~/.local/share/zugzwang)");
}

std::unique_ptr<GameDriver> GameOptions::driver() const {
  const GameEntry& entry = find_game(game);
  return entry.make(parse_rules(entry.options, rules));
}

std::filesystem::path GameOptions::data_dir() const {
  if (!data.empty()) return data;
  if (const char* d = std::getenv("ZUGZWANG_DATA"); d && *d) return d;
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return std::filesystem::path(x) / "zugzwang";
  if (const char* h = std::getenv("HOME"); h && *h) return std::filesystem::path(h) / ".local/share/zugzwang";
  throw InputError("no data directory: pass --data DIR or set ZUGZWANG_DATA");
}

bool parse_command(const std::vector<std::string>& args, const char* usage, po::options_description& options,
                   const po::positional_options_description& positional, po::variables_map& vm) {
  options.add_options()("help,h", "show this help");
  po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
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
