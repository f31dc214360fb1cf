#pragma once
// The parts every table file format shares (table_file.cpp: versions 1 and 2;
// packed_table_file.cpp: version 3): the prefix (magic, header length, padded JSON header),
// the header's identity and statistics fields and their checks, and the temporary file a
// table is written to before it is renamed into place.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/file_io.hpp"
#include "solver/table/table_file.hpp"

namespace zz::table_file_parts {

inline constexpr char kMagic[8] = {'Z', 'Z', 'T', 'A', 'B', 'L', 'E', '\n'};
inline constexpr std::uint64_t kPrefixBytes = 12;   // magic and header length
inline constexpr std::uint64_t kPayloadAlign = 64;  // the payload's offset is a multiple of this
inline constexpr std::uint32_t kMaxHeaderBytes = 1u << 20;

std::string hex(std::uint64_t v);
[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& why);

// Magic, header length and the header, padded with spaces so that the payload that follows
// starts at a multiple of kPayloadAlign.
std::string prefix_with(const nlohmann::json& header);
// The identity fields of a header (game, rules, tier, entries) and its statistics.
nlohmann::json identity_json(const TableIdentity& id);
nlohmann::json stats_json(const TierStats& s);

struct Header {
  nlohmann::json json;
  std::uint64_t payload_offset = 0;
  std::uint64_t file_size = 0;
};
Header read_header(const std::filesystem::path& file, std::ifstream& in);
const nlohmann::json& field(const std::filesystem::path& file, const nlohmann::json& h, const char* name);
std::uint64_t count_field(const std::filesystem::path& file, const nlohmann::json& h, const char* name);
// Checks game, rules, tier and entries against what the caller expects; returns the code
// width that `encoding` names.
int check_identity(const std::filesystem::path& file, const nlohmann::json& h, const TableIdentity& expected);
// The statistics fields; a values-only table's (remoteness_known false) count no distances.
TierStats header_stats(const std::filesystem::path& file, const nlohmann::json& h, std::uint64_t entries,
                       bool remoteness_known = true);
// A checksum given as 16 hex digits.
std::uint64_t checksum_field(const std::filesystem::path& file, const nlohmann::json& h, const char* name);

// A file written under FILE.tmp-PID and renamed to FILE by commit(); removed if never committed.
class TempFile {
 public:
  explicit TempFile(const std::filesystem::path& file);
  ~TempFile();
  void write(const void* data, std::size_t length);
  // Synced before the rename, so that a complete name never stands for incomplete data.
  void commit(const std::filesystem::path& file);

 private:
  [[noreturn]] void fail(const char* what) const;
  std::filesystem::path path_;
  int fd_;
  std::uint64_t size_ = 0;
  WrittenPages written_;
  bool committed_ = false;
};


}  // namespace zz::table_file_parts
