// A game's own block size (solver/game.hpp HasTableBlockShift): Morris's tables are written
// in blocks of 65,536 codes by a solve, `compress` packs a table in other blocks back to
// them by default, and the values stay the same whatever the blocks.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;

namespace {

std::uint64_t block_entries(const std::filesystem::path& file) {
  // The magic line (8 bytes), the header's length (4 bytes, little endian), the header.
  const std::string bytes = cli_test::slurp(file);
  REQUIRE(bytes.size() > 12);
  REQUIRE(bytes.compare(0, 8, "ZZTABLE\n") == 0);
  std::size_t length = 0;
  for (int k = 3; k >= 0; --k) length = length << 8 | static_cast<unsigned char>(bytes[8 + static_cast<std::size_t>(k)]);
  REQUIRE(12 + length <= bytes.size());
  return nlohmann::json::parse(bytes.substr(12, length))["block_entries"].get<std::uint64_t>();
}

}  // namespace

TEST_CASE("Morris's tables are coded in blocks of 65,536 codes, and compress packs them back to that") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  const auto file = dir.path / "morris" / "variant=nine" / "4-3-0-0.zzt";
  // 4-3-0-0: 1,808,610 slots, 28 blocks of 65,536 codes (the writer's default would be one
  // of 131,072 codes per 14).
  REQUIRE(run({"solve", "morris", "--material", "4-3-0-0", "--data", data}).code == 0);
  CHECK(block_entries(file) == 65536);
  const std::string solved = cli_test::slurp(file);
  const auto exported = run({"export", "morris", "--material", "4-3-0-0", "--format", "jsonl", "--data", data});
  REQUIRE(exported.code == 0);
  REQUIRE(exported.out.size() > 1000000);

  // Packed in other blocks on request: the same values.
  REQUIRE(run({"compress", "morris", "--material", "4-3-0-0", "--block-entries", "1048576", "--data", data}).code == 0);
  CHECK(block_entries(file) == 1048576);
  CHECK(run({"export", "morris", "--material", "4-3-0-0", "--format", "jsonl", "--data", data}).out == exported.out);

  // A plain compress finds the blocks differ from the game's and packs the table back: the
  // bytes the solve wrote.
  const auto back = run({"compress", "morris", "--material", "4-3-0-0", "--json", "--data", data});
  REQUIRE(back.code == 0);
  CHECK(block_entries(file) == 65536);
  CHECK(cli_test::slurp(file) == solved);
  CHECK(nlohmann::json::parse(back.out)["tables"].size() >= 1);
  // And then has nothing left to do.
  const auto again = run({"compress", "morris", "--material", "4-3-0-0", "--json", "--data", data});
  REQUIRE(again.code == 0);
  CHECK(cli_test::slurp(file) == solved);
}
