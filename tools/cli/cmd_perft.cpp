#include <iostream>

#include "core/common/error.hpp"
#include "tools/cli/command.hpp"

namespace zz::cli {

int run_perft(const std::vector<std::string>& args) {
  GameOptions game;
  std::string position;
  int depth = 0;
  bool divide = false;
  po::options_description options("options");
  game.add_to(options, false);
  options.add_options()("position", po::value(&position)->required(), "position text, or start")(
      "depth", po::value(&depth)->required(), "plies")("divide", po::bool_switch(&divide), "count per first move");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1).add("depth", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang perft GAME POSITION DEPTH [--divide] [--rule K=V]...", options, positional, vm))
    return 0;
  if (depth < 0 || depth > 30) throw InputError("perft depth must be between 0 and 30");
  game.driver()->perft(position, depth, divide, std::cout);
  return 0;
}

}  // namespace zz::cli
