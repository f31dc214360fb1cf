// Fuzzes the table loader with whole files (kept in memory-backed /dev/shm when it exists).
// The loader expects the identity of the seed tables (game "fuzz", tier "t", 70,000 entries:
// two checksum blocks in one-byte codes, three in two-byte ones). A file either is refused
// with InputError, or:
//   - opened, every code reads or its block is refused with InputError;
//   - read whole, its statistics equal a recount of its payload, and writing it again
//     gives a file that reads back to the same payload.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/common/error.hpp"
#include "solver/table/table_file.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace {

const std::filesystem::path& scratch() {
  static const std::filesystem::path dir = [] {
    const std::filesystem::path shm = "/dev/shm";
    const auto base = std::filesystem::exists(shm) ? shm : std::filesystem::temp_directory_path();
    auto d = base / ("zz-fuzz-table-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

const zz::TableIdentity kIdentity{"fuzz", {}, "t", 70000};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = scratch() / "input.zzt";
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    const zz::TierTable opened = zz::open_table(file, kIdentity);
    FUZZ_REQUIRE(opened.size() == kIdentity.entries);
    for (std::uint64_t i = 0; i < opened.size(); i += 997) {
      try {
        (void)opened.outcome(i);
      } catch (const zz::InputError&) {
        break;
      }
    }
  } catch (const zz::InputError&) {
  }
  try {
    const zz::TierTable table = zz::read_table(file, kIdentity);
    FUZZ_REQUIRE(zz::count_stats(table.bytes(), table.width()) == table.stats());
    const auto copy = scratch() / "copy.zzt";
    zz::write_table(copy, kIdentity, table);
    const zz::TierTable back = zz::read_table(copy, kIdentity);
    FUZZ_REQUIRE(back.width() == table.width());
    FUZZ_REQUIRE(std::ranges::equal(back.bytes(), table.bytes()));
  } catch (const zz::InputError&) {
  }
  return 0;
}
