#include <iostream>

#include <nlohmann/json.hpp>

#include "tools/cli/command.hpp"

namespace zz::cli {

int run_games(const std::vector<std::string>& args) {
  po::options_description options("options");
  options.add_options()("json", "one JSON document");
  po::variables_map vm;
  if (!parse_command(args, "zugzwang games [--json]", options, {}, vm)) return 0;
  if (vm.count("json")) {
    nlohmann::ordered_json doc = nlohmann::ordered_json::array();
    for (const auto& g : games()) {
      nlohmann::ordered_json rules = nlohmann::ordered_json::array();
      for (const auto& o : g.options)
        rules.push_back({{"name", o.name}, {"values", o.choices.empty() ? nlohmann::ordered_json("N") : nlohmann::ordered_json(o.choices)},
                         {"default", o.default_value}, {"help", o.help}});
      doc.push_back({{"game", g.name}, {"summary", g.summary}, {"rules", rules}});
    }
    std::cout << doc.dump() << '\n';
    return 0;
  }
  for (const auto& g : games()) {
    std::cout << g.name << "  " << g.summary << '\n';
    for (const auto& o : g.options) {
      std::string values;
      for (const auto& c : o.choices) values += (values.empty() ? "" : "|") + c;
      std::cout << "  --rule " << o.name << "=" << (values.empty() ? "N" : values) << "  (default " << o.default_value
                << ")  " << o.help << '\n';
    }
  }
  return 0;
}

}  // namespace zz::cli
