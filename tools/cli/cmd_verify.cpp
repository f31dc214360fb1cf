#include <iostream>

#include "api/json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

// Exit status 0 when every table is clean, 1 when a position disagrees with its moves (2:
// bad input, as everywhere).
int run_verify(const std::vector<std::string>& args) {
  GameOptions game;
  api::VerifyRequest request;
  bool json = false, quiet = false;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("material", po::value(&request.material), "the tables, for games tabulated by material")(
      "threads", po::value(&request.threads), "threads (default: every core)")(
      "examples", po::value(&request.examples), "mismatches listed per table (default 10)")(
      "quiet", po::bool_switch(&quiet), "no progress on standard error")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang verify GAME [--material M] [--threads N] [--examples N] [--rule K=V]... [--data DIR]\n"
                     "       [--quiet] [--json]\n"
                     "Checks every stored position one ply deep: its value must be what its moves imply.",
                     options, positional, vm))
    return 0;
  if (request.threads < 0) throw InputError("--threads must be 0 (every core) or more");
  auto session = game.session();
  if (!quiet) {
    request.progress = [](const api::VerifiedTable& t) { print_verified_table(t, std::cerr); };
    request.advance = [](const std::string& tier, std::uint64_t done, std::uint64_t entries) {
      std::cerr << tier << ": " << done * 100 / entries << "% of " << entries << " slots\n";
    };
  }
  const auto r = session->verify(request);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_verify(r, *session, std::cout);
  return r.clean() ? 0 : 1;
}

}  // namespace zz::cli
