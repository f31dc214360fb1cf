#include "solver/table/table_file.hpp"

#include <cstring>
#include <fstream>
#include <unistd.h>

#include "core/common/error.hpp"
#include "solver/table/checksum.hpp"
#include "solver/table/rules_json.hpp"

namespace zz {
namespace {

constexpr char kMagic[8] = {'Z', 'Z', 'T', 'A', 'B', 'L', 'E', '\n'};

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::vector<std::byte> pack(const TierTable& table, int width) {
  std::vector<std::byte> out(table.size() * width);
  const auto codes = table.codes();
  for (std::size_t i = 0; i < codes.size(); ++i) {
    out[i * width] = static_cast<std::byte>(codes[i] & 0xFF);
    if (width == 2) out[i * width + 1] = static_cast<std::byte>(codes[i] >> 8);
  }
  return out;
}

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& why) {
  throw InputError("table " + file.string() + ": " + why);
}

struct OpenedTable {
  std::ifstream in;
  nlohmann::json header;
};

OpenedTable open_table(const std::filesystem::path& file) {
  OpenedTable t;
  t.in.open(file, std::ios::binary);
  if (!t.in) refuse(file, "missing (solve it first)");
  char magic[8];
  std::uint8_t len_bytes[4];
  if (!t.in.read(magic, 8) || std::memcmp(magic, kMagic, 8) != 0) refuse(file, "not a zugzwang table (bad magic)");
  if (!t.in.read(reinterpret_cast<char*>(len_bytes), 4)) refuse(file, "truncated header");
  const std::uint32_t len = len_bytes[0] | len_bytes[1] << 8 | len_bytes[2] << 16 | std::uint32_t{len_bytes[3]} << 24;
  if (len > (1u << 20)) refuse(file, "corrupt header length");
  std::string text(len, '\0');
  if (!t.in.read(text.data(), len)) refuse(file, "truncated header");
  t.header = nlohmann::json::parse(text, nullptr, false);
  if (t.header.is_discarded() || !t.header.is_object()) refuse(file, "corrupt header (not JSON)");
  return t;
}

}  // namespace

void write_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& table) {
  Code widest = 0;
  for (Code c : table.codes()) widest = std::max(widest, c);
  const int width = widest < 256 ? 1 : 2;
  const std::vector<std::byte> payload = pack(table, width);
  const TierStats s = table.stats();
  const nlohmann::json header = {
      {"format_version", kTableFormatVersion},
      {"game", id.game},
      {"rules", rules_json(id.rules)},
      {"tier", id.tier},
      {"entries", table.size()},
      {"encoding", width == 1 ? "u8" : "u16"},
      {"checksum", hex(checksum(payload))},
      {"program_version", ZUGZWANG_VERSION},
      {"positions", s.positions()},
      {"wins", s.wins},
      {"losses", s.losses},
      {"draws", s.draws},
      {"longest_win", s.longest_win},
      {"longest_loss", s.longest_loss},
  };
  const std::string text = header.dump();
  std::filesystem::create_directories(file.parent_path());
  const std::filesystem::path temp = file.string() + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    const std::uint32_t len = static_cast<std::uint32_t>(text.size());
    const std::uint8_t len_bytes[4] = {static_cast<std::uint8_t>(len), static_cast<std::uint8_t>(len >> 8),
                                       static_cast<std::uint8_t>(len >> 16), static_cast<std::uint8_t>(len >> 24)};
    out.write(kMagic, 8);
    out.write(reinterpret_cast<const char*>(len_bytes), 4);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.write(reinterpret_cast<const char*>(payload.data()), static_cast<std::streamsize>(payload.size()));
    out.flush();
    if (!out) {
      std::filesystem::remove(temp);
      throw std::runtime_error("cannot write table " + temp.string());
    }
  }
  std::filesystem::rename(temp, file);
}

nlohmann::json read_table_header(const std::filesystem::path& file) { return open_table(file).header; }

TierTable read_table(const std::filesystem::path& file, const TableIdentity& expected) {
  OpenedTable t = open_table(file);
  const nlohmann::json& h = t.header;
  auto field = [&](const char* name) -> const nlohmann::json& {
    if (!h.contains(name)) refuse(file, std::string("corrupt header (no ") + name + ")");
    return h[name];
  };
  if (field("format_version") != kTableFormatVersion)
    refuse(file, "format version " + field("format_version").dump() + ", this program reads " +
                     std::to_string(kTableFormatVersion));
  if (field("game") != expected.game)
    refuse(file, "holds game " + field("game").dump() + ", not \"" + expected.game + "\"");
  if (field("rules") != rules_json(expected.rules))
    refuse(file, "holds rules " + field("rules").dump() + ", not " + rules_json(expected.rules).dump());
  if (field("tier") != expected.tier)
    refuse(file, "holds tier " + field("tier").dump() + ", not \"" + expected.tier + "\"");
  if (field("entries") != expected.entries)
    refuse(file, "holds " + field("entries").dump() + " entries, expected " + std::to_string(expected.entries));
  const nlohmann::json& enc = field("encoding");
  const int width = enc == "u8" ? 1 : enc == "u16" ? 2 : 0;
  if (width == 0) refuse(file, "unknown encoding " + enc.dump());
  std::vector<std::byte> payload(expected.entries * width);
  if (!t.in.read(reinterpret_cast<char*>(payload.data()), static_cast<std::streamsize>(payload.size())))
    refuse(file, "truncated payload");
  if (t.in.peek() != std::char_traits<char>::eof()) refuse(file, "trailing bytes after the payload");
  if (!field("checksum").is_string() || field("checksum") != hex(checksum(payload)))
    refuse(file, "checksum mismatch (corrupt payload)");
  std::vector<Code> codes(expected.entries);
  for (std::size_t i = 0; i < codes.size(); ++i) {
    codes[i] = static_cast<Code>(payload[i * width]);
    if (width == 2) codes[i] |= static_cast<Code>(static_cast<Code>(payload[i * width + 1]) << 8);
  }
  return TierTable(std::move(codes));
}

}  // namespace zz
