#include <iostream>

#include "api/json.hpp"
#include "api/limits.hpp"
#include "core/common/error.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_analyze(const std::vector<std::string>& args) {
  GameOptions game;
  api::AnalyzeRequest request;
  int depth = 0;
  double seconds = 0;
  bool json = false, progress = false;
  std::string notation;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("position", po::value(&request.position)->required(), "position text, or start")(
      "depth", po::value(&depth), "proof horizon and search depth in plies")(
      "seconds", po::value(&seconds), "time budget in seconds (the horizon grows while time lasts)")(
      "time", po::value(&seconds), "the same as --seconds")(
      "lines", po::value(&request.lines), "best moves shown, each with its score and line (multi-PV; default 1)")(
      "threads", po::value(&request.threads), "search threads (default 1; the proofs run on one more)")(
      "progress", po::bool_switch(&progress),
      "report every finished horizon and search depth on stderr (one line each; JSON with --json)")(
      "notation", po::value(&notation)->default_value("san"),
      "how moves are written: san (as players read them, chess: Nf3) or uci (the move ids, chess: g1f3)")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang analyze GAME POSITION (--depth N | --seconds S) [--lines N] [--threads N] [--progress] "
                     "[--notation san|uci] [--json] [--data DIR]",
                     options,
                     positional, vm))
    return 0;
  // The limits are the results layer's (api/limits.hpp), checked before any table opens.
  if (vm.count("depth")) request.depth = depth;
  if (vm.count("seconds") || vm.count("time")) request.seconds = seconds;
  if (vm.count("seconds") && vm.count("time")) throw InputError("give --seconds or --time, not both");
  api::check(request);
  const Notation shown = parse_notation(notation);
  if (progress)
    request.progress = [json, shown](const api::AnalyzeProgress& p) {
      if (json) std::cerr << api::to_json(p).dump() << std::endl;
      else print_analysis_progress(p, std::cerr, shown);
    };
  const auto r = game.session()->analyze(request);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_analysis(r, std::cout, shown);
  return 0;
}

}  // namespace zz::cli
