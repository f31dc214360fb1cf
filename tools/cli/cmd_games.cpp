#include <iostream>

#include "api/json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_games(const std::vector<std::string>& args) {
  bool json = false;
  po::options_description options("options");
  options.add_options()("json", po::bool_switch(&json), "one JSON document");
  po::variables_map vm;
  if (!parse_command(args, "zugzwang games [--json]", options, {}, vm)) return 0;
  if (json) {
    api::ojson doc = api::ojson::array();
    for (const auto& g : api::games()) doc.push_back(api::to_json(g));
    std::cout << doc.dump() << '\n';
  } else {
    print_games(api::games(), std::cout);
  }
  return 0;
}

}  // namespace zz::cli
