#include <iostream>
#include <vector>

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "solver/search/alphabeta.hpp"
#include "solver/search/oracle.hpp"
#include "solver/search/safe_move.hpp"
#include "tools/cli/command.hpp"
#include "tools/protocol/client.hpp"

namespace zz::cli {

int run_play_server(const std::vector<std::string>& args) {
  std::string game, color, host = "127.0.0.1", name = "zugzwang", data;
  int port = 0;
  double seconds = 60;
  po::options_description options("options");
  options.add_options()("game", po::value(&game)->required(), "the game (tablut)")(
      "color", po::value(&color)->required(), "white or black")("host", po::value(&host), "server address")(
      "port", po::value(&port), "server port (default: 5800 for white, 5801 for black)")(
      "time", po::value(&seconds), "seconds per move allowed by the server (default 60)")(
      "name", po::value(&name), "the player name sent to the server")(
      "data", po::value(&data), "table directory: solved endgame tables make the search exact where they apply");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang play-server tablut --color white|black [--host H] [--port N] [--time S] [--name NAME] "
                     "[--data DIR]",
                     options, positional, vm))
    return 0;
  if (game != "tablut") throw InputError("play-server speaks the Tablut competition protocol only, not '" + game + "'");
  if (color != "white" && color != "black") throw InputError("--color must be white or black, not '" + color + "'");
  if (!(seconds > 0)) throw InputError("--time must be a positive number of seconds");
  if (vm.count("port") && (port <= 0 || port > 65535)) throw InputError("--port must be between 1 and 65535");
  const auto side = color == "white" ? tablut::Color::White : tablut::Color::Black;
  if (!port) port = protocol::default_port(side);
  GameOptions paths;
  paths.data = data;
  const tablut::Tablut rules;
  const TableOracle<tablut::Tablut> tables(rules, paths.data_dir());
  // The positions this game went through, for the repetition draw (which the server applies).
  std::vector<std::uint64_t> history;
  const auto chooser = [&](const tablut::Position& p, protocol::Clock::time_point deadline) {
    AlphaBetaLimits limits;
    limits.deadline = deadline;
    const auto found = best_move(rules, tables, p, history, limits);
    const auto m = found.best ? found.best : choose_safe_move(rules, p);
    if (!m) throw std::logic_error("asked to move in a position without legal moves");
    history.push_back(rules.hash(p));
    history.push_back(rules.hash(rules.play(p, *m)));
    std::cerr << "move " << rules.format_move(*m) << " score " << found.score << " depth " << found.depth << '\n';
    return *m;
  };
  const auto result = protocol::play_game(host, port, side, name, seconds, chooser, &std::cerr);
  std::cout << protocol::to_string(result) << '\n';
  return 0;
}

}  // namespace zz::cli
