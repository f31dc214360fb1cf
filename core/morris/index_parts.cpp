#include "core/morris/index_parts.hpp"

namespace zz::morris::index_parts {
namespace {

constexpr FreeRankTables make_free_rank_tables() {
  FreeRankTables t{};
  for (int f = 0; f < 256; ++f)
    for (int s = 0; s < 256; ++s) {
      int packed = 0, j = 0;
      for (int b = 0; b < 8; ++b)
        if (f >> b & 1) {
          if (s >> b & 1) packed |= 1 << j;
          ++j;
        }
      t.compress[f][s] = static_cast<std::uint8_t>(packed);
    }
  // The share of byte n (points 8n..8n+7) = v of a packed set with `below` points under it:
  // its j-th point p adds C(p, below + j + 1), as rank_set does.
  const auto share = [](int n, int below, int v) {
    std::uint32_t r = 0;
    int j = 0;
    for (int b = 0; b < 8; ++b)
      if (v >> b & 1) r += static_cast<std::uint32_t>(choose_table[8 * n + b][below + ++j]);
    return r;
  };
  for (int v = 0; v < 256; ++v) {
    t.rank0[v] = share(0, 0, v);
    for (int o = 0; o <= 8; ++o) t.rank1[o][v] = share(1, o, v);
    for (int o = 0; o <= 16; ++o) t.rank2[o][v] = share(2, o, v);
  }
  return t;
}

}  // namespace

constinit const FreeRankTables free_rank_tables = make_free_rank_tables();

}  // namespace zz::morris::index_parts
