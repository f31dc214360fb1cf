#include "solver/table/table_file_parts.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "core/common/error.hpp"
#include "solver/table/rules_json.hpp"

namespace zz::table_file_parts {

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

void refuse(const std::filesystem::path& file, const std::string& why) {
  throw InputError("table " + file.string() + ": " + why);
}

std::string prefix_with(const nlohmann::json& header) {
  std::string text = header.dump();
  text.append((kPayloadAlign - (kPrefixBytes + text.size()) % kPayloadAlign) % kPayloadAlign, ' ');
  std::string prefix(kMagic, 8);
  const auto n = static_cast<std::uint32_t>(text.size());
  for (int k = 0; k < 4; ++k) prefix.push_back(static_cast<char>(n >> (8 * k)));
  return prefix + text;
}

nlohmann::json identity_json(const TableIdentity& id) {
  return {{"game", id.game}, {"rules", rules_json(id.rules)}, {"tier", id.tier}, {"entries", id.entries}};
}

nlohmann::json stats_json(const TierStats& s) {
  return {{"positions", s.positions()},
          {"wins", s.wins},
          {"losses", s.losses},
          {"draws", s.draws},
          {"longest_win", s.longest_win},
          {"longest_loss", s.longest_loss},
          {"wins_by_remoteness", s.wins_by_remoteness},
          {"losses_by_remoteness", s.losses_by_remoteness}};
}

std::uint64_t checksum_field(const std::filesystem::path& file, const nlohmann::json& h, const char* name) {
  const nlohmann::json& v = field(file, h, name);
  if (!v.is_string() || v.get<std::string>().size() != 16 ||
      v.get<std::string>().find_first_not_of("0123456789abcdef") != std::string::npos)
    refuse(file, std::string("corrupt header (") + name + " is not a checksum)");
  return std::stoull(v.get<std::string>(), nullptr, 16);
}

TempFile::TempFile(const std::filesystem::path& file)
    : path_(file.string() + ".tmp-" + std::to_string(::getpid())),
      fd_(::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) {
  if (fd_ < 0) fail("cannot create");
}

TempFile::~TempFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) std::filesystem::remove(path_);
}

void TempFile::write(const void* data, std::size_t length) {
  // Written in steps, each given back to the disk before the next (file_io.hpp): a table
  // written in one call would otherwise sit in the page cache, charged to the solve.
  const auto* p = static_cast<const std::uint8_t*>(data);
  while (length > 0) {
    const std::size_t step = std::min<std::size_t>(length, WrittenPages::kDefaultStep);
    if (!write_all_at(fd_, {p, step}, size_)) fail("cannot write");
    size_ += step;
    written_.wrote_up_to(fd_, size_);
    p += step;
    length -= step;
  }
}

void TempFile::commit(const std::filesystem::path& file) {
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

void TempFile::fail(const char* what) const {
  throw std::runtime_error(std::string(what) + " table " + path_.string() + " (" + std::strerror(errno) + ")");
}

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

TierStats header_stats(const std::filesystem::path& file, const nlohmann::json& h, std::uint64_t entries,
                       bool remoteness_known) {
  TierStats s;
  s.entries = entries;
  s.remoteness_known = remoteness_known;
  s.wins = count_field(file, h, "wins");
  s.losses = count_field(file, h, "losses");
  s.draws = count_field(file, h, "draws");
  s.longest_win = remoteness_field(file, h, "longest_win");
  s.longest_loss = remoteness_field(file, h, "longest_loss");
  if (s.wins > entries || s.losses > entries || s.draws > entries || s.positions() > entries ||
      count_field(file, h, "positions") != s.positions())
    refuse(file, "corrupt header (inconsistent statistics)");
  if (!remoteness_known) {
    // A values-only table counts no distances: none longest, no histogram.
    if (s.longest_win != -1 || s.longest_loss != -1 || field(file, h, "wins_by_remoteness") != nlohmann::json::array() ||
        field(file, h, "losses_by_remoteness") != nlohmann::json::array())
      refuse(file, "corrupt header (remoteness counted in a values-only table)");
    return s;
  }
  if ((s.wins > 0) != (s.longest_win >= 0) || (s.losses > 0) != (s.longest_loss >= 0))
    refuse(file, "corrupt header (inconsistent statistics)");
  s.wins_by_remoteness = histogram_field(file, h, "wins_by_remoteness", s.wins, s.longest_win);
  s.losses_by_remoteness = histogram_field(file, h, "losses_by_remoteness", s.losses, s.longest_loss);
  return s;
}

}  // namespace zz::table_file_parts
