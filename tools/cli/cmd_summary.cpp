#include <iostream>

#include "api/json.hpp"
#include "core/common/byte_size.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_summary(const std::vector<std::string>& args) {
  GameOptions game;
  api::SummaryRequest request;
  std::string memory;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("material", po::value(&request.material), "the tables, for games tabulated by material")(
      "keep-decoded", po::bool_switch(&request.keep_decoded),
      "map sub-tables decoded by earlier runs (DIR/GAME/RULES/.decoded-kept) and keep the ones decoded here")(
      "memory", po::value(&memory), "memory the summary may use, e.g. 6G: decoded tables are kept within half of it")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang summary GAME [--material M] [--rule K=V]... [--data DIR] [--memory BYTES] [--keep-decoded] [--json]\n"
                     "What stored tables say: per side to move its wins, draws and losses, its longest win with\n"
                     "an example, and the mutual zugzwangs.",
                     options, positional, vm))
    return 0;
  if (vm.count("memory")) request.memory = parse_byte_size(memory);
  const auto r = game.session()->summary(request);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_summary(r, std::cout);
  return 0;
}

}  // namespace zz::cli
