// zugzwang probe GAME [--json] < POSITIONS: the value of every position read from standard
// input, one per line, answered in order, a line each (an EPD file's positions, a list a
// script made). A line that is not a position of the tables is answered with its reason on
// that line, so answers stay aligned with questions; the exit code is then 2.
#include <iostream>
#include <string>

#include "api/errors.hpp"
#include "api/json.hpp"
#include "tools/cli/command.hpp"

namespace zz::cli {

int run_probe(const std::vector<std::string>& args) {
  GameOptions game;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("json", po::bool_switch(&json), "one JSON document per line");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang probe GAME [--rule K=V]... [--data DIR] [--json] < POSITIONS (one per line)",
                     options, positional, vm))
    return 0;
  auto session = game.session();
  // A line's bytes need not be UTF-8: the JSON answer replaces what is not.
  const auto print = [](const api::ojson& doc) {
    std::cout << doc.dump(-1, ' ', false, api::ojson::error_handler_t::replace) << '\n';
  };
  int status = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    try {
      const Outcome o = session->value(line);
      if (json) {
        api::ojson doc = {{"position", line}};
        doc.update(api::to_json(o));
        print(doc);
      } else {
        std::cout << session->describe(o) << '\n';
      }
    } catch (const InputError& e) {  // NotCovered too: a missing table is this line's answer
      status = 2;
      if (json) print({{"position", one_line(line)}, {"error", one_line(e.what())}});
      else std::cout << "error: " << one_line(e.what()) << '\n';
    }
  }
  return status;
}

}  // namespace zz::cli
