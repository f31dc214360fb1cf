// Memory sizes as people write them (--memory).
#include <doctest/doctest.h>

#include "core/common/byte_size.hpp"
#include "core/common/error.hpp"

using zz::parse_byte_size;

TEST_CASE("memory sizes: units are powers of 1024, with or without i and B") {
  CHECK(parse_byte_size("4000000000") == 4000000000ULL);
  CHECK(parse_byte_size("512M") == 512ULL << 20);
  CHECK(parse_byte_size("512MiB") == 512ULL << 20);
  CHECK(parse_byte_size("8g") == 8ULL << 30);
  CHECK(parse_byte_size("3GB") == 3ULL << 30);
  CHECK(parse_byte_size("1.5G") == 3ULL << 29);
  CHECK(parse_byte_size("2T") == 2ULL << 40);
  CHECK(parse_byte_size("64K") == 64ULL << 10);
  CHECK(parse_byte_size("100B") == 100);
}

TEST_CASE("memory sizes: anything else is refused with the reason") {
  for (const char* bad : {"", "G", "lots", "8X", "1..5G", "-1G", "0", "0.1", "99999999999T", "8 G"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_byte_size(bad), zz::InputError);
  }
}
