// zugzwang play-server tablut: plays one game of the Tablut Challenge protocol with the
// game-playing engine (tools/match/player.hpp): principal-variation search on --threads
// threads, the endgame tables of --data probed exactly, proof-number search at the root.
#include <iostream>
#include <sstream>
#include <vector>

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "solver/search/safe_move.hpp"
#include "tools/cli/command.hpp"
#include "tools/match/player.hpp"
#include "tools/protocol/client.hpp"

namespace zz::cli {
namespace {

// --engine-option NAME=VALUE: the engine's switches, for matches that measure each of them.
void apply_engine_option(const std::string& text, search::EngineConfig& config) {
  const auto eq = text.find('=');
  if (eq == std::string::npos) throw InputError("--engine-option expects NAME=VALUE, not '" + text + "'");
  const std::string name = text.substr(0, eq), value = text.substr(eq + 1);
  double number = 0;
  std::istringstream in(value);
  if (!(in >> number) || !in.eof()) throw InputError("--engine-option " + name + ": '" + value + "' is not a number");
  auto& o = config.options;
  if (name == "null-move") o.null_move = number != 0;
  else if (name == "lmr") o.late_move_reductions = number != 0;
  else if (name == "futility") o.futility = number != 0;
  else if (name == "draw-score") o.draw_score = static_cast<int>(number);
  else if (name == "quiescence-plies") o.quiescence_plies = static_cast<int>(number);
  else if (name == "proof-share") config.proof_share = number;
  else if (name == "proof-plies") config.proof_plies = static_cast<int>(number);
  else
    throw InputError("--engine-option: unknown option '" + name +
                     "' (null-move, lmr, futility, draw-score, quiescence-plies, proof-share, proof-plies)");
}

}  // namespace

int run_play_server(const std::vector<std::string>& args) {
  std::string game, color, host = "127.0.0.1", name = "zugzwang", data;
  int port = 0, threads = 1, hash = 64;
  double seconds = 60;
  std::vector<std::string> engine_options;
  po::options_description options("options");
  options.add_options()("game", po::value(&game)->required(), "the game (tablut)")(
      "color", po::value(&color)->required(), "white or black")("host", po::value(&host), "server address")(
      "port", po::value(&port), "server port (default: 5800 for white, 5801 for black)")(
      "time", po::value(&seconds), "seconds per move allowed by the server (default 60)")(
      "name", po::value(&name), "the player name sent to the server")(
      "data", po::value(&data), "table directory: solved endgame tables make the search exact where they apply")(
      "threads", po::value(&threads), "search threads (default 1)")(
      "hash", po::value(&hash), "transposition table megabytes (default 64)")(
      "engine-option", po::value(&engine_options)->composing(),
      "NAME=VALUE, for engine experiments: null-move, lmr, futility (0 or 1), draw-score, quiescence-plies, "
      "proof-share (of the move's time), proof-plies");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang play-server tablut --color white|black [--host H] [--port N] [--time S] [--name NAME] "
                     "[--data DIR] [--threads N] [--hash MB]",
                     options, positional, vm))
    return 0;
  if (game != "tablut") throw InputError("play-server speaks the Tablut competition protocol only, not '" + game + "'");
  if (color != "white" && color != "black") throw InputError("--color must be white or black, not '" + color + "'");
  if (!(seconds > 0)) throw InputError("--time must be a positive number of seconds");
  if (vm.count("port") && (port <= 0 || port > 65535)) throw InputError("--port must be between 1 and 65535");
  if (threads < 1 || threads > 256) throw InputError("--threads must be between 1 and 256");
  if (hash < 1 || hash > 65536) throw InputError("--hash must be between 1 and 65536 megabytes");
  const auto side = color == "white" ? tablut::Color::White : tablut::Color::Black;
  if (!port) port = protocol::default_port(side);

  match::PlayerOptions player_options;
  player_options.engine.threads = threads;
  player_options.engine.hash_megabytes = static_cast<std::size_t>(hash);
  for (const auto& o : engine_options) apply_engine_option(o, player_options.engine);
  GameOptions paths;
  paths.data = data;
  player_options.tables = paths.data_dir();
  match::TablutPlayer player(player_options);
  player.new_game();

  const auto chooser = [&](const tablut::Position& p, protocol::Clock::time_point deadline) {
    // The client's deadline keeps its own margin; the engine's budget is measured from when
    // the state arrived (deadline - thinking time) with the engine's margin (time_manager.hpp).
    const auto received = deadline - protocol::thinking_time(seconds);
    search::ThinkLimits limits;
    limits.budget = search::budget_for(received, seconds);
    const auto d = player.choose(p, limits);
    const auto m = d.move ? d.move : choose_safe_move(player.game(), p);
    if (!m) throw std::logic_error("asked to move in a position without legal moves");
    std::cerr << "move " << tablut::format_move(*m) << " score " << d.score << " depth " << d.depth << " nodes "
              << d.nodes << " seconds " << d.seconds << " (" << d.source << ")\n";
    return *m;
  };
  const auto result = protocol::play_game(host, port, side, name, seconds, chooser, &std::cerr);
  std::cout << protocol::to_string(result) << '\n';
  return 0;
}

}  // namespace zz::cli
