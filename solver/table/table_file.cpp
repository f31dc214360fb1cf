#include "solver/table/table_file.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <unistd.h>

#include "core/common/error.hpp"
#include "solver/table/checksum.hpp"
#include "solver/table/mapped_payload.hpp"
#include "solver/table/rules_json.hpp"

namespace zz {
namespace {

constexpr char kMagic[8] = {'Z', 'Z', 'T', 'A', 'B', 'L', 'E', '\n'};
constexpr std::uint64_t kPrefixBytes = 12;   // magic and header length
constexpr std::uint64_t kPayloadAlign = 64;  // the payload's offset is a multiple of this
constexpr std::uint32_t kMaxHeaderBytes = 1u << 20;

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::uint64_t sums_checksum(const std::vector<std::uint64_t>& sums) {
  std::vector<std::byte> bytes(sums.size() * 8);
  for (std::size_t b = 0; b < sums.size(); ++b)
    for (int k = 0; k < 8; ++k) bytes[b * 8 + k] = static_cast<std::byte>(sums[b] >> (8 * k));
  return checksum(bytes);
}

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& why) {
  throw InputError("table " + file.string() + ": " + why);
}

// ---- writing ----

class TempFile {
 public:
  explicit TempFile(const std::filesystem::path& file)
      : path_(file.string() + ".tmp-" + std::to_string(::getpid())),
        fd_(::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) {
    if (fd_ < 0) fail("cannot create");
  }
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) std::filesystem::remove(path_);
  }
  void write(const void* data, std::size_t length) {
    const char* p = static_cast<const char*>(data);
    while (length > 0) {
      const ssize_t n = ::write(fd_, p, std::min<std::size_t>(length, 1 << 30));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail("cannot write");
      p += n;
      length -= static_cast<std::size_t>(n);
    }
  }
  // Synced before the rename, so that a complete name never stands for incomplete data.
  void commit(const std::filesystem::path& file) {
    if (::fsync(fd_) != 0) fail("cannot sync");
    ::close(fd_);
    fd_ = -1;
    std::filesystem::rename(path_, file);
    committed_ = true;
    const int dir = ::open(file.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
      ::fsync(dir);
      ::close(dir);
    }
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw std::runtime_error(std::string(what) + " table " + path_.string() + " (" + std::strerror(errno) + ")");
  }
  std::filesystem::path path_;
  int fd_;
  bool committed_ = false;
};

}  // namespace

void remove_stale_temporaries(const std::filesystem::path& file) {
  const std::string prefix = file.filename().string() + ".tmp-";
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(file.parent_path(), ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string pid = name.substr(prefix.size());
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 9) continue;
    if (::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH) std::filesystem::remove(e.path(), ec);
  }
}

namespace {

void put_u32(std::string& out, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>(v >> (8 * k)));
}

}  // namespace

std::string table_prefix(const TableIdentity& id, int width, const TierStats& s,
                         const std::vector<std::uint64_t>& block_sums) {
  const nlohmann::json header = {
      {"format_version", kTableFormatVersion},
      {"game", id.game},
      {"rules", rules_json(id.rules)},
      {"tier", id.tier},
      {"entries", id.entries},
      {"encoding", width == 1 ? "u8" : "u16"},
      {"block_bytes", MappedPayload::kBlockBytes},
      {"checksum", hex(sums_checksum(block_sums))},
      {"program_version", ZUGZWANG_VERSION},
      {"positions", s.positions()},
      {"wins", s.wins},
      {"losses", s.losses},
      {"draws", s.draws},
      {"longest_win", s.longest_win},
      {"longest_loss", s.longest_loss},
      {"wins_by_remoteness", s.wins_by_remoteness},
      {"losses_by_remoteness", s.losses_by_remoteness},
  };
  std::string text = header.dump();
  text.append((kPayloadAlign - (kPrefixBytes + text.size()) % kPayloadAlign) % kPayloadAlign, ' ');
  std::string prefix(kMagic, 8);
  put_u32(prefix, static_cast<std::uint32_t>(text.size()));
  return prefix + text;
}

std::vector<std::uint8_t> block_sum_bytes(const std::vector<std::uint64_t>& sums) {
  std::vector<std::uint8_t> bytes(sums.size() * 8);
  for (std::size_t b = 0; b < sums.size(); ++b)
    for (int k = 0; k < 8; ++k) bytes[b * 8 + k] = static_cast<std::uint8_t>(sums[b] >> (8 * k));
  return bytes;
}

void write_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& table) {
  const std::span<const std::uint8_t> payload = table.bytes();
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

struct Header {
  nlohmann::json json;
  std::uint64_t payload_offset = 0;
  std::uint64_t file_size = 0;
};

Header read_header(const std::filesystem::path& file, std::ifstream& in) {
  in.open(file, std::ios::binary);
  if (!in) refuse(file, "missing (solve it first)");
  Header h;
  std::error_code ec;
  h.file_size = std::filesystem::file_size(file, ec);
  if (ec) refuse(file, "cannot read its size");
  char magic[8];
  std::uint8_t len_bytes[4];
  if (!in.read(magic, 8) || std::memcmp(magic, kMagic, 8) != 0) refuse(file, "not a zugzwang table (bad magic)");
  if (!in.read(reinterpret_cast<char*>(len_bytes), 4)) refuse(file, "truncated header");
  const std::uint32_t len = len_bytes[0] | len_bytes[1] << 8 | len_bytes[2] << 16 | std::uint32_t{len_bytes[3]} << 24;
  if (len > kMaxHeaderBytes) refuse(file, "corrupt header length");
  if (kPrefixBytes + len > h.file_size) refuse(file, "truncated header");
  std::string text(len, '\0');
  if (!in.read(text.data(), len)) refuse(file, "truncated header");
  h.json = nlohmann::json::parse(text, nullptr, false);
  if (h.json.is_discarded() || !h.json.is_object()) refuse(file, "corrupt header (not JSON)");
  h.payload_offset = kPrefixBytes + len;
  return h;
}

const nlohmann::json& field(const std::filesystem::path& file, const nlohmann::json& h, const char* name) {
  if (!h.contains(name)) refuse(file, std::string("corrupt header (no ") + name + ")");
  return h[name];
}

std::uint64_t count_field(const std::filesystem::path& file, const nlohmann::json& h, const char* name) {
  const nlohmann::json& v = field(file, h, name);
  if (!v.is_number_unsigned()) refuse(file, std::string("corrupt header (") + name + " is not a count)");
  return v.get<std::uint64_t>();
}

int remoteness_field(const std::filesystem::path& file, const nlohmann::json& h, const char* name) {
  const nlohmann::json& v = field(file, h, name);
  if (!v.is_number_integer() || v.get<std::int64_t>() < -1 || v.get<std::int64_t>() > kMaxRemoteness)
    refuse(file, std::string("corrupt header (") + name + " is not a remoteness)");
  return v.get<int>();
}

// The identity checks shared by every format version; returns the code width.
int check_identity(const std::filesystem::path& file, const nlohmann::json& h, const TableIdentity& expected) {
  if (field(file, h, "game") != expected.game)
    refuse(file, "holds game " + field(file, h, "game").dump() + ", not \"" + expected.game + "\"");
  if (field(file, h, "rules") != rules_json(expected.rules))
    refuse(file, "holds rules " + field(file, h, "rules").dump() + ", not " + rules_json(expected.rules).dump());
  if (field(file, h, "tier") != expected.tier)
    refuse(file, "holds tier " + field(file, h, "tier").dump() + ", not \"" + expected.tier + "\"");
  if (field(file, h, "entries") != expected.entries)
    refuse(file, "holds " + field(file, h, "entries").dump() + " entries, expected " + std::to_string(expected.entries));
  const nlohmann::json& enc = field(file, h, "encoding");
  const int width = enc == "u8" ? 1 : enc == "u16" ? 2 : 0;
  if (width == 0) refuse(file, "unknown encoding " + enc.dump());
  return width;
}

// A histogram by remoteness: counts summing to `total`, as long as `longest` + 1, the last
// one not zero.
std::vector<std::uint64_t> histogram_field(const std::filesystem::path& file, const nlohmann::json& h,
                                           const char* name, std::uint64_t total, int longest) {
  const nlohmann::json& v = field(file, h, name);
  if (!v.is_array() || v.size() != static_cast<std::size_t>(longest + 1))
    refuse(file, std::string("corrupt header (") + name + " does not fit the longest remoteness)");
  std::vector<std::uint64_t> counts;
  std::uint64_t sum = 0;
  for (const auto& c : v) {
    if (!c.is_number_unsigned()) refuse(file, std::string("corrupt header (") + name + " holds a non-count)");
    counts.push_back(c.get<std::uint64_t>());
    if (counts.back() > total - sum) refuse(file, std::string("corrupt header (") + name + " exceeds its total)");
    sum += counts.back();
  }
  if (sum != total || (!counts.empty() && counts.back() == 0))
    refuse(file, std::string("corrupt header (") + name + " does not add up)");
  return counts;
}

TierStats header_stats(const std::filesystem::path& file, const nlohmann::json& h, std::uint64_t entries) {
  TierStats s;
  s.entries = entries;
  s.wins = count_field(file, h, "wins");
  s.losses = count_field(file, h, "losses");
  s.draws = count_field(file, h, "draws");
  s.longest_win = remoteness_field(file, h, "longest_win");
  s.longest_loss = remoteness_field(file, h, "longest_loss");
  if (s.wins > entries || s.losses > entries || s.draws > entries || s.positions() > entries ||
      count_field(file, h, "positions") != s.positions() || (s.wins > 0) != (s.longest_win >= 0) ||
      (s.losses > 0) != (s.longest_loss >= 0))
    refuse(file, "corrupt header (inconsistent statistics)");
  s.wins_by_remoteness = histogram_field(file, h, "wins_by_remoteness", s.wins, s.longest_win);
  s.losses_by_remoteness = histogram_field(file, h, "losses_by_remoteness", s.losses, s.longest_loss);
  return s;
}

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
  if (version != 1 && version != kTableFormatVersion)
    refuse(file, "format version " + version.dump() + ", this program reads 1 and " +
                     std::to_string(kTableFormatVersion));
  const int width = check_identity(file, h.json, expected);
  const std::uint64_t entries = expected.entries;
  if (version == 1) return read_version_1(file, in, h, width, entries);

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
  // Every block checked, and the statistics the header states recounted.
  if (count_stats(table.bytes(), table.width()) != table.stats())
    refuse(file, "corrupt header (statistics do not match the payload)");
  return table;
}

}  // namespace zz
