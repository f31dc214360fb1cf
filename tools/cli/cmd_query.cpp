#include <iostream>

#include "api/json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_query(const std::vector<std::string>& args) {
  GameOptions game;
  std::string position;
  bool json = false, line = false;
  std::string notation;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("position", po::value(&position)->required(), "position text, or start")(
      "line", po::bool_switch(&line), "the principal variation instead: best moves to the end")(
      "notation", po::value(&notation)->default_value("san"),
      "how moves are written: san (as players read them, chess: Nf3) or uci (the move ids, chess: g1f3)")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang query GAME POSITION|start [--line] [--rule K=V]... [--data DIR] [--notation san|uci] [--json]\n"
                     "       zugzwang query --game-file FILE.py[:NAME] POSITION|start ...",
                     options, positional, vm))
    return 0;
  const Notation shown = parse_notation(notation);
  auto session = game.session();
  if (line) {
    const auto r = session->principal_variation(position);
    if (json) std::cout << api::to_json(r).dump() << '\n';
    else print_line(r, *session, std::cout, shown);
    return 0;
  }
  const auto r = session->query(position);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_query(r, *session, std::cout, shown);
  return 0;
}

}  // namespace zz::cli
