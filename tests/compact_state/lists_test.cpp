// Level lists written to a scratch file keep only their chunks' places in memory, and read
// back what was added.
#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <unistd.h>

#include "solver/level_lists.hpp"

TEST_CASE("spooled level lists hold no bytes of their chunks in memory") {
  const auto path = std::filesystem::temp_directory_path() / ("zz-lists-" + std::to_string(::getpid()));
  zz::SpoolFile spool(path);
  zz::LevelLists lists;
  lists.use(&spool);
  constexpr std::uint64_t kCount = 1'000'000;
  for (std::uint64_t i = 0; i < kCount; ++i) lists.add(3, static_cast<int>(i & 1), i * 7);
  lists.seal(3);
  // 123 chunks' places (64 bytes each, in vectors of doubling capacity); the indices' 1-2
  // bytes each are in the file. Clearing a chunk's bytes with `= {}` kept them (1 MB).
  CHECK(lists.memory_bytes() < 32 * 1024);
  CHECK(spool.size() >= kCount - 200);
  CHECK(spool.bytes_written() == spool.size());
  // Read in parallel: counted in atomics, checked after.
  std::atomic<std::uint64_t> seen{0}, sum{0}, wrong_kind{0};
  lists.for_each(3, [&](int kind, std::uint64_t i) {
    if (static_cast<std::uint64_t>(kind) != (i / 7 & 1)) ++wrong_kind;
    ++seen, sum += i;
  });
  CHECK(wrong_kind == 0);
  CHECK(seen == kCount);
  CHECK(sum == 7 * (kCount * (kCount - 1) / 2));
  CHECK(spool.bytes_read() > 0);
}
