// `zugzwang compress` and `zugzwang tables` as a user runs them: format 2 to 3 and back is
// byte for byte the file the solver wrote, every step answers queries alike, and the
// tables listing reports bytes, bits per slot and the ratio to format 2.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;

TEST_CASE("compress rewrites format 2 as format 3 and back, byte for byte") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  REQUIRE(run({"solve", "chess", "--material", "KRvK", "--table-format", "2", "--data", data}).code == 0);
  const auto file = dir.path / "chess" / "default" / "KRvK.zzt";
  const std::string uncompressed = cli_test::slurp(file);
  const std::vector<std::string> query = {"query", "chess", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1", "--json", "--data", data};
  const std::string before = run(query).out;

  const auto packed = run({"compress", "chess", "--material", "KRvK", "--json", "--data", data});
  REQUIRE(packed.code == 0);
  const auto doc = nlohmann::json::parse(packed.out);
  CHECK(doc["tables"].back()["format_before"] == 2);
  CHECK(doc["tables"].back()["format_after"] == 3);
  CHECK(cli_test::slurp(file).size() * 5 < uncompressed.size());
  CHECK(run(query).out == before);

  const auto listing = nlohmann::json::parse(run({"tables", "chess", "--material", "KRvK", "--json", "--data", data}).out);
  const auto& krk = listing["tables"].back();
  CHECK(krk["format"] == 3);
  CHECK(krk["bits_per_slot"].get<double>() < 1.6);
  CHECK(krk["uncompressed_bytes"].get<double>() > 5 * krk["bytes"].get<double>());
  const auto text = run({"tables", "chess", "--material", "KRvK", "--data", data});
  CHECK(text.out.find("bits/slot") != std::string::npos);
  CHECK(text.out.find("total present") != std::string::npos);
  // KRvK and KvK: 59,136 + 924 slots.
  CHECK(text.out.find("set: 2 tables, 60060 index slots; 2 present") != std::string::npos);

  // Already compressed: kept as it is.
  const std::string compressed = cli_test::slurp(file);
  REQUIRE(run({"compress", "chess", "--material", "KRvK", "--data", data}).code == 0);
  CHECK(cli_test::slurp(file) == compressed);

  REQUIRE(run({"compress", "chess", "--material", "KRvK", "--format", "2", "--data", data}).code == 0);
  CHECK(cli_test::slurp(file) == uncompressed);
  CHECK(run(query).out == before);
}

TEST_CASE("compress rewrites tables packed otherwise (an older packer's layout) and only those") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  REQUIRE(run({"solve", "chess", "--material", "KRvK", "--data", data}).code == 0);
  const auto file = dir.path / "chess" / "default" / "KRvK.zzt";
  const std::string as_solved = cli_test::slurp(file);
  const auto tables = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"compress", "chess", "--material", "KRvK", "--json", "--data", data};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run(args);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out)["tables"];
  };
  // Small blocks, as the packer once wrote them: a different file.
  CHECK(tables({"--block-entries", "1024"}).back()["rewritten"].get<bool>());
  CHECK(cli_test::slurp(file) != as_solved);
  CHECK_FALSE(tables({"--block-entries", "1024"}).back()["rewritten"].get<bool>());  // already so
  // A plain compress brings it back to today's layout, byte for byte the solver's file,
  // and leaves it alone after that (an interrupted run resumes where it stopped).
  const auto upgraded = tables({});
  CHECK(upgraded.back()["rewritten"].get<bool>());
  CHECK(cli_test::slurp(file) == as_solved);
  for (const auto& t : tables({})) CHECK_FALSE(t["rewritten"].get<bool>());
  CHECK(tables({"--force"}).back()["rewritten"].get<bool>());
  CHECK(cli_test::slurp(file) == as_solved);
  // Within a small memory budget, the same bytes.
  CHECK(tables({"--force", "--memory", "1M"}).back()["rewritten"].get<bool>());
  CHECK(cli_test::slurp(file) == as_solved);
  // Each rewritten table names what coded its blocks (its file records only the codec): the
  // coder asked for, else the better of LZMA2 9 and zstd 19 on a sample. A kept table names none.
  const auto named = tables({"--force", "--codec", "zstd", "--level", "5"}).back();
  CHECK(named["coder"] == "zstd5");
  CHECK(tables({"--force", "--codec", "lzma", "--level", "6"}).back()["coder"] == "lzma6");
  const auto chosen = tables({"--force"}).back();  // back to the solver's coder (the layout is the same)
  CHECK((chosen["coder"] == "lzma9" || chosen["coder"] == "zstd19"));
  CHECK(cli_test::slurp(file) == as_solved);
  CHECK_FALSE(tables({}).back().contains("coder"));
  const auto text = run({"compress", "chess", "--material", "KRvK", "--force", "--codec", "zstd", "--data", data});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("  zstd19\n") != std::string::npos);
  CHECK(text.err.find("KRvK: ") != std::string::npos);
  CHECK(text.err.find(", zstd19)\n") != std::string::npos);
}

TEST_CASE("compress refuses bad options in one line, before touching a table") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  REQUIRE(run({"solve", "chess", "--material", "KRvK", "--table-format", "2", "--data", data}).code == 0);
  const auto file = dir.path / "chess" / "default" / "KRvK.zzt";
  const std::string before = cli_test::slurp(file);
  for (const auto& bad : std::vector<std::vector<std::string>>{{"--codec", "brotli"},
                                                               {"--codec", "zstd", "--level", "99"},
                                                               {"--level", "5"},
                                                               {"--block-entries", "1000"},
                                                               {"--format", "4"},
                                                               {"--dictionary", "4096"},
                                                               {"--memory", "lots"},
                                                               {"--memory", "0"}}) {
    std::vector<std::string> args = {"compress", "chess", "--material", "KRvK", "--data", data};
    args.insert(args.end(), bad.begin(), bad.end());
    const auto r = run(args);
    CAPTURE(bad[0]);
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  CHECK(cli_test::slurp(file) == before);
  CHECK(run({"solve", "chess", "--material", "KRvK", "--table-format", "5", "--data", data}).code == 2);
}

TEST_CASE("solve --codec writes every table with that coder; compress --force makes them the default files") {
  cli_test::TempDir fast_dir, default_dir;
  const std::string fast = fast_dir.path.string(), plain = default_dir.path.string();
  const auto solved = run({"solve", "chess", "--material", "KRvK", "--codec", "zstd", "--level", "3", "--json",
                           "--progress", "lines", "--data", fast});
  REQUIRE(solved.code == 0);
  const auto report = nlohmann::json::parse(solved.out);
  CHECK(report["command"].get<std::string>().find("--codec zstd --level 3") != std::string::npos);
  // Each table's line says what coded it.
  CHECK(solved.err.find("KRvK stored:") != std::string::npos);
  CHECK(solved.err.find("coded zstd3") != std::string::npos);
  CHECK(solved.err.find("coded lzma") == std::string::npos);
  CHECK(solved.err.find("coded zstd19") == std::string::npos);
  REQUIRE(run({"solve", "chess", "--material", "KRvK", "--data", plain}).code == 0);
  const auto file = [](const cli_test::TempDir& d) { return d.path / "chess" / "default" / "KRvK.zzt"; };
  CHECK(cli_test::slurp(file(fast_dir)) != cli_test::slurp(file(default_dir)));
  const std::vector<std::string> query = {"query", "chess", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1", "--json", "--data"};
  auto ask = [&](const std::string& data) {
    auto args = query;
    args.push_back(data);
    return run(args).out;
  };
  CHECK(ask(fast) == ask(plain));
  // The solver's own choice, made later: byte for byte the file a plain solve writes.
  REQUIRE(run({"compress", "chess", "--material", "KRvK", "--force", "--data", fast}).code == 0);
  CHECK(cli_test::slurp(file(fast_dir)) == cli_test::slurp(file(default_dir)));
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"--codec", "brotli"}, {"--codec", "lzma", "--level", "0"}, {"--level", "6"}}) {
    std::vector<std::string> args = {"solve", "chess", "--material", "KQvK", "--data", fast};
    args.insert(args.end(), bad.begin(), bad.end());
    const auto r = run(args);
    CAPTURE(bad[1]);
    CHECK(r.code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  CHECK_FALSE(std::filesystem::exists(fast_dir.path / "chess" / "default" / "KQvK.zzt"));
}

TEST_CASE("compress joins blocks by coding a file's own symbols again: the bytes of packing the table at once") {
  // Recoded: KQvKR's tables solved with 131,072-code blocks, then joined into 1,048,576-code
  // blocks from their files' symbols. Packed: the same tables solved uncompressed and packed
  // with 1,048,576-code blocks from every code. The two must be the same files.
  cli_test::TempDir recoded_dir, packed_dir;
  const std::string recoded = recoded_dir.path.string(), packed = packed_dir.path.string();
  REQUIRE(run({"solve", "chess", "--material", "KQvKR", "--data", recoded}).code == 0);
  REQUIRE(run({"solve", "chess", "--material", "KQvKR", "--table-format", "2", "--data", packed}).code == 0);
  const std::vector<std::string> query = {"query", "chess", "8/8/8/8/8/2k5/8/KQ5r w - - 0 1", "--json"};
  auto with_data = [](std::vector<std::string> args, const std::string& data) {
    args.insert(args.end(), {"--data", data});
    return args;
  };
  const std::string answer = run(with_data(query, recoded)).out;
  REQUIRE(!answer.empty());

  const std::vector<std::string> join = {"compress", "chess", "--material", "KQvKR", "--block-entries", "1048576", "--json"};
  const auto r = run(with_data(join, recoded));
  REQUIRE(r.code == 0);
  const auto p = run(with_data(join, packed));
  REQUIRE(p.code == 0);
  // Parsed into variables: a loop over a member of a temporary would read freed memory.
  const auto recoded_doc = nlohmann::json::parse(r.out), packed_doc = nlohmann::json::parse(p.out);
  int recoded_tables = 0;
  for (const auto& t : recoded_doc["tables"]) {
    CAPTURE(t.dump());
    CHECK(t["rewritten"].get<bool>());
    recoded_tables += t["recoded"].get<bool>();
  }
  CHECK(recoded_tables == 4);  // KQvKR, KQvK, KRvK, KvK
  for (const auto& t : packed_doc["tables"]) CHECK_FALSE(t["recoded"].get<bool>());
  for (const std::string tier : {"KQvKR", "KQvK", "KRvK", "KvK"}) {
    CAPTURE(tier);
    const auto name = std::filesystem::path("chess") / "default" / (tier + ".zzt");
    CHECK(cli_test::slurp(recoded_dir.path / name) == cli_test::slurp(packed_dir.path / name));
  }
  CHECK(run(with_data(query, recoded)).out == answer);
  const auto listing = nlohmann::json::parse(run(with_data({"tables", "chess", "--material", "KQvKR", "--json"}, recoded)).out);
  for (const auto& t : listing["tables"]) CHECK(t["format"] == 3);
  // Now as asked: kept.
  const auto again = nlohmann::json::parse(run(with_data(join, recoded)).out);
  for (const auto& t : again["tables"]) CHECK_FALSE(t["rewritten"].get<bool>());
}

// --memory limits the writer's coders to a quarter of it (one coder at a time under 1M): each
// block is coded alone, so the files are the same byte for byte; a size that is not one is
// refused in one line.
TEST_CASE("compress --memory writes the same files with fewer coders at once") {
  cli_test::TempDir dir;
  const std::string data = dir.path.string();
  REQUIRE(run({"solve", "tablut", "--material", "K1W2B", "--table-format", "2", "--data", data}).code == 0);
  const auto file = dir.path / "tablut" / "default" / "K1W2B.zzt";
  const auto packed = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"compress", "tablut", "--material", "K1W2B", "--format", "3", "--force",
                                     "--block-entries", "4096", "--data", data};
    args.insert(args.end(), extra.begin(), extra.end());
    REQUIRE(run(args).code == 0);
    return cli_test::slurp(file);
  };
  const std::string unlimited = packed({});
  CHECK(unlimited.size() > 10000);
  CHECK(packed({"--memory", "1M"}) == unlimited);
  CHECK(packed({"--memory", "64M"}) == unlimited);
  for (const std::string bad : {"lots", "0", "-1G", "1X"}) {
    CAPTURE(bad);
    const auto r = run({"compress", "tablut", "--material", "K1W2B", "--memory", bad, "--data", data});
    CHECK(r.code == 2);
    CHECK(r.err.find("memory size '" + bad + "'") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}
