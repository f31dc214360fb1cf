#include <iostream>

#include "api/json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_summary(const std::vector<std::string>& args) {
  GameOptions game;
  std::string material;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("material", po::value(&material), "the tables, for games tabulated by material")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang summary GAME [--material M] [--rule K=V]... [--data DIR] [--json]\n"
                     "What stored tables say: per side to move its wins, draws and losses, its longest win with\n"
                     "an example, and the mutual zugzwangs.",
                     options, positional, vm))
    return 0;
  const auto r = game.session()->summary(material);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_summary(r, std::cout);
  return 0;
}

}  // namespace zz::cli
