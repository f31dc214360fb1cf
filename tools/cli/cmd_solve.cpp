#include <cstdio>
#include <iostream>
#include <unistd.h>

#include "api/json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/progress.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_solve(const std::vector<std::string>& args) {
  GameOptions game;
  api::SolveRequest request;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("threads", po::value(&request.threads), "worker threads (default: all cores)")(
      "material", po::value(&request.material), "the tables to build, for games tabulated by material")(
      "rebuild", po::bool_switch(&request.rebuild), "solve again even where tables exist")(
      "json", po::bool_switch(&json), "print the summary as one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang solve GAME [--rule K=V]... [--material M] [--threads N] [--data DIR] [--json]",
                     options, positional, vm))
    return 0;
  require_positive(vm, "threads");
  auto session = game.session();
  Progress progress(::isatty(STDERR_FILENO) != 0);
  request.progress = [&](const SolveProgress& p) { progress.update(p); };
  request.command = "zugzwang solve " + game.game;
  for (const auto& r : game.rules) request.command += " --rule " + r;
  if (!request.material.empty()) request.command += " --material " + request.material;
  if (json) request.command += " --json";
  const auto report = session->solve(request);
  progress.finish();
  if (json) {
    std::cout << api::to_json(report).dump(2) << '\n';
    std::fprintf(stderr, "solved in %.2f s; tables in %s\n", report.seconds, report.directory.c_str());
  } else {
    print_solve(report, *session, std::cout);
  }
  return 0;
}

}  // namespace zz::cli
