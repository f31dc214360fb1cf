// Fuzzes the table loader with whole files (kept in memory-backed /dev/shm when it exists).
// The loader expects the identity of the seed tables (game "fuzz", tier "t", 70,000 entries:
// two checksum blocks in one-byte codes, three in two-byte ones; compressed seeds in blocks
// of 4096 or 16384 codes). A file either is refused with InputError, or:
//   - opened, every code reads or its block is refused with InputError (a compressed file
//     that leaves slots out gets a resolver that calls every slot used and derives draws);
//   - read whole, its statistics equal a recount of its payload (where the file holds every
//     code), and writing it again, compressed and uncompressed, gives files that read back
//     to the same payload.
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
  const zz::SlotResolver stand_in{[](std::uint64_t) { return true; }, [](std::uint64_t) { return zz::kDrawCode; },
                                  [](std::uint64_t) { return zz::kDrawCode; }};
  try {
    zz::TierTable opened = zz::open_table(file, kIdentity);
    if (opened.needs_resolver()) opened.set_resolver(stand_in);
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
    if (table.needs_resolver()) return 0;  // its statistics count slots the file leaves out
    FUZZ_REQUIRE(zz::count_stats(table.bytes(), table.width()) == table.stats());
    const auto copy = scratch() / "copy.zzt";
    for (const bool compressed : {true, false}) {
      if (compressed) {
        zz::PackOptions options;
        options.fill_unused = false;
        options.block_shift = 12;
        zz::write_table(copy, kIdentity, table, options);
      } else {
        zz::write_uncompressed_table(copy, kIdentity, table);
      }
      const zz::TierTable back = zz::read_table(copy, kIdentity);
      FUZZ_REQUIRE(back.width() == table.width());
      FUZZ_REQUIRE(std::ranges::equal(back.bytes(), table.bytes()));
    }
  } catch (const zz::InputError&) {
  }
  return 0;
}
