// Nine Men's Morris tables against Malom's (Gevay and Danner's solver, built from its public
// source by tools/peers/build-peers): results/morris/malom/<variant>.json keep Malom's own
// analysis of each sector it solved, the counts of won, drawn and lost positions and how
// many end in each number of plies, for Nine Men's Morris, Lasker Morris and Morabaraba;
// zugzwang must say the same of every tier.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

json record(const std::string& variant) {
  return json::parse(cli_test::slurp(std::filesystem::path(ZZ_RESULTS_DIR) / "morris" / "malom" / (variant + ".json")));
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
int compare_tiers(const std::string& variant, Wanted wanted) {
  cli_test::TempDir data;
  const json r = record(variant);
  REQUIRE(r["rules"]["variant"] == variant);
  const std::string rule = "variant=" + variant;
  int compared = 0;
  for (const auto& [tier, malom] : r["tiers"].items()) {
    if (!wanted(tier)) continue;
    CAPTURE(variant);
    CAPTURE(tier);
    const auto solved = run({"solve", "morris", "--rule", rule, "--material", tier, "--data", data.path.string(),
                             "--threads", "2"});
    REQUIRE(solved.code == 0);
    const auto after = run({"tables", "morris", "--rule", rule, "--material", tier, "--data", data.path.string(),
                            "--json"});
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

TEST_CASE("the records hold Malom's analysis of movement and placement sectors") {
  for (const std::string variant : {"nine", "lasker", "morabaraba"}) {
    CAPTURE(variant);
    const json r = record(variant);
    CHECK(r["tiers"].size() >= 6);
    CHECK(r["tiers"].contains("3-3-0-0"));
    CHECK(r["tiers"].contains("3-3-1-1"));  // a placement tier, with its chain of dependencies
    CHECK(r["malom"].get<std::string>().find("ggevay/malom") != std::string::npos);
  }
}

// Nine Men's Morris: movement tiers up to 4-4 and the placement tiers that need no more
// (about 15 CPU-seconds); Lasker Morris and Morabaraba: the tiers that 3-3-0-0 and the small
// placement tiers need (a few CPU-seconds).
TEST_CASE("Morris tables equal Malom's sectors: counts and plies to the end") {
  const std::set<std::string> nine{"3-3-0-0", "4-3-0-0", "4-4-0-0", "2-4-1-0", "3-4-1-0", "3-3-1-1"};
  CHECK(compare_tiers("nine", [&](const std::string& tier) { return nine.count(tier) == 1; }) == 6);
  const std::set<std::string> lasker{"3-3-0-0", "3-2-0-1", "2-2-1-1"};
  CHECK(compare_tiers("lasker", [&](const std::string& tier) { return lasker.count(tier) == 1; }) == 3);
  CHECK(compare_tiers("morabaraba", [](const std::string& tier) { return tier == "3-3-0-0"; }) == 1);
}

// Every tier of every record (to 5-5-0-0, 33 M slots; about 3 CPU-minutes): opt-in,
// test_morris_malom_all (ZUGZWANG_HEAVY_TESTS).
TEST_CASE("every Morris tier of the records equals Malom's sectors" * doctest::skip()) {
  for (const std::string variant : {"nine", "lasker", "morabaraba"})
    CHECK(compare_tiers(variant, [](const std::string&) { return true; }) ==
          static_cast<int>(record(variant)["tiers"].size()));
}

// The whole game's summary (results/morris/nine/variant=nine.json, `tools/make-results
// morris-nine`: hours on 2 cores, so committed rather than solved again here) against what
// others found: the start a draw (Gasser 1993/1996; Gevay and Danner 2016), and every tier
// Malom's record holds equal in its counts and its longest win and loss.
TEST_CASE("the committed whole-game summary of Nine Men's Morris agrees with Gasser and Malom") {
  const std::filesystem::path file = std::filesystem::path(ZZ_RESULTS_DIR) / "morris" / "nine" / "variant=nine.json";
  const json nine = json::parse(cli_test::slurp(file));
  CHECK(nine["rules"]["variant"] == "nine");
  CHECK(nine["start"]["value"] == "draw");
  // Each first placement's value is the start's best: none wins for White.
  REQUIRE(nine["start"]["moves"].size() == 24);
  for (const auto& m : nine["start"]["moves"]) CHECK(m["value"] != "win");
  const json malom = record("nine");
  int compared = 0;
  std::uint64_t positions = 0;
  for (const auto& t : nine["tiers"]) {
    positions += t["positions"].get<std::uint64_t>();
    const std::string tier = t["tier"];
    if (!malom["tiers"].contains(tier)) continue;
    CAPTURE(tier);
    const json& m = malom["tiers"][tier];
    CHECK(t["wins"] == m["wins"]);
    CHECK(t["draws"] == m["draws"]);
    CHECK(t["losses"] == m["losses"]);
    const auto longest = [](const json& by_distance) {
      int most = -1;
      for (const auto& [plies, count] : by_distance.items()) most = std::max(most, std::stoi(plies));
      return most;
    };
    CHECK(t["longest_win"] == longest(m["wins_by_distance"]));
    CHECK(t["longest_loss"] == longest(m["losses_by_distance"]));
    ++compared;
  }
  CHECK(compared == static_cast<int>(malom["tiers"].size()));
  CHECK(nine["tiers"].size() == 267);  // every tier the start leads to (`zugzwang tables morris`)
  CHECK(positions == nine["positions"].get<std::uint64_t>());
}
