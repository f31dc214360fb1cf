#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "solver/table/checksum.hpp"
#include "solver/table/table_file.hpp"

using namespace zz;

namespace {

struct TempFile {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("zz-table-test-" + std::to_string(::getpid()) + ".zzt");
  ~TempFile() { std::filesystem::remove(path); }
};

TableIdentity identity(std::uint64_t entries) { return {"game", {{"k", "v"}}, "tier", entries}; }

}  // namespace

TEST_CASE("tables round-trip in one-byte and two-byte encodings, compressed or not") {
  for (const int format : {2, 3})
  for (Code top : {Code{200}, Code{9001}}) {
    CAPTURE(format);
    std::vector<Code> codes;
    for (Code c = 0; c <= top; ++c) codes.push_back(c);
    TempFile f;
    if (format == 3) write_table(f.path, identity(codes.size()), TierTable(codes));
    else write_uncompressed_table(f.path, identity(codes.size()), TierTable(codes));
    CHECK(read_table_header(f.path)["format_version"] == format);
    CHECK(read_table_header(f.path)["encoding"] == (top < 256 ? "u8" : "u16"));
    const TierTable back = read_table(f.path, identity(codes.size()));
    REQUIRE(back.size() == codes.size());
    for (std::size_t i = 0; i < codes.size(); ++i) CHECK(back.code(i) == codes[i]);
    // Nothing but the final file is left behind.
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(f.path.parent_path()))
      files += e.path().filename().string().rfind(f.path.filename().string(), 0) == 0;
    CHECK(files == 1);
  }
}

TEST_CASE("loading checks identity and integrity") {
  std::vector<Code> codes(1000, kDrawCode);
  TempFile f;
  write_table(f.path, identity(1000), TierTable(codes));
  auto refused = [&](TableIdentity id, const char* why) {
    try {
      read_table(f.path, id);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find(why) != std::string::npos);
    }
  };
  refused(identity(999), "entries");
  refused({"other", {{"k", "v"}}, "tier", 1000}, "holds game");
  refused({"game", {{"k", "w"}}, "tier", 1000}, "holds rules");
  refused({"game", {{"k", "v"}}, "tier2", 1000}, "holds tier");
  std::ofstream(f.path, std::ios::app) << 'x';
  refused(identity(1000), "trailing");
}

TEST_CASE("the checksum sees every single-bit change") {
  std::vector<std::byte> data(77);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::byte>(i * 37);
  const auto base = checksum(data);
  for (std::size_t i = 0; i < data.size(); ++i)
    for (int b = 0; b < 8; ++b) {
      data[i] ^= static_cast<std::byte>(1 << b);
      CHECK(checksum(data) != base);
      data[i] ^= static_cast<std::byte>(1 << b);
    }
}
