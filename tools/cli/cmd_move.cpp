#include <iostream>

#include "api/json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_move(const std::vector<std::string>& args) {
  GameOptions game;
  std::string position;
  std::vector<std::string> moves;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, false);
  options.add_options()("position", po::value(&position)->required(), "position text, or start")(
      "moves", po::value(&moves), "moves to play in order")("json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1).add("moves", -1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang move GAME POSITION MOVE... [--rule K=V]... [--json]", options, positional, vm))
    return 0;
  const auto r = game.session(false)->move(position, moves);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_move(r, std::cout);
  return 0;
}

}  // namespace zz::cli
