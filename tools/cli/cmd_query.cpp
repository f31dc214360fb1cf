#include <iostream>

#include "tools/cli/command.hpp"

namespace zz::cli {

int run_query(const std::vector<std::string>& args) {
  GameOptions game;
  QueryRequest request;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("position", po::value(&request.position)->required(), "position text, or start")(
      "json", po::bool_switch(&request.json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang query GAME POSITION|start [--rule K=V]... [--data DIR] [--json]", options,
                     positional, vm))
    return 0;
  auto driver = game.driver();
  request.data_dir = game.data_dir();
  driver->query(request, std::cout);
  return 0;
}

}  // namespace zz::cli
