#pragma once
// Writing a table whose codes are spread over the ranks of a distributed job, each rank
// holding its slice of the index: the same file, byte for byte, as write_table of the
// whole table. Each rank writes its grains of the payload at their offsets in one
// temporary file; rank 0 writes the header and the block checksums, and renames the file
// once every part is synced.
#include <filesystem>
#include <span>

#include "solver/distributed/communicator.hpp"
#include "solver/table/codes.hpp"
#include "solver/table/table_file.hpp"

namespace zz {

// Collective; every rank passes what it owns and its codes, in the order of its arrays.
void write_table(const std::filesystem::path& file, const TableIdentity& id, std::span<const Code> owned_codes,
                 const Ownership& owned, Communicator& comm);

// The statistics of a table from the statistics of each rank's part (collective).
TierStats merge_stats(const TierStats& slice_stats, std::uint64_t entries, Communicator& comm);

}  // namespace zz
