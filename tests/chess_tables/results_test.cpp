// The committed chess summaries in results/chess are what solving produces today. The
// default suite checks the three-piece tables and KQvKR; the heavy suite checks them all.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "../cli/cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

TEST_CASE("committed chess summaries are reproduced by their own commands") {
  const std::filesystem::path results = std::filesystem::path(ZZ_RESULTS_DIR) / "chess";
  int checked = 0, committed_files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(results)) {
    if (entry.path().extension() != ".json") continue;
    // Beside the summaries (named by their material) lie other records, such as the
    // comparison with published figures; only a material's summary is reproduced here.
    const std::string name = entry.path().stem().string();
    static const std::regex material("K[QRBNP]*vK[QRBNP]*");
    if (!std::regex_match(name, material)) continue;
    ++committed_files;
#ifndef ZZ_ALL_RESULTS
    if (name.size() > 4 && name != "KQvKR") continue;  // three pieces: "KQvK"
#endif
    CAPTURE(name);
    const json committed = json::parse(cli_test::slurp(entry.path()));
    const std::string command = committed["command"].get<std::string>();
    REQUIRE(command == "zugzwang solve chess --material " + name + " --json");
    cli_test::TempDir data;
    const auto r = run({"solve", "chess", "--material", name, "--json", "--data", data.path.string()});
    REQUIRE(r.code == 0);
    CHECK(json::parse(r.out) == committed);
    ++checked;
  }
  CHECK(committed_files == 35);  // 5 three-piece and 30 four-piece tables
#ifdef ZZ_ALL_RESULTS
  CHECK(checked == 35);
#else
  CHECK(checked == 6);
#endif
}
