// `zugzwang compress --values-only DIR`: a second set of the same tables holding each
// position's value alone (table-format.md, "Values only"). Every position's value read from
// it equals the full table's, it answers queries without a distance, and what needs the
// distance (a line, verify, a solve or a summary on top of it) is refused in one line.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;

namespace {

void write_file(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

std::vector<std::string> export_lines(const std::string& game, const std::string& material, const std::string& data) {
  const auto r = run({"export", game, "--material", material, "--format", "jsonl", "--data", data});
  REQUIRE(r.code == 0);
  std::vector<std::string> lines;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Every position of both sets (export's JSON lines, compared as text: millions of them):
// the same positions in the same order with the same values, and no distance but where the
// game is over (its own result, ply 0).
void check_same_values(const std::string& game, const std::string& material, const std::string& full,
                       const std::string& values) {
  const auto a = export_lines(game, material, full);
  const auto b = export_lines(game, material, values);
  REQUIRE(a.size() == b.size());
  REQUIRE(a.size() > 1000);
  const std::string key = ",\"remoteness\":";
  std::size_t wins = 0, losses = 0, unknown = 0, differ = 0;
  std::string first_difference;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const auto at = a[k].rfind(key), bt = b[k].rfind(key);
    const std::string tail = bt == std::string::npos ? "" : b[k].substr(bt + key.size());
    const bool same = at != std::string::npos && at == bt && a[k].compare(0, at, b[k], 0, bt) == 0 &&
                      (tail == "null}" || tail == "0}");
    if (!same && differ++ == 0) first_difference = a[k] + " / " + b[k];
    wins += a[k].find("\"value\":\"win\"") != std::string::npos;
    losses += a[k].find("\"value\":\"loss\"") != std::string::npos;
    unknown += tail == "null}";
  }
  CAPTURE(first_difference);
  CHECK(differ == 0);
  CHECK(wins > 0);
  CHECK(losses > 0);
  CHECK(unknown > a.size() / 2);
}

}  // namespace

TEST_CASE("compress --values-only keeps every value of a Morris set in a fraction of the bytes") {
  cli_test::TempDir dir;
  const std::string full = (dir.path / "full").string(), values = (dir.path / "values").string();
  // 3-3-1-1's set: three movement tiers (4-3-0-0 has 1,808,610 slots: its last block ends
  // inside a byte of 2-bit symbols), two placement tiers of one stone in hand whose every
  // move leads to a movement tier (implied: valued from their moves), and 3-3-1-1 itself,
  // stored because its moves lead to those.
  REQUIRE(run({"solve", "morris", "--material", "3-3-1-1", "--data", full}).code == 0);
  const auto r = run({"compress", "morris", "--material", "3-3-1-1", "--values-only", values, "--json", "--data", full});
  REQUIRE(r.code == 0);
  const auto written = nlohmann::json::parse(r.out)["tables"];
  REQUIRE(written.size() == 7);
  std::uint64_t before = 0, after = 0;
  for (const auto& t : written) {
    before += t["bytes_before"].get<std::uint64_t>();
    after += t["bytes_after"].get<std::uint64_t>();
  }
  CHECK(after < before);
  const auto header = [&](const std::string& tier) {
    return cli_test::slurp(dir.path / "values" / "morris" / "variant=nine" / (tier + ".zzt")).substr(0, 900);
  };
  for (const std::string tier : {"4-3-0-0", "3-3-1-1", "2-4-1-0"}) {
    CAPTURE(tier);
    CHECK(header(tier).find("\"remoteness\":\"none\"") != std::string::npos);
    CHECK(header(tier).find("\"symbol_bits\":2") != std::string::npos);
    CHECK(header(tier).find("\"longest_win\":-1") != std::string::npos);
  }
  CHECK(header("4-3-0-0").find("\"implied\":\"none\"") != std::string::npos);
  // The writer's block size, not Morris's own 65,536 (which its full tables have).
  CHECK(header("4-3-0-0").find("\"block_entries\":131072") != std::string::npos);
  CHECK(header("3-3-1-1").find("\"implied\":\"none\"") != std::string::npos);
  CHECK(header("2-4-1-0").find("\"implied\":\"exits\"") != std::string::npos);
  CHECK(header("3-4-1-0").find("\"implied\":\"exits\"") != std::string::npos);
  CHECK(header("2-4-1-0").find("\"symbols\":[0]") != std::string::npos);

  check_same_values("morris", "3-3-1-1", full, values);

  // Query: the value and every move's, without a distance.
  const std::string position = "WWWBB.B................. w 0 0";
  const auto a = nlohmann::json::parse(run({"query", "morris", position, "--json", "--data", full}).out);
  const auto b = nlohmann::json::parse(run({"query", "morris", position, "--json", "--data", values}).out);
  CHECK(a["value"] == "win");
  CHECK(b["value"] == "win");
  CHECK(a["remoteness"] == 7);
  CHECK(b["remoteness"].is_null());
  REQUIRE(a["moves"].size() == b["moves"].size());
  std::multiset<std::pair<std::string, std::string>> moves_a, moves_b;
  for (const auto& m : a["moves"]) moves_a.emplace(m["move"], m["value"]);
  for (const auto& m : b["moves"]) moves_b.emplace(m["move"], m["value"]);
  CHECK(moves_a == moves_b);
  const auto text = run({"query", "morris", position, "--data", values});
  CHECK(text.out.find("value     win\n") != std::string::npos);

  // A second run leaves what is there; --force writes it again, the same bytes.
  const auto file = dir.path / "values" / "morris" / "variant=nine" / "4-3-0-0.zzt";
  const std::string bytes = cli_test::slurp(file);
  const auto again = nlohmann::json::parse(
      run({"compress", "morris", "--material", "3-3-1-1", "--values-only", values, "--json", "--data", full}).out);
  for (const auto& t : again["tables"]) {
    CHECK_FALSE(t["rewritten"].get<bool>());
    CHECK(t["format_before"] == 3);  // the format of the table read
  }
  REQUIRE(run({"compress", "morris", "--material", "3-3-1-1", "--values-only", values, "--force", "--data", full}).code == 0);
  CHECK(cli_test::slurp(file) == bytes);
  // From tables of format 2 (every code as it is): the same values (the unused slots' filler
  // codes follow the source's blocks, so not the same bytes), and the JSON names the format
  // they were read from.
  REQUIRE(run({"compress", "morris", "--material", "3-3-1-1", "--format", "2", "--data", full}).code == 0);
  const auto from_plain = nlohmann::json::parse(run(
      {"compress", "morris", "--material", "3-3-1-1", "--values-only", values, "--force", "--json", "--data", full}).out);
  for (const auto& t : from_plain["tables"]) CHECK(t["format_before"] == 2);
  check_same_values("morris", "3-3-1-1", full, values);

  // What needs distances is refused, in one line.
  cli_test::expect_refused({"query", "morris", position, "--line", "--data", values}, "values only");
  cli_test::expect_refused({"verify", "morris", "--material", "4-3-0-0", "--data", values}, "values only");
  cli_test::expect_refused({"summary", "morris", "--material", "4-3-0-0", "--data", values}, "values only");
  cli_test::expect_refused({"solve", "morris", "--material", "5-3-0-0", "--data", values}, "values only");
  cli_test::expect_refused({"compress", "morris", "--material", "4-3-0-0", "--values-only", full, "--data", full},
                           "the folder read");
  cli_test::expect_refused(
      {"compress", "morris", "--material", "4-3-0-0", "--values-only", values, "--format", "2", "--data", full},
      "format 3");
}

TEST_CASE("compress --values-only of chess stores both sides and no implied slot, and keeps every value") {
  cli_test::TempDir dir;
  const std::string full = (dir.path / "full").string(), values = (dir.path / "values").string();
  REQUIRE(run({"solve", "chess", "--material", "KRvK", "--data", full}).code == 0);
  REQUIRE(run({"compress", "chess", "--material", "KRvK", "--values-only", values, "--data", full}).code == 0);
  const std::string header = cli_test::slurp(dir.path / "values" / "chess" / "default" / "KRvK.zzt").substr(0, 600);
  CHECK(header.find("\"implied\":\"none\"") != std::string::npos);
  CHECK(header.find("\"stored\":[0,59136]") != std::string::npos);
  check_same_values("chess", "KRvK", full, values);
  const auto q = nlohmann::json::parse(run({"query", "chess", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1", "--json", "--data", values}).out);
  CHECK(q["value"] == "win");
  CHECK(q["remoteness"].is_null());
}

TEST_CASE("a values-only table with a damaged header is refused in one line") {
  cli_test::TempDir dir;
  const std::string full = (dir.path / "full").string(), values = (dir.path / "values").string();
  REQUIRE(run({"solve", "morris", "--material", "3-3-0-0", "--data", full}).code == 0);
  REQUIRE(run({"compress", "morris", "--material", "3-3-0-0", "--values-only", values, "--data", full}).code == 0);
  const auto file = dir.path / "values" / "morris" / "variant=nine" / "3-3-0-0.zzt";
  const std::string good = cli_test::slurp(file);
  const auto damaged = [&](const std::string& from, const std::string& to) {
    std::string bytes = good;
    const auto at = bytes.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(from.size() == to.size());
    bytes.replace(at, from.size(), to);
    write_file(file, bytes);
  };
  const std::vector<std::string> query = {"query", "morris", "WWWBB.B................. w 0 0", "--data", values};
  damaged("\"symbol_bits\":2", "\"symbol_bits\":4");
  cli_test::expect_refused(query, "corrupt header (symbol_bits)");
  damaged("\"remoteness\":\"none\"", "\"remoteness\":\"kept\"");
  cli_test::expect_refused(query, "corrupt header (remoteness");
  damaged("\"longest_win\":-1", "\"longest_win\": 0");
  cli_test::expect_refused(query, "corrupt header (remoteness counted in a values-only table)");
  write_file(file, good);
  CHECK(run(query).code == 0);
}
