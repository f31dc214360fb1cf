// `zugzwang verify` as a user runs it: a clean set exits 0 and says so, in text and JSON;
// a missing table or a bad option is refused in one line with exit code 2.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;

TEST_CASE("verify checks every table of a material and exits 0 when all are clean") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  REQUIRE(run({"solve", "chess", "--material", "KRvK", "--data", data}).code == 0);
  const auto text = run({"verify", "chess", "--material", "KRvK", "--data", data});
  CHECK(text.code == 0);
  CHECK(text.out.find("clean") != std::string::npos);
  CHECK(text.err.find("KRvK") != std::string::npos);  // progress, table by table

  const auto json = run({"verify", "chess", "--material", "KRvK", "--json", "--quiet", "--data", data});
  REQUIRE(json.code == 0);
  CHECK(json.err.empty());
  const auto doc = nlohmann::json::parse(json.out);
  CHECK(doc["clean"] == true);
  REQUIRE(doc["tables"].size() == 2);  // KvK, KRvK
  const auto& krk = doc["tables"].back();
  CHECK(krk["tier"] == "KRvK");
  CHECK(krk["mismatches"] == 0);
  CHECK(krk["positions"].get<std::uint64_t>() > 40000);
  CHECK(krk["from_scratch"] == false);

  const auto whole = run({"verify", "chess", "--material", "KRvK", "--from-scratch", "--quiet", "--data", data});
  CHECK(whole.code == 0);
  CHECK(whole.out.find("clean: every position agrees with its moves (each child ranked whole") != std::string::npos);

  const auto small = run({"verify", "chess", "--material", "KRvK", "--memory", "1M", "--quiet", "--data", data});
  CHECK(small.code == 0);
  CHECK(small.out.find("clean") != std::string::npos);

  // Kept decoded copies: written on the first check, read on the second, clean both times.
  const auto kept_folder = std::filesystem::path(data) / "chess" / "default" / ".decoded-kept";
  for (int run_number = 0; run_number < 2; ++run_number) {
    const auto kept = run({"verify", "chess", "--material", "KRvK", "--keep-decoded", "--quiet", "--data", data});
    CHECK(kept.code == 0);
    CHECK(kept.out.find("clean") != std::string::npos);
    CHECK(std::filesystem::is_directory(kept_folder));
  }
}

TEST_CASE("verify refuses what it cannot check in one line") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"verify", "chess", "--material", "KQvK", "--data", data},
           {"verify", "chess", "--material", "KQXvK", "--data", data},
           {"verify", "chess", "--material", "KQvK", "--threads", "-1", "--data", data},
           {"verify", "chess", "--material", "KQvK", "--memory", "lots", "--data", data},
           {"verify", "chess", "--material", "KQvK", "--memory", "0", "--data", data},
           {"verify", "nosuchgame", "--data", data}}) {
    const auto r = run(args);
    CAPTURE(args[3]);
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("verify --record resumes a long check and --summaries writes what summary prints") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  REQUIRE(run({"solve", "chess", "--material", "KRvKN", "--data", data}).code == 0);
  const std::string record = (dir.path / "record.jsonl").string();
  const auto summaries = dir.path / "summaries";
  const auto first = run({"verify", "chess", "--material", "KRvKN", "--record", record, "--summaries",
                          summaries.string(), "--json", "--quiet", "--data", data});
  REQUIRE(first.code == 0);
  const auto checked = nlohmann::json::parse(first.out)["tables"];
  CHECK(checked.size() == 4);  // KvK, KRvK, KNvK, KRvKN
  // One line per table, each a verify document of that table alone.
  std::ifstream in(record);
  std::string line;
  std::vector<std::string> tiers;
  while (std::getline(in, line)) tiers.push_back(nlohmann::json::parse(line)["tables"][0]["tier"]);
  CHECK(tiers.size() == checked.size());
  CHECK(tiers.back() == "KRvKN");
  // Each summary file is what `zugzwang summary` prints for that table.
  for (const std::string tier : {"KRvK", "KRvKN"}) {
    const auto summary = run({"summary", "chess", "--material", tier, "--json", "--data", data});
    REQUIRE(summary.code == 0);
    std::ifstream file(summaries / (tier + ".json"));
    REQUIRE(file);
    CHECK(nlohmann::json::parse(file) == nlohmann::json::parse(summary.out));
    // The same within a memory budget, and through kept decoded copies (twice: written, then read).
    for (const auto& extra : std::vector<std::vector<std::string>>{{"--memory", "1M"}, {"--keep-decoded"}, {"--keep-decoded"}}) {
      std::vector<std::string> args = {"summary", "chess", "--material", tier, "--json", "--data", data};
      args.insert(args.end(), extra.begin(), extra.end());
      const auto other = run(args);
      CAPTURE(extra[0]);
      REQUIRE(other.code == 0);
      CHECK(nlohmann::json::parse(other.out) == nlohmann::json::parse(summary.out));
    }
    CHECK(std::filesystem::is_directory(std::filesystem::path(data) / "chess" / "default" / ".decoded-kept"));
    for (const std::string bad : {"lots", "0"}) {
      const auto refused = run({"summary", "chess", "--material", tier, "--memory", bad, "--data", data});
      CHECK(refused.code == 2);
      CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
    }
  }
  // Run again over the record: nothing left to check.
  const auto again = run({"verify", "chess", "--material", "KRvKN", "--record", record, "--json", "--quiet", "--data", data});
  REQUIRE(again.code == 0);
  CHECK(nlohmann::json::parse(again.out)["tables"].empty());
  // A record that is not one: refused in one line.
  std::ofstream(record, std::ios::app) << "{\"tables\": [tru\n";
  const auto bad = run({"verify", "chess", "--material", "KRvKN", "--record", record, "--quiet", "--data", data});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("line 5") != std::string::npos);
  CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
  // A record or a summaries folder that cannot be written: refused in one line before any
  // table is checked (a file stands where a folder should be).
  const std::string file = (dir.path / "record.jsonl").string();
  for (const auto& where : std::vector<std::vector<std::string>>{{"--record", file + "/r.jsonl"},
                                                                 {"--summaries", file + "/summaries"}}) {
    CAPTURE(where[0]);
    auto args = std::vector<std::string>{"verify", "chess", "--material", "KRvKN", "--data", data};
    args.insert(args.end(), where.begin(), where.end());
    const auto refused = run(args);
    CHECK(refused.code == 2);
    CHECK(refused.err.find(where[0]) != std::string::npos);
    CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
  }
}

// verify --sample: the drawn, used, checked and failed counts in text and JSON, the same for
// the same seed; bad sizes and seeds refused in one line; a sampled check in a --record is
// not taken for a whole one.
TEST_CASE("verify --sample checks a seeded sample and says how many slots it drew and checked") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  REQUIRE(run({"solve", "tablut", "--material", "K1W2B", "--data", data}).code == 0);
  const std::vector<std::string> sampled = {"verify", "tablut", "--material", "K1W2B", "--sample", "5k", "--seed", "17",
                                            "--json", "--quiet", "--data", data};
  const auto json = run(sampled);
  REQUIRE(json.code == 0);
  const auto doc = nlohmann::json::parse(json.out);
  CHECK(doc["clean"] == true);
  const auto& t = doc["tables"].back();
  CHECK(t["tier"] == "K1W2B");
  CHECK(t["sample"]["requested"] == 5000);
  CHECK(t["sample"]["seed"] == 17);
  CHECK(t["sample"]["drawn"] == 5000);
  CHECK(t["positions"].get<std::uint64_t>() <= 5000);
  CHECK(t["checked"].get<std::uint64_t>() == t["positions"].get<std::uint64_t>() - t["derived"].get<std::uint64_t>());
  CHECK(t["decoded_whole"] == 0);
  CHECK(t["mismatches"] == 0);
  // Reproducible: the same counts again.
  CHECK(nlohmann::json::parse(run(sampled).out)["tables"].back()["positions"] == t["positions"]);

  const auto text = run({"verify", "tablut", "--material", "K1W2B", "--sample", "5000", "--quiet", "--data", data});
  CHECK(text.code == 0);
  CHECK(text.out.find("drawn") != std::string::npos);
  CHECK(text.out.find("checked") != std::string::npos);
  CHECK(text.out.find("clean: every sampled position agrees with its moves (a sample of 5000 slots of each table, seed 0)") !=
        std::string::npos);

  // A whole verify's JSON says it was not a sample.
  const auto whole = nlohmann::json::parse(
      run({"verify", "tablut", "--material", "K1W1B", "--json", "--quiet", "--data", data}).out);
  CHECK(whole["tables"].back()["sample"].is_null());

  for (const auto& bad : std::vector<std::vector<std::string>>{{"--sample", "0"},
                                                               {"--sample", "-5"},
                                                               {"--sample", "lots"},
                                                               {"--sample", "5X"},
                                                               {"--sample", "99999999999999999999"},
                                                               {"--sample", "100G00"},
                                                               {"--sample", "100", "--seed", "x"},
                                                               {"--sample", "100", "--seed", "-1"},
                                                               {"--sample", "100", "--seed", "1k"},
                                                               {"--seed", "3"},
                                                               {"--sample", "100", "--summaries", data + "/s"}}) {
    std::vector<std::string> args = {"verify", "tablut", "--material", "K1W2B", "--data", data};
    args.insert(args.end(), bad.begin(), bad.end());
    const auto r = run(args);
    CAPTURE(bad.back());
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK((r.err.find("--sample") != std::string::npos || r.err.find("--seed") != std::string::npos));
  }

  // A sample in the record does not mark a table clean for a whole check to skip.
  const std::string record = (dir.path / "record.jsonl").string();
  REQUIRE(run({"verify", "tablut", "--material", "K1W2B", "--sample", "1000", "--record", record, "--quiet", "--data", data})
              .code == 0);
  const auto resumed =
      run({"verify", "tablut", "--material", "K1W2B", "--record", record, "--json", "--quiet", "--data", data});
  REQUIRE(resumed.code == 0);
  const auto tables = nlohmann::json::parse(resumed.out)["tables"];
  REQUIRE_FALSE(tables.empty());
  CHECK(tables.back()["tier"] == "K1W2B");
  CHECK(tables.back()["sample"].is_null());

  // A sampled check resumes over a record of the same sample (size and seed), and of a whole
  // check; not over a different sample.
  const std::string sampled_record = (dir.path / "sampled.jsonl").string();
  const auto sampled_run = [&](const std::string& n, const std::string& seed) {
    const auto r = run({"verify", "tablut", "--material", "K1W2B", "--sample", n, "--seed", seed, "--record",
                        sampled_record, "--json", "--quiet", "--data", data});
    REQUIRE(r.code == 0);
    std::vector<std::string> checked;
    const auto doc = nlohmann::json::parse(r.out);  // kept: a loop over a temporary's member dangles
    for (const auto& t : doc["tables"]) checked.push_back(t["tier"]);
    return checked;
  };
  const auto first = sampled_run("1000", "5");  // K1W2B and the sub-tables it reads
  REQUIRE_FALSE(first.empty());
  CHECK(first.back() == "K1W2B");
  CHECK(sampled_run("1000", "5").empty());                  // the same sample: nothing left
  CHECK(sampled_run("1000", "6").size() == first.size());  // another seed: checked again
  CHECK(sampled_run("2000", "6").size() == first.size());  // another size: checked again
  std::ofstream(sampled_record, std::ios::trunc) << "";
  run({"verify", "tablut", "--material", "K1W2B", "--record", sampled_record, "--quiet", "--data", data});
  CHECK(sampled_run("1000", "5").empty());  // a whole check covers any sample
}
