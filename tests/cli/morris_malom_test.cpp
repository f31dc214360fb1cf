// Nine Men's Morris tables against Malom's (Gevay and Danner's solver, built from its public
// source by tools/peers/build-peers): results/morris/malom-sectors.json keeps Malom's own
// analysis of each sector it solved, the counts of won, drawn and lost positions and how
// many end in each number of plies; zugzwang must say the same of every tier it holds.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

const json& record() {
  static const json r =
      json::parse(cli_test::slurp(std::filesystem::path(ZZ_RESULTS_DIR) / "morris" / "malom-sectors.json"));
  return r;
}

// Histogram of a table (index: plies) as Malom's record writes it (plies as text: count).
json nonzero_by_plies(const json& histogram) {
  json out = json::object();
  for (std::size_t d = 0; d < histogram.size(); ++d)
    if (histogram[d].get<std::uint64_t>() != 0) out[std::to_string(d)] = histogram[d];
  return out;
}

// Solves the record's tiers that `wanted` accepts, in the record's order (which solves each
// tier from the ones above it; a tier whose dependencies are left out solves them too), and
// compares each with Malom's figures; returns how many tiers were compared.
template <class Wanted>
int compare_tiers(Wanted wanted) {
  cli_test::TempDir data;
  int compared = 0;
  for (const auto& [tier, malom] : record()["tiers"].items()) {
    if (!wanted(tier)) continue;
    CAPTURE(tier);
    const auto solved = run({"solve", "morris", "--material", tier, "--data", data.path.string(), "--threads", "2"});
    REQUIRE(solved.code == 0);
    const auto after = run({"tables", "morris", "--material", tier, "--data", data.path.string(), "--json"});
    REQUIRE(after.code == 0);
    const json listed = json::parse(after.out);
    json entry;
    for (const auto& t : listed["tables"])
      if (t["tier"] == tier) entry = t;
    REQUIRE(entry.is_object());
    REQUIRE(entry["present"] == true);
    CHECK(entry["wins"] == malom["wins"]);
    CHECK(entry["draws"] == malom["draws"]);
    CHECK(entry["losses"] == malom["losses"]);
    CHECK(nonzero_by_plies(entry["wins_by_remoteness"]) == malom["wins_by_distance"]);
    CHECK(nonzero_by_plies(entry["losses_by_remoteness"]) == malom["losses_by_distance"]);
    ++compared;
  }
  return compared;
}

}  // namespace

TEST_CASE("the record holds Malom's analysis of movement and placement sectors") {
  const json& tiers = record()["tiers"];
  CHECK(tiers.size() >= 8);
  CHECK(tiers.contains("3-3-0-0"));
  CHECK(tiers.contains("4-4-1-1"));  // a placement tier, with its chain of dependencies
  CHECK(record()["malom"].get<std::string>().find("ggevay/malom") != std::string::npos);
}

// Movement tiers up to 4-4 and placement tiers that need no more: about 15 CPU-seconds.
TEST_CASE("Morris tables equal Malom's sectors: counts and plies to the end") {
  const std::set<std::string> small{"3-3-0-0", "4-3-0-0", "4-4-0-0", "2-4-1-0", "3-4-1-0", "3-3-1-1"};
  CHECK(compare_tiers([&](const std::string& tier) { return small.count(tier) == 1; }) == 6);
}

// Every tier of the record (to 5-5-0-0, 33 M slots; about 2.5 CPU-minutes): opt-in,
// test_morris_malom_all (ZUGZWANG_HEAVY_TESTS).
TEST_CASE("every Morris tier of the record equals Malom's sectors" * doctest::skip()) {
  CHECK(compare_tiers([](const std::string&) { return true; }) == static_cast<int>(record()["tiers"].size()));
}
