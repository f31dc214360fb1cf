#include "tools/cli/command.hpp"

#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "core/common/error.hpp"
#include "tools/cli/progress.hpp"

namespace zz::cli {

void GameOptions::add_to(po::options_description& options, bool with_data) {
  options.add_options()("game", po::value(&game)->required(), "the game")(
      "rule", po::value(&rules)->composing(), "a rule option K=V (repeatable); see `zugzwang games`");
  if (with_data)
    options.add_options()("data", po::value(&data),
                          "table directory (default: $ZUGZWANG_DATA, else $XDG_DATA_HOME/zugzwang, else "
                          "~/.local/share/zugzwang)");
}

std::unique_ptr<api::Session> GameOptions::session(bool needs_data) const {
  api::SessionOptions options;
  options.notice = [](const std::string& text) { std::fprintf(stderr, "zugzwang: %s\n", text.c_str()); };
  auto progress = std::make_shared<Progress>(::isatty(STDERR_FILENO) != 0);
  options.progress = [progress](const SolveProgress& p) { progress->update(p); };
  return api::open_session(game, rules, needs_data ? data_dir() : std::filesystem::path(data), std::move(options));
}

std::filesystem::path GameOptions::data_dir() const {
  if (!data.empty()) return data;
  return api::default_data_dir();
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
