#pragma once
// What the tables of a set of tiers are on disk: present or missing, their size (or the
// size a missing one will take), and the statistics their headers state.
#include <cstdio>
#include <span>
#include <string>
#include <system_error>

#include "api/results.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/mapped_payload.hpp"
#include "solver/table/store.hpp"

namespace zz::api {

// A format-2 table file of `entries` codes of `width` bytes: header (about 1 kB), payload
// and block checksums.
inline std::uint64_t uncompressed_table_bytes(std::uint64_t entries, int width) {
  const std::uint64_t payload = entries * static_cast<std::uint64_t>(width);
  return 1024 + payload + 8 * ((payload + MappedPayload::kBlockBytes - 1) / MappedPayload::kBlockBytes);
}

// At most what a table file of `entries` one-byte codes takes uncompressed (tables whose
// remoteness passes 126 plies take two bytes a code, twice as much); compressed, a small
// fraction of it.
inline std::uint64_t estimated_table_bytes(std::uint64_t entries) { return 3072 + uncompressed_table_bytes(entries, 1); }

// "4.2 MB"
inline std::string human_bytes(std::uint64_t bytes) {
  const char* units[] = {"bytes", "kB", "MB", "GB", "TB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1000 && u < 4) {
    v /= 1000;
    ++u;
  }
  char text[48];
  if (u == 0) std::snprintf(text, sizeof text, "%.0f %s", v, units[u]);
  else std::snprintf(text, sizeof text, "%.1f %s", v, units[u]);
  return text;
}

template <Enumerable G>
TableInfo describe_table(const G& game, TableStore<G>& store, const typename G::Tier& t) {
  TableInfo info;
  info.tier = game.tier_name(t);
  info.file = store.file(t).string();
  info.entries = game.tier_size(t);
  info.present = store.exists(t);
  if (!info.present) {
    info.bytes = estimated_table_bytes(info.entries);
    return info;
  }
  std::error_code ec;
  info.bytes = std::filesystem::file_size(store.file(t), ec);
  try {
    const TierTable& table = store.load(t);
    info.stats = table.stats();
    info.format = table.compressed() ? kTableFormatVersion : table.mapped() ? kUncompressedFormatVersion : 1;
    info.uncompressed_bytes = uncompressed_table_bytes(info.entries, table.width());
  } catch (const InputError& e) {
    info.error = e.what();
  }
  return info;
}

struct TableNeeds {
  std::uint64_t missing_bytes = 0;  // estimated, for the missing tables
  int missing = 0;
};

// What solving `roots` still has to build.
template <Enumerable G>
TableNeeds table_needs(const G& game, TableStore<G>& store, std::span<const typename G::Tier> roots) {
  TableNeeds needs;
  for (const auto& t : dependency_order(game, roots)) {
    if (store.exists(t)) continue;
    needs.missing_bytes += estimated_table_bytes(game.tier_size(t));
    ++needs.missing;
  }
  return needs;
}

}  // namespace zz::api
