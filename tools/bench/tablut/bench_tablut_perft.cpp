// Tablut move generation speed: perft from the start, one thread, one JSON line per depth.
// No Debian package plays Tablut, so there is no peer to compare against; the counts of
// depths 4 and 5 are checked against the plain reference generator by test_tablut_heavy.
#include <chrono>
#include <cstdint>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/tablut/game.hpp"

int main() {
  const zz::tablut::Tablut game;
  for (int depth : {4, 5}) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t nodes = game.perft(game.start(), depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << nlohmann::ordered_json{{"case", "tablut-perft"},
                                {"depth", depth},
                                {"nodes", nodes},
                                {"seconds", seconds},
                                {"nodes_per_second", seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0}}
                     .dump()
              << '\n';
  }
}
