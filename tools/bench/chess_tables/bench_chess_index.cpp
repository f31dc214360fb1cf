// The chess table index's unrank, one JSON line per material:
//   bench_chess_index [MATERIAL...]     (default: KQRvKR KRPvKR KPPvKP)
// "walked": slots in order, as a solver's initialization, verify and decoding read them (each
// call one step of the last group's subset from the call before); "alone": the same slots in
// descending order, each decoded from its index with divisions (what every call cost before
// the walk). Both in one process, alternating, so the ratio holds on a busy machine.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/chess/material.hpp"
#include "core/chess/table_index.hpp"

namespace {

using zz::chess::Position;
using zz::chess::TableIndex;

template <class Walk>
double timed(const Walk& walk) {
  const auto start = std::chrono::steady_clock::now();
  walk();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void bench(const std::string& name) {
  const TableIndex index(zz::chess::parse_material(name));
  // 32 M slots from the middle of the table (either side of the side-to-move boundary).
  const std::uint64_t n = std::min<std::uint64_t>(index.size(), std::uint64_t{1} << 25);
  const std::uint64_t first = (index.size() - n) / 2;
  Position p;
  std::uint64_t used_walked = 0, used_alone = 0;
  double walked = 0, alone = 0;
  for (int round = 0; round < 3; ++round) {
    used_walked = used_alone = 0;
    walked += timed([&] {
      for (std::uint64_t i = first; i != first + n; ++i) used_walked += index.unrank(i, p);
    });
    alone += timed([&] {
      for (std::uint64_t i = first + n; i-- != first;) used_alone += index.unrank(i, p);
    });
  }
  if (used_walked != used_alone) std::fprintf(stderr, "bench_chess_index: %s: the two orders disagree\n", name.c_str());
  std::printf("{\"case\":\"chess-unrank-%s\",\"slots\":%llu,\"used\":%llu,\"walked_ns_per_slot\":%.2f,"
              "\"alone_ns_per_slot\":%.2f,\"walked_over_alone\":%.3f}\n",
              name.c_str(), static_cast<unsigned long long>(n), static_cast<unsigned long long>(used_walked),
              walked * 1e9 / (3.0 * n), alone * 1e9 / (3.0 * n), walked / alone);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> cases(argv + 1, argv + argc);
  if (cases.empty()) cases = {"KQRvKR", "KRPvKR", "KPPvKP"};
  try {
    for (const auto& c : cases) bench(c);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_chess_index: %s\n", e.what());
    return 2;
  }
}
