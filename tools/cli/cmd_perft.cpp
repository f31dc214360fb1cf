#include <cstdio>
#include <iostream>

#include "api/json.hpp"
#include "core/common/error.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_perft(const std::vector<std::string>& args) {
  GameOptions game;
  std::string position;
  int depth = 0;
  bool divide = false, json = false;
  po::options_description options("options");
  game.add_to(options, false);
  options.add_options()("position", po::value(&position)->required(), "position text, or start")(
      "depth", po::value(&depth)->required(), "plies")("divide", po::bool_switch(&divide), "count per first move")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1).add("depth", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang perft GAME POSITION DEPTH [--divide] [--rule K=V]... [--json]", options,
                     positional, vm))
    return 0;
  const auto r = game.session(false)->perft(position, depth, divide);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_perft(r, std::cout);
  std::fprintf(stderr, "perft %d: %.3f s, %.0f nodes/s\n", depth, r.seconds,
               r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0.0);
  return 0;
}

}  // namespace zz::cli
