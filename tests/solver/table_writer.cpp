// A helper for interrupted_test.cpp: writes one table of N codes to FILE, so that the test
// can kill the process at any moment of the write.
//   table_writer FILE N
#include <cstdlib>
#include <string>
#include <vector>

#include "solver/table/table_file.hpp"

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  const std::uint64_t n = std::strtoull(argv[2], nullptr, 10);
  std::vector<zz::Code> codes(n);
  for (std::uint64_t i = 0; i < n; ++i) codes[i] = static_cast<zz::Code>(1 + i % 200);
  zz::write_table(argv[1], {"test", {}, "tier", n}, zz::TierTable(codes));
  return 0;
}
