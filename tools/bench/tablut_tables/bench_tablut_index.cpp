// The Tablut table index and un-move generator alone, one thread, one JSON line per case:
// the calls a solve of K1W3B makes for every slot and every decided position, timed apart
// from the solver's own work.
//   rank:    the index of in-tier children (of every 97th slot), as the solver's first pass
//   unrank:  slots spread over the whole table, as the un-move passes read them
//   unmove:  un-moves of the same children, each ranked, as the un-move passes do
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tablut/game.hpp"
#include "core/tablut/table_index.hpp"

namespace {

using namespace zz::tablut;

template <class F>
void report(const char* name, std::uint64_t calls, F&& run) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t checksum = run();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s\n", nlohmann::ordered_json{{"case", "tablut-index"},
                                             {"operation", name},
                                             {"calls", calls},
                                             {"seconds", seconds},
                                             {"ns_per_call", calls ? seconds * 1e9 / static_cast<double>(calls) : 0.0},
                                             {"checksum", checksum}}
                          .dump()
                          .c_str());
}

}  // namespace

int main() {
  const Material m{1, 3, false};
  const std::uint64_t n = table_size(m);
  std::vector<Position> children;
  Position p;
  for (std::uint64_t i = 0; i < n && children.size() < 200000; i += 97) {
    if (!table_unrank(m, i, p) || p.decided()) continue;
    for_each_move(p, [&](Move mv) {
      const Position c = play(p, mv);
      if (material_of(c) == m) children.push_back(c);
    });
  }
  constexpr int kRounds = 20;
  report("rank", kRounds * children.size(), [&] {
    std::uint64_t sum = 0;
    for (int r = 0; r < kRounds; ++r)
      for (const Position& c : children) sum += table_rank(c);
    return sum;
  });
  constexpr std::uint64_t kSlots = 2000000;
  report("unrank", kSlots, [&] {
    std::uint64_t used = 0;
    for (std::uint64_t i = 0; i < kSlots; ++i) used += table_unrank(m, i * 7919 % n, p) ? p.king : 0;
    return used;
  });
  std::uint64_t unmoves = 0;
  for (const Position& c : children) for_each_unmove(c, [&](const Position&) { ++unmoves; });
  report("unmove", unmoves, [&] {
    std::uint64_t sum = 0;
    for (const Position& c : children) for_each_unmove(c, [&](const Position& q) { sum += table_rank(q); });
    return sum;
  });
}
