// zugzwang match tablut: two engines against each other through the competition protocol.
// This program is the server (tools/match/referee.hpp); each engine is started as a separate
// process with `--color white|black --port P --time S --host 127.0.0.1` appended to its
// command, exactly as it would connect to the reference server. Openings are played twice
// with the colours swapped; the result is the first engine's wins, draws and losses, its
// score, and the Elo difference with its 95% interval, overall and by colour.
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "tools/cli/command.hpp"
#include "tools/match/elo.hpp"
#include "tools/match/engine_process.hpp"
#include "tools/match/openings.hpp"
#include "tools/match/referee.hpp"

namespace zz::cli {
namespace {

using match::Tally;
using nlohmann::ordered_json;

std::string signed_elo(double e) {
  std::ostringstream s;
  s << std::showpos << std::fixed << std::setprecision(0) << e;
  return s.str();
}

std::string describe(const std::string& label, const Tally& t) {
  const auto e = match::estimate(t);
  std::ostringstream s;
  s << label << ": +" << t.wins << " =" << t.draws << " -" << t.losses << " (" << t.games() << " games), score "
    << std::fixed << std::setprecision(1) << 100 * t.score() << "%, Elo " << signed_elo(e.elo) << " ± "
    << std::setprecision(0) << e.margin() << " (95%: " << signed_elo(e.lower) << " to " << signed_elo(e.upper) << ")";
  return s.str();
}

ordered_json tally_json(const Tally& t) {
  const auto e = match::estimate(t);
  return {{"wins", t.wins}, {"draws", t.draws}, {"losses", t.losses}, {"games", t.games()},
          {"score", t.score()}, {"elo", e.elo}, {"elo_lower", e.lower}, {"elo_upper", e.upper}};
}

// One game: both engines started, connected White first (as the reference server requires),
// names read, the game refereed, the processes reaped.
match::GameRecord play_one(const std::vector<std::string>& white_cmd, const std::vector<std::string>& black_cmd,
                           const match::Opening& opening, const match::RefereeOptions& referee, int cpu,
                           const std::string& white_log, const std::string& black_log) {
  match::Listener white_port, black_port;
  const auto with_args = [&](std::vector<std::string> cmd, const char* color, int port) {
    std::ostringstream t;
    t << referee.seconds_per_move;
    for (const std::string& a : {std::string("--color"), std::string(color), std::string("--port"), std::to_string(port),
                                std::string("--time"), t.str(), std::string("--host"), std::string("127.0.0.1")})
      cmd.push_back(a);
    return cmd;
  };
  match::EngineProcess white_engine(with_args(white_cmd, "white", white_port.port()), white_log, cpu);
  match::EngineProcess black_engine(with_args(black_cmd, "black", black_port.port()), black_log, cpu);
  const auto connect_deadline = match::Clock::now() + std::chrono::seconds(60);
  auto white = white_port.accept(connect_deadline);
  if (!white) throw std::runtime_error("the white engine did not connect (see " + white_log + ")");
  if (match::receive_until(white->fd(), connect_deadline).status != match::Received::Status::Message)
    throw std::runtime_error("the white engine sent no name");
  auto black = black_port.accept(connect_deadline);
  if (!black) throw std::runtime_error("the black engine did not connect (see " + black_log + ")");
  if (match::receive_until(black->fd(), connect_deadline).status != match::Received::Status::Message)
    throw std::runtime_error("the black engine sent no name");
  match::GameRecord record = match::referee_game(*white, *black, opening.position, referee);
  white.reset();
  black.reset();
  white_engine.finish(std::chrono::seconds(10));
  black_engine.finish(std::chrono::seconds(10));
  return record;
}

// A command whose program cannot be run is bad input: refused at once, not after the wait
// for an engine that never connects.
void require_program(const std::vector<std::string>& cmd, const std::string& option) {
  const std::string& program = cmd.front();
  const auto runnable = [](const std::filesystem::path& p) { return ::access(p.c_str(), X_OK) == 0; };
  bool found = false;
  if (program.find('/') != std::string::npos) {
    found = runnable(program);
  } else if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string dir; !found && std::getline(dirs, dir, ':');)
      found = !dir.empty() && runnable(std::filesystem::path(dir) / program);
  }
  if (!found) throw InputError(option + ": cannot run '" + program + "' (not found or not executable)");
}

}  // namespace

int run_match(const std::vector<std::string>& args) {
  std::string game, first, second, first_name = "first", second_name = "second", log_dir, record_file;
  int games = 20, plies = 2, cpu = -1, max_plies = 500;
  double seconds = 1;
  std::uint64_t seed = 1;
  bool json = false;
  po::options_description options("options");
  options.add_options()("game", po::value(&game)->required(), "the game (tablut)")(
      "first", po::value(&first)->required(), "the first engine's command (e.g. \"zugzwang play-server tablut\")")(
      "second", po::value(&second)->required(), "the second engine's command")(
      "first-name", po::value(&first_name), "a name for the first engine in the report")(
      "second-name", po::value(&second_name), "a name for the second engine")(
      "games", po::value(&games), "games to play (default 20; each opening twice, colours swapped)")(
      "time", po::value(&seconds), "seconds per move (default 1)")(
      "opening-plies", po::value(&plies), "random plies of the openings after the start position (default 2)")(
      "seed", po::value(&seed), "seed of the openings (default 1)")(
      "cpu", po::value(&cpu), "pin both engines to this CPU (they never think at the same time)")(
      "max-plies", po::value(&max_plies), "a game this long is a draw (default 500)")(
      "log-dir", po::value(&log_dir), "keep each engine's output there (default: discarded)")(
      "record", po::value(&record_file), "write every game as a JSON line (start, moves, result) to this file")(
      "json", po::bool_switch(&json), "print the result as one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang match tablut --first CMD --second CMD [--games N] [--time S] [--cpu N] "
                     "[--opening-plies N] [--seed N] [--log-dir DIR] [--record FILE] [--json]",
                     options, positional, vm))
    return 0;
  if (game != "tablut") throw InputError("match plays Tablut engines only, not '" + game + "'");
  if (games < 1) throw InputError("--games must be at least 1");
  if (!(seconds > 0)) throw InputError("--time must be a positive number of seconds");
  const auto first_cmd = match::split_command(first), second_cmd = match::split_command(second);
  if (first_cmd.empty() || second_cmd.empty()) throw InputError("--first and --second must name commands");
  require_program(first_cmd, "--first");
  require_program(second_cmd, "--second");
  if (!log_dir.empty()) std::filesystem::create_directories(log_dir);
  std::ofstream record_out;
  if (!record_file.empty()) {
    record_out.open(record_file, std::ios::app);
    if (!record_out) throw InputError("cannot write " + record_file);
  }

  const tablut::Tablut rules;
  const auto openings = match::make_openings((games + 1) / 2, plies, seed);
  match::RefereeOptions referee;
  referee.seconds_per_move = seconds;
  referee.max_plies = max_plies;
  Tally total, as_white, as_black;
  ordered_json game_list = ordered_json::array();
  for (int g = 0; g < games; ++g) {
    const auto& opening = openings[static_cast<std::size_t>(g / 2) % openings.size()];
    const bool first_white = g % 2 == 0;
    const auto log = [&](const std::string& who) {
      return log_dir.empty() ? std::string("/dev/null") : log_dir + "/game" + std::to_string(g + 1) + "-" + who + ".log";
    };
    const auto record = play_one(first_white ? first_cmd : second_cmd, first_white ? second_cmd : first_cmd, opening,
                                 referee, cpu, log(first_white ? first_name : second_name),
                                 log(first_white ? second_name : first_name));
    Tally t;
    const bool first_won = (record.winner == match::Winner::White) == first_white;
    if (record.winner == match::Winner::Draw) t.draws = 1;
    else if (first_won) t.wins = 1;
    else t.losses = 1;
    total += t;
    (first_white ? as_white : as_black) += t;
    std::string opening_text, moves_text;
    for (auto m : opening.moves) opening_text += (opening_text.empty() ? "" : " ") + tablut::format_move(m);
    ordered_json moves = ordered_json::array(), times = ordered_json::array();
    for (auto m : record.moves) moves.push_back(tablut::format_move(m));
    for (double t : record.seconds) times.push_back(std::round(t * 1000) / 1000);
    const std::string result = record.winner == match::Winner::White   ? "white"
                               : record.winner == match::Winner::Black ? "black"
                                                                       : "draw";
    std::cout << "game " << g + 1 << ": " << (first_white ? first_name : second_name) << " (White) vs "
              << (first_white ? second_name : first_name) << " (Black), opening "
              << (opening_text.empty() ? "start" : opening_text) << ": " << result
              << (record.winner == match::Winner::Draw ? "" : " wins") << " (" << record.reason << ") after "
              << record.moves.size() << " plies; slowest move White " << std::fixed << std::setprecision(2)
              << record.longest[0] << " s, Black " << record.longest[1] << " s; " << first_name << " "
              << total.wins << "-" << total.draws << "-" << total.losses << std::endl;
    ordered_json doc = {{"game", g + 1},
                        {"white", first_white ? first_name : second_name},
                        {"black", first_white ? second_name : first_name},
                        {"start", rules.format(opening.position)},
                        {"opening", opening_text},
                        {"moves", moves},
                        {"result", result},
                        {"reason", record.reason},
                        {"plies", record.moves.size()},
                        {"slowest_white", record.longest[0]},
                        {"slowest_black", record.longest[1]},
                        {"seconds", times}};
    if (record_out) record_out << doc.dump() << std::endl;
    game_list.push_back(std::move(doc));
  }
  if (json) {
    ordered_json doc = {{"game", "tablut"},
                        {"first", first},
                        {"second", second},
                        {"seconds_per_move", seconds},
                        {"result", tally_json(total)},
                        {"first_as_white", tally_json(as_white)},
                        {"first_as_black", tally_json(as_black)},
                        {"games", game_list}};
    std::cout << doc.dump() << '\n';
  } else {
    std::cout << describe(first_name + " vs " + second_name, total) << '\n'
              << describe(first_name + " as White", as_white) << '\n'
              << describe(first_name + " as Black", as_black) << '\n';
  }
  return 0;
}

}  // namespace zz::cli
