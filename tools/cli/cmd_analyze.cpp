#include <iostream>

#include "api/json.hpp"
#include "core/common/error.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_analyze(const std::vector<std::string>& args) {
  GameOptions game;
  api::AnalyzeRequest request;
  int depth = 0;
  double seconds = 0;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("position", po::value(&request.position)->required(), "position text, or start")(
      "depth", po::value(&depth), "proof horizon and search depth in plies")(
      "time", po::value(&seconds), "time budget in seconds (the horizon grows while time lasts)")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang analyze GAME POSITION (--depth N | --time S) [--json] [--data DIR]", options,
                     positional, vm))
    return 0;
  if (vm.count("depth") == vm.count("time")) throw InputError("give exactly one of --depth N and --time S");
  if (vm.count("depth")) {
    if (depth < 1 || depth > 200) throw InputError("--depth must be between 1 and 200 plies");
    request.depth = depth;
  } else {
    if (!(seconds > 0) || seconds > 86400) throw InputError("--time must be a positive number of seconds");
    request.seconds = seconds;
  }
  const auto r = game.session()->analyze(request);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_analysis(r, std::cout);
  return 0;
}

}  // namespace zz::cli
