#include "solver/table/table_file.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <unistd.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/common/error.hpp"
#include "solver/file_io.hpp"
#include "solver/table/checksum.hpp"
#include "solver/table/mapped_payload.hpp"
#include "solver/table/packed_table_file.hpp"
#include "solver/table/rules_json.hpp"
#include "solver/table/table_file_parts.hpp"

namespace zz {

using namespace table_file_parts;

namespace {

std::uint64_t sums_checksum(const std::vector<std::uint64_t>& sums) {
  std::vector<std::byte> bytes(sums.size() * 8);
  for (std::size_t b = 0; b < sums.size(); ++b)
    for (int k = 0; k < 8; ++k) bytes[b * 8 + k] = static_cast<std::byte>(sums[b] >> (8 * k));
  return checksum(bytes);
}

}  // namespace

void remove_stale_temporaries(const std::filesystem::path& file) {
  const std::string prefix = file.filename().string() + ".tmp-";
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(file.parent_path(), ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    if (process_gone(name.substr(prefix.size()))) std::filesystem::remove(e.path(), ec);
  }
}


std::string table_prefix(const TableIdentity& id, int width, const TierStats& s,
                         const std::vector<std::uint64_t>& block_sums) {
  nlohmann::json header = identity_json(id);
  header.update(stats_json(s));
  header.update({{"format_version", kUncompressedFormatVersion},
                 {"encoding", width == 1 ? "u8" : "u16"},
                 {"block_bytes", MappedPayload::kBlockBytes},
                 {"checksum", hex(sums_checksum(block_sums))},
                 {"program_version", ZUGZWANG_VERSION}});
  return prefix_with(header);
}

std::vector<std::uint8_t> block_sum_bytes(const std::vector<std::uint64_t>& sums) {
  std::vector<std::uint8_t> bytes(sums.size() * 8);
  for (std::size_t b = 0; b < sums.size(); ++b)
    for (int k = 0; k < 8; ++k) bytes[b * 8 + k] = static_cast<std::uint8_t>(sums[b] >> (8 * k));
  return bytes;
}

void write_uncompressed_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& table) {
  // A table whose unused slots hold arbitrary codes is written with zeros there.
  std::vector<std::uint8_t> cleaned;
  if (table.filled()) {
    cleaned.resize(table.size() * table.width());
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, table.size(), 1 << 14), [&](const auto& r) {
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
        const Code c = table.code(i);
        cleaned[i * table.width()] = static_cast<std::uint8_t>(c);
        if (table.width() == 2) cleaned[i * 2 + 1] = static_cast<std::uint8_t>(c >> 8);
      }
    });
  }
  const std::span<const std::uint8_t> payload = table.filled() ? std::span<const std::uint8_t>(cleaned) : table.bytes();
  const std::vector<std::uint64_t> sums = block_checksums(payload);
  const std::string prefix = table_prefix(id, table.width(), table.stats(), sums);
  const std::vector<std::uint8_t> sum_bytes = block_sum_bytes(sums);
  std::filesystem::create_directories(file.parent_path());
  remove_stale_temporaries(file);
  TempFile out(file);
  out.write(prefix.data(), prefix.size());
  out.write(payload.data(), payload.size());
  out.write(sum_bytes.data(), sum_bytes.size());
  out.commit(file);
}

// ---- reading ----

namespace {

// Version 1: the payload right after the header and one checksum of it; read into memory.
TierTable read_version_1(const std::filesystem::path& file, std::ifstream& in, const Header& h, int width,
                         std::uint64_t entries) {
  if (h.file_size < h.payload_offset + entries * width) refuse(file, "truncated payload");
  if (h.file_size > h.payload_offset + entries * width) refuse(file, "trailing bytes after the payload");
  std::vector<std::uint8_t> payload(entries * width);
  if (!in.read(reinterpret_cast<char*>(payload.data()), static_cast<std::streamsize>(payload.size())))
    refuse(file, "truncated payload");
  const nlohmann::json& sum = field(file, h.json, "checksum");
  if (!sum.is_string() || sum != hex(checksum(std::as_bytes(std::span(payload)))))
    refuse(file, "checksum mismatch (corrupt payload)");
  const TierStats stats = count_stats(payload, width);
  return TierTable(std::move(payload), width, stats);
}

}  // namespace

nlohmann::json read_table_header(const std::filesystem::path& file) {
  std::ifstream in;
  return read_header(file, in).json;
}

TierTable open_table(const std::filesystem::path& file, const TableIdentity& expected) {
  std::ifstream in;
  const Header h = read_header(file, in);
  const nlohmann::json& version = field(file, h.json, "format_version");
  if (version != 1 && version != 2 && version != kTableFormatVersion)
    refuse(file, "format version " + version.dump() + ", this program reads 1 to " +
                     std::to_string(kTableFormatVersion));
  const int width = check_identity(file, h.json, expected);
  const std::uint64_t entries = expected.entries;
  if (version == 1) return read_version_1(file, in, h, width, entries);
  if (version == kTableFormatVersion) return open_packed_table(file, h, width, entries);

  if (field(file, h.json, "block_bytes") != MappedPayload::kBlockBytes)
    refuse(file, "unsupported block size " + field(file, h.json, "block_bytes").dump());
  if (h.payload_offset % kPayloadAlign != 0) refuse(file, "corrupt header (payload not aligned)");
  const TierStats stats = header_stats(file, h.json, entries);
  const std::uint64_t payload = entries * width;
  const std::uint64_t blocks = (payload + MappedPayload::kBlockBytes - 1) / MappedPayload::kBlockBytes;
  const std::uint64_t expected_size = h.payload_offset + payload + 8 * blocks;
  if (h.file_size < expected_size) refuse(file, "truncated (" + std::to_string(h.file_size) + " bytes, expected " +
                                                    std::to_string(expected_size) + ")");
  if (h.file_size > expected_size) refuse(file, "trailing bytes after the block checksums");
  std::vector<std::uint8_t> sum_bytes(8 * blocks);
  in.seekg(static_cast<std::streamoff>(h.payload_offset + payload));
  if (!in.read(reinterpret_cast<char*>(sum_bytes.data()), static_cast<std::streamsize>(sum_bytes.size())))
    refuse(file, "truncated block checksums");
  std::vector<std::uint64_t> sums(blocks);
  for (std::uint64_t b = 0; b < blocks; ++b)
    for (int k = 0; k < 8; ++k) sums[b] |= std::uint64_t{sum_bytes[b * 8 + k]} << (8 * k);
  const nlohmann::json& sum = field(file, h.json, "checksum");
  if (!sum.is_string() || sum != hex(sums_checksum(sums))) refuse(file, "checksum mismatch (corrupt block checksums)");
  return TierTable(std::make_shared<const MappedPayload>(file, h.payload_offset, payload, std::move(sums)), width,
                   stats);
}

TierTable read_table(const std::filesystem::path& file, const TableIdentity& expected) {
  TierTable table = open_table(file, expected);
  // Every block checked (a compressed table decoded), and the statistics the header states
  // recounted where the file holds every code.
  if (table.compressed()) {
    TierTable decoded = table.decoded();  // every block checked
    if (table.needs_resolver()) return table;  // slots left out: the caller's resolver answers them
    table = std::move(decoded);
  }
  if (count_stats(table.bytes(), table.width()) != table.stats())
    refuse(file, "corrupt header (statistics do not match the payload)");
  return table;
}

}  // namespace zz
