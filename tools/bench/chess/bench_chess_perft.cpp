// Perft speed against Stockfish's `go perft` in the same run, single thread, best of a few
// repetitions each. One JSON line per case; exit 1 if any node count differs from the
// published one.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "core/chess/game.hpp"
#include "tools/bench/chess/stockfish.hpp"

namespace {

struct Case {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t nodes;  // published count
};

constexpr Case kCases[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
     193690690},
};

std::string number_or_null(double value, bool present) {
  if (!present) return "null";
  char text[64];
  std::snprintf(text, sizeof text, "%.4f", value);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  int repeat = 3;
  std::string stockfish_path = "/usr/games/stockfish";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view option = argv[i];
    if (option == "--repeat") {
      repeat = std::max(1, std::atoi(argv[i + 1]));
    } else if (option == "--stockfish") {
      stockfish_path = argv[i + 1];
    } else {
      std::cerr << "usage: bench_chess_perft [--repeat N] [--stockfish PATH]\n";
      return 2;
    }
  }

  const zz::chess::Chess chess;
  auto stockfish = zz::bench::Stockfish::start(stockfish_path);
  if (!stockfish) std::cerr << "warning: cannot run " << stockfish_path << "; no comparison\n";
  bool counts_agree = true;

  for (const Case& c : kCases) {
    const auto pos = chess.parse(c.fen);
    double ours = 1e300;
    std::uint64_t nodes = 0;
    for (int r = 0; r < repeat; ++r) {
      const auto started = std::chrono::steady_clock::now();
      nodes = chess.perft(pos, c.depth);
      const auto stopped = std::chrono::steady_clock::now();
      ours = std::min(ours, std::chrono::duration<double>(stopped - started).count());
    }
    if (nodes != c.nodes) {
      std::cerr << "error: zugzwang counts " << nodes << " nodes for " << c.name << ", published "
                << c.nodes << "\n";
      counts_agree = false;
    }

    double theirs = 1e300;
    bool have_theirs = false;
    for (int r = 0; stockfish && r < repeat; ++r) {
      const auto result = stockfish->perft(c.fen, c.depth);
      if (!result) {
        std::cerr << "warning: no perft answer from stockfish for " << c.name << "\n";
        break;
      }
      if (result->nodes != c.nodes) {
        std::cerr << "error: stockfish counts " << result->nodes << " nodes for " << c.name
                  << ", published " << c.nodes << "\n";
        counts_agree = false;
      }
      theirs = std::min(theirs, result->seconds);
      have_theirs = true;
    }

    std::cout << "{\"case\":\"" << c.name << "\",\"depth\":" << c.depth << ",\"nodes\":" << nodes
              << ",\"zugzwang_s\":" << number_or_null(ours, true)
              << ",\"stockfish_s\":" << number_or_null(theirs, have_theirs)
              << ",\"ratio\":" << number_or_null(ours / theirs, have_theirs)
              << ",\"zugzwang_nps\":" << static_cast<std::uint64_t>(static_cast<double>(nodes) / ours)
              << "}" << std::endl;
  }
  return counts_agree ? 0 : 1;
}
