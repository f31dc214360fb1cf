#include <iostream>
#include <unistd.h>

#include "tools/cli/command.hpp"

namespace zz::cli {

int run_solve(const std::vector<std::string>& args) {
  GameOptions game;
  SolveRequest request;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("threads", po::value(&request.threads), "worker threads (default: all cores)")(
      "material", po::value(&request.material), "the tables to build, for games tabulated by material")(
      "rebuild", po::bool_switch(&request.rebuild), "solve again even where tables exist")(
      "json", po::bool_switch(&request.json), "print the summary as one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang solve GAME [--rule K=V]... [--threads N] [--data DIR] [--json]", options,
                     positional, vm))
    return 0;
  require_positive(vm, "threads");
  auto driver = game.driver();
  request.data_dir = game.data_dir();
  request.progress = ::isatty(STDERR_FILENO) != 0;
  request.command = "zugzwang solve " + game.game;
  for (const auto& r : game.rules) request.command += " --rule " + r;
  if (!request.material.empty()) request.command += " --material " + request.material;
  if (request.json) request.command += " --json";
  driver->solve(request, std::cout);
  return 0;
}

}  // namespace zz::cli
