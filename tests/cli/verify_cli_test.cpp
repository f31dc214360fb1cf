// `zugzwang verify` as a user runs it: a clean set exits 0 and says so, in text and JSON;
// a missing table or a bad option is refused in one line with exit code 2.
#include <doctest/doctest.h>

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
}

TEST_CASE("verify refuses what it cannot check in one line") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"verify", "chess", "--material", "KQvK", "--data", data},
           {"verify", "chess", "--material", "KQXvK", "--data", data},
           {"verify", "chess", "--material", "KQvK", "--threads", "-1", "--data", data},
           {"verify", "nosuchgame", "--data", data}}) {
    const auto r = run(args);
    CAPTURE(args[3]);
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}
