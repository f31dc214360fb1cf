#pragma once
// The on-disk form of one tier's table (docs/architecture.md specifies every version byte
// by byte). Version 3, written by default, is compressed (packed_table_file.hpp); version 2,
// still read and written on request, stores every code as it is:
//   8 bytes   magic "ZZTABLE\n"
//   4 bytes   little-endian length H of the header
//   H bytes   JSON header, padded with spaces so that the payload starts at a multiple of 64:
//             format version, game, rules, tier, entries, encoding (u8 or u16), block size,
//             checksum of the block checksums, statistics, the program version that wrote it
//   payload   one code per index (see codes.hpp), 1 or 2 bytes each, little-endian
//   checksums one little-endian 64-bit checksum per 64 KiB block of the payload
// Files are written under a temporary name, synced, and renamed when complete, so an
// interrupted solve never leaves a file that looks finished. Version 1 files (no padding,
// no block checksums, one checksum of the whole payload) are still read, into memory.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>  // the header is parsed only where a file is read

#include "core/common/rules.hpp"
#include "solver/table/table_packer.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

inline constexpr int kTableFormatVersion = 3;          // written by default
inline constexpr int kUncompressedFormatVersion = 2;   // one code per slot, mapped as it is

// What a table file must be to serve a request; loading checks each field.
struct TableIdentity {
  std::string game;
  RuleValues rules;
  std::string tier;
  std::uint64_t entries = 0;
};

// Writes a compressed table (format 3); `table` must not itself be compressed. Returns what
// coded its blocks (the options' coder, or the one they chose on a sample).
CodecSettings write_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& table,
                          const PackOptions& options = default_pack_options());
// Writes a compressed table again from its own file's symbols (recode_packed): `opened` is
// that file, opened (not decoded); the new file has the options' block size and codec.
// Returns what coded its blocks.
CodecSettings recode_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& opened,
                           const PackOptions& options);
// Writes format 2: every code as it is.
void write_uncompressed_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& table);

// The parts of a file around its payload, for a writer that has the payload in pieces (the
// distributed solver): magic, header length and the padded header (its length is the
// payload's offset); and the block checksums as stored after the payload.
std::string table_prefix(const TableIdentity& id, int width, const TierStats& stats,
                         const std::vector<std::uint64_t>& block_sums);
std::vector<std::uint8_t> block_sum_bytes(const std::vector<std::uint64_t>& block_sums);
// Removes FILE.tmp-PID files of processes that no longer run: killed solves.
void remove_stale_temporaries(const std::filesystem::path& file);

// Opens a table: header, size and block checksums (or block index) are checked now, and the
// payload is mapped, each block checked the first time it is read (decoded, if compressed). Throws InputError with a one-line
// reason if the file is missing, truncated, corrupt, or holds another game, rule variant,
// tier or size.
TierTable open_table(const std::filesystem::path& file, const TableIdentity& expected);

// open_table, then every block checked at once; a compressed table comes back decoded into
// memory, unless its file leaves slots out (needs_resolver()): it then comes back as it was
// opened, for the caller to attach a resolver.
TierTable read_table(const std::filesystem::path& file, const TableIdentity& expected);

// The header alone (throws InputError like open_table when it cannot be read).
nlohmann::json read_table_header(const std::filesystem::path& file);

}  // namespace zz
