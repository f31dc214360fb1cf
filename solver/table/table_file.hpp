#pragma once
// The on-disk form of one tier's table:
//   8 bytes   magic "ZZTABLE\n"
//   4 bytes   little-endian length of the header
//   header    JSON text: format version, game, rules, tier, entries, encoding (u8 or u16),
//             payload checksum, statistics, the program version that wrote it
//   payload   one code per index (see codes.hpp), 1 or 2 bytes each, little-endian
// Files are written under a temporary name and renamed when complete, so an interrupted
// solve never leaves a file that looks finished.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/rules.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

inline constexpr int kTableFormatVersion = 1;

// What a table file must be to serve a request; loading checks each field.
struct TableIdentity {
  std::string game;
  RuleValues rules;
  std::string tier;
  std::uint64_t entries = 0;
};

void write_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& table);

// Throws InputError with a one-line reason if the file is missing, truncated, corrupt, or
// holds another game, rule variant, tier or size.
TierTable read_table(const std::filesystem::path& file, const TableIdentity& expected);

// The header alone (throws InputError like read_table when it cannot be read).
nlohmann::json read_table_header(const std::filesystem::path& file);

}  // namespace zz
