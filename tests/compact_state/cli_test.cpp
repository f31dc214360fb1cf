// The command line's --memory and --working-state: a table too large for the budget is
// solved in the compact state, and its file is the in-memory solve's, byte for byte.
#include <doctest/doctest.h>

#include <filesystem>

#include "tests/cli/cli_runner.hpp"

using cli_test::run;
using cli_test::slurp;

TEST_CASE("solve --memory: a budget too small for the in-memory state gives the same table files") {
  cli_test::TempDir memory, compact, automatic;
  const auto solve = [](const cli_test::TempDir& dir, std::vector<std::string> extra) {
    std::vector<std::string> args{"solve", "tablut", "--material", "K1W2B", "--data", dir.path.string(),
                                  "--no-counts"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run(args);
    CAPTURE(r.err);
    REQUIRE(r.code == 0);
    return r.err;
  };
  solve(memory, {"--working-state", "memory", "--progress", "off"});
  solve(compact, {"--working-state", "compact", "--progress", "off"});
  // K1W2B has 3.4 M slots: 20 MB in memory, over a 4 MiB budget. Its progress lines name
  // the scratch file's bytes written and read.
  const std::string progress = solve(automatic, {"--memory", "4M", "--progress", "lines"});
  CHECK(progress.find("K1W2B level 3: ") != std::string::npos);
  CHECK(progress.find(" written, ") != std::string::npos);
  CHECK(progress.find(" read; table ") != std::string::npos);
  const auto tables = memory.path / "tablut" / "default";
  int files = 0;
  for (const auto& f : std::filesystem::directory_iterator(tables)) {
    const auto name = f.path().filename();
    CAPTURE(name.string());
    ++files;
    CHECK(slurp(f.path()) == slurp(compact.path / "tablut" / "default" / name));
    CHECK(slurp(f.path()) == slurp(automatic.path / "tablut" / "default" / name));
  }
  CHECK(files >= 7);
  // No scratch file is left beside the tables.
  for (const auto& f : std::filesystem::directory_iterator(compact.path / "tablut" / "default"))
    CHECK(f.path().extension() != ".spool");
}
