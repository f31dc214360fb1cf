#include <iostream>

#include "api/json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_review(const std::vector<std::string>& args) {
  GameOptions game;
  std::string start;
  std::vector<std::string> moves;
  bool json = false;
  std::string notation;
  api::ReviewOptions review;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("start", po::value(&start)->required(), "the position the game started from, or start")(
      "moves", po::value(&moves), "the moves played, in order")("json", po::bool_switch(&json), "one JSON document")(
      "proof-plies", po::value(&review.proof_plies),
      "where no table covers a position, look for a forced win by either side within N plies (default 0: none)")(
      "proof-nodes", po::value(&review.proof_nodes), "proof search nodes per position (default 2000000)")(
      "notation", po::value(&notation)->default_value("san"),
      "how moves are written: san (as players read them, chess: Nf3) or uci (the move ids, chess: g1f3)");
  po::positional_options_description positional;
  positional.add("game", 1).add("start", 1).add("moves", -1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang review GAME START MOVE... [--rule K=V]... [--data DIR] [--proof-plies N] [--proof-nodes K] [--notation san|uci] [--json]", options,
                     positional, vm))
    return 0;
  const Notation shown = parse_notation(notation);
  auto session = game.session();
  const auto r = session->review(start, moves, review);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_review(r, *session, std::cout, shown);
  return 0;
}

}  // namespace zz::cli
