#pragma once
// Format 3, the compressed table file (docs/architecture.md, section 6):
//   prefix    magic, header length, JSON header padded to a multiple of 64 bytes: the fields
//             of format 2 and the layout of the payload (codec, block size, the stored
//             slots, the symbol table, sizes and checksums)
//   index     (blocks + 1) u64 offsets of the coded blocks, then one u64 checksum per block
//   dictionary (zstd with a trained dictionary only)
//   blocks    the coded blocks, one after another
#include <filesystem>

#include "solver/table/table_file_parts.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

// Opens the payload of a version-3 file whose header and identity are already read.
TierTable open_packed_table(const std::filesystem::path& file, const table_file_parts::Header& h, int width,
                            std::uint64_t entries);

}  // namespace zz
