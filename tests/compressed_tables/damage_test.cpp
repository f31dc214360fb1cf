// A damaged compressed table is refused with one line naming the file and, for a damaged
// block, the block; never a crash and never a wrong code.
#include <doctest/doctest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/chess/game.hpp"
#include "core/common/error.hpp"
#include "round_trip.hpp"

using namespace compressed_test;

namespace {

void spill(const std::filesystem::path& f, const std::string& bytes) {
  std::ofstream(f, std::ios::binary | std::ios::trunc) << bytes;
}

// Reads every code; the reason of the first refusal, or "" when all read.
std::string read_all(const zz::TierTable& t) {
  try {
    for (std::uint64_t i = 0; i < t.size(); ++i) (void)t.code(i);
  } catch (const zz::InputError& e) {
    return e.what();
  }
  return "";
}

struct Fixture {
  zz::chess::Chess chess;
  zz::chess::Material krk = zz::chess::parse_material("KRvK");
  TempDir dir;
  std::filesystem::path file;
  std::string good;
  Fixture() {
    const std::vector<zz::chess::Material> roots = {krk};
    auto solved = zz::solve_in_memory(chess, std::span<const zz::chess::Material>(roots));
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    for (const auto& t : zz::dependency_order(chess, std::span<const zz::chess::Material>(roots))) {
      zz::PackOptions o = store.pack_options(t);
      o.block_shift = 10;  // several blocks
      o.choose_codec = false;  // LZMA, which the header edits below expect
      zz::write_table(store.file(t), store.identity(t), solved.at(chess.tier_name(t)), o);
    }
    file = store.file(krk);
    good = cli_test::slurp(file);
  }
  std::string open_and_read() {
    try {
      zz::TableStore<zz::chess::Chess> store(chess, dir.path);
      return read_all(store.load(krk));
    } catch (const zz::InputError& e) {
      return e.what();
    }
  }
};

}  // namespace

TEST_CASE("a flipped byte in a block is refused by block number, and only that block") {
  Fixture f;
  REQUIRE(f.open_and_read() == "");
  const auto header = zz::read_table_header(f.file);
  const std::uint64_t area = header["compressed_bytes"];
  std::string bad = f.good;
  bad[bad.size() - area + 3] ^= 0x20;  // inside block 0
  spill(f.file, bad);
  const std::string why = f.open_and_read();
  CHECK(why.find(f.file.string()) != std::string::npos);
  CHECK(why.find("block 0") != std::string::npos);
  CHECK(why.find('\n') == std::string::npos);
}

TEST_CASE("truncated, extended and altered files are refused when opened") {
  Fixture f;
  spill(f.file, f.good.substr(0, f.good.size() - 1));
  CHECK(f.open_and_read().find("truncated") != std::string::npos);
  spill(f.file, f.good + "x");
  CHECK(f.open_and_read().find("trailing") != std::string::npos);
  // A changed block offset in the index.
  const std::size_t payload = 12 + (static_cast<unsigned char>(f.good[8]) | static_cast<unsigned char>(f.good[9]) << 8);
  std::string bad = f.good;
  bad[payload + 8] ^= 1;
  spill(f.file, bad);
  CHECK(f.open_and_read().find("block index") != std::string::npos);
  // A header that claims another codec or symbol table: refused, or its blocks are.
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"\"codec\":\"lzma\"", "\"codec\":\"zstd\""}, {"\"codec\":\"lzma\"", "\"codec\":\"brotli\""},
           {"\"unused\":\"filled\"", "\"unused\":\"maybe\""}}) {
    std::string h = f.good;
    const auto at = h.find(from);
    REQUIRE(at != std::string::npos);
    h.replace(at, from.size(), to);
    // Same length or the padding absorbs it: keep the header length field as it is.
    if (to.size() > from.size()) h.erase(at + to.size(), to.size() - from.size());
    else h.insert(at + to.size(), from.size() - to.size(), ' ');
    spill(f.file, h);
    const std::string why = f.open_and_read();
    CAPTURE(to);
    CHECK(why != "");
    CHECK(why.find(f.file.string()) != std::string::npos);
  }
  // Axes that do not span the stored slots, or an order that is not a permutation of them
  // (same lengths, so the header's length still holds).
  const auto sizes = f.good.find("\"sizes\":[462,64]");
  REQUIRE(sizes != std::string::npos);
  std::string h = f.good;
  h.replace(sizes, 16, "\"sizes\":[462,63]");
  spill(f.file, h);
  CHECK(f.open_and_read().find("the axes do not span") != std::string::npos);
  const auto order = f.good.find("\"order\":[");
  REQUIRE(order != std::string::npos);
  for (const char* bad : {"0,0", "1,7"}) {
    h = f.good;
    h.replace(order + 9, 3, bad);
    spill(f.file, h);
    const std::string why = f.open_and_read();
    CAPTURE(bad);
    CHECK(why.find("corrupt header") != std::string::npos);
    CHECK(why.find(f.file.string()) != std::string::npos);
  }
}
