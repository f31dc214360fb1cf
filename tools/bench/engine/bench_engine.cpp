// Tablut engine benchmark: for fixed positions, the search to a fixed depth (one thread, a
// fresh table), printing one JSON line per position: nodes, seconds, nodes per second, the
// time each depth completed, the best move and score.
//   bench_engine [--depth N] [--threads N] [--data DIR] [POSITION...]
// Without positions: the start and three middle-game positions from match games.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "tools/match/player.hpp"

int main(int argc, char** argv) {
  int depth = 8, threads = 1;
  double seconds = 0;
  bool proof = false;
  std::string data;
  std::vector<std::string> positions;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--depth" && i + 1 < argc) depth = std::atoi(argv[++i]);
    else if (a == "--threads" && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (a == "--data" && i + 1 < argc) data = argv[++i];
    else if (a == "--time" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--proof") proof = true;
    else positions.push_back(a);
  }
  if (positions.empty())
    positions = {
        "start",
        "3BBB3/9/9/2B1BW3/BB1W2W1B/2B1W1K1B/4W4/6BB1/3BBB3 w",
        "4B4/6B2/W1B6/B4WB2/B2B1W1BB/B3W1B2/1B1K1B2W/2B4B1/3B5 w",
        "4BB3/2B6/4W4/2B1W3B/5WW1B/2W6/B1K4B1/W3B4/2B1BB3 w",
    };
  const zz::tablut::Tablut game;
  for (const std::string& text : positions) {
    zz::match::PlayerOptions options;
    options.engine.threads = threads;
    options.engine.proof_share = proof ? 0.1 : 0;
    if (!data.empty()) options.tables = data;
    zz::match::TablutPlayer player(options);
    player.new_game();
    const auto p = text == "start" ? game.start() : game.parse(text);
    zz::search::ThinkLimits limits;
    limits.max_depth = depth;
    if (seconds > 0) {
      limits.max_depth = zz::search::kMaxPly - 8;
      limits.budget = zz::search::budget_for(std::chrono::steady_clock::now(), seconds);
    }
    std::string times;
    const auto d = player.choose(p, limits, [&](const zz::search::Iteration<zz::tablut::Move>& it) {
      std::cerr << "depth " << it.depth << " seldepth " << it.seldepth << " score " << it.score << " nodes "
                << it.nodes << " time " << it.seconds << " pv";
      for (auto m : it.pv) std::cerr << ' ' << zz::tablut::format_move(m);
      std::cerr << '\n';
      times += (times.empty() ? "" : ",") + std::to_string(it.seconds);
    });
    std::cout << "{\"position\":\"" << game.format(p) << "\",\"depth\":" << d.depth << ",\"nodes\":" << d.nodes
              << ",\"seconds\":" << d.seconds << ",\"nps\":" << static_cast<long>(d.nodes / std::max(d.seconds, 1e-9))
              << ",\"seconds_per_depth\":[" << times << "],\"best\":\""
              << (d.move ? zz::tablut::format_move(*d.move) : "") << "\",\"score\":" << d.score << "}" << std::endl;
  }
}
