// The committed Tablut summaries in results/tablut are what solving produces today: each is
// re-made by the command it names. Summaries of tables with at most three pawns run by
// default; the larger ones with the heavy tests (ZUGZWANG_TABLUT_RESULTS_PAWNS raises the limit).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

int pawn_limit() {
  const char* env = std::getenv("ZUGZWANG_TABLUT_RESULTS_PAWNS");
  return env ? std::atoi(env) : 3;
}

}  // namespace

TEST_CASE("each committed Tablut summary is reproduced by its own command") {
  const std::filesystem::path results = std::filesystem::path(ZZ_RESULTS_DIR) / "tablut";
  int checked = 0, skipped = 0;
  cli_test::TempDir data;  // shared: each summary reuses the tables of the smaller ones
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(results))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  // Fewer pawns first, so that the shared tables are built once, smallest first.
  auto pawns = [](const std::filesystem::path& p) {
    int w = 0, b = 0;
    std::sscanf(p.stem().string().c_str(), "K%dW%dB", &w, &b);
    return w + b;
  };
  std::sort(files.begin(), files.end(), [&](const auto& a, const auto& b) { return pawns(a) < pawns(b); });
  for (const auto& file : files) {
    if (pawns(file) > pawn_limit()) {
      ++skipped;
      continue;
    }
    CAPTURE(file.string());
    const json committed = json::parse(cli_test::slurp(file));
    const std::string command = committed["command"].get<std::string>();
    REQUIRE(command.rfind("zugzwang ", 0) == 0);
    std::vector<std::string> args;
    std::istringstream words(command.substr(9));
    for (std::string w; words >> w;) args.push_back(w);
    args.push_back("--data");
    args.push_back(data.path.string());
    const auto r = run(args);
    REQUIRE_MESSAGE(r.code == 0, r.err);
    CHECK(json::parse(r.out) == committed);
    ++checked;
  }
  MESSAGE(checked, " summaries reproduced, ", skipped, " larger ones left to the heavy run");
  CHECK(checked >= 10);
}
