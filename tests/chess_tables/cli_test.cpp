// The command line for chess tables: solve by material, query any FEN whose material is
// covered (either colour stronger), refuse what no table covers in one line, export.
#include <doctest/doctest.h>

#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "../cli/cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

namespace {

// One data folder with KQvK and KRvK (and KvK) for the whole run.
const std::string& data() {
  static cli_test::TempDir dir;
  static const bool solved = [] {
    const auto r = run({"solve", "chess", "--material", "KQvK,KRvK", "--threads", "2", "--data", dir.path.string()});
    REQUIRE(r.code == 0);
    return true;
  }();
  (void)solved;
  static const std::string path = dir.path.string();
  return path;
}

}  // namespace

TEST_CASE("a set's progress counts its tables and slots, names the sub-tables it decodes and estimates the time left") {
  cli_test::TempDir dir;
  REQUIRE(run({"solve", "chess", "--material", "KQvK", "--data", dir.path.string()}).code == 0);
  // KQvK and KvK exist: only KRvK and KQRvK are left to build.
  const auto r = run({"solve", "chess", "--material", "KQRvK", "--progress", "lines", "--data", dir.path.string()});
  REQUIRE(r.code == 0);
  CHECK(r.err.find("KRvK level 1: ") != std::string::npos);
  CHECK(r.err.find("; table 1 of 2, 0.0% of ") != std::string::npos);
  CHECK(r.err.find("KRvK stored: ") != std::string::npos);
  // A finished table says what it cost ("in 1.9 s, 3.1 CPU-s (0.82 CPU-µs per slot)"), measured:
  // its CPU time per slot is not zero; and what coded its blocks, which its file does not
  // say: a four-piece table takes the better of LZMA2 9 and zstd 19 on a sample.
  std::smatch cost;
  REQUIRE(std::regex_search(r.err, cost, std::regex(R"(KQRvK stored: \d+ of 3784704 slots won or lost \([0-9.]+%\) in )"
                                                      R"([0-9.]+ s, [0-9.]+ CPU-s \(([0-9]+\.[0-9]{2}) CPU-µs per slot\), )"
                                                      R"(coded (lzma9|zstd19); table 2 of 2)")));
  CHECK(std::stod(cost[1].str()) > 0.0);
  // After the first table the rate is known, and the estimate follows.
  CHECK(r.err.find("; table 2 of 2, ") != std::string::npos);
  CHECK(r.err.find(" left\n") != std::string::npos);
  CHECK(r.err.find("KQRvK stored: ") != std::string::npos);
  CHECK(r.err.find("; table 2 of 2, 100.0% of ") != std::string::npos);
  CHECK(r.err.find("table 3 of") == std::string::npos);
  // KQvK, compressed on disk, is decoded before KQRvK's first level, and says so (a
  // five-piece table's sub-tables take minutes); KRvK, just built, is in memory already.
  CHECK(r.err.find("KQRvK: decoding its sub-table KQvK (") != std::string::npos);
  CHECK(r.err.find("decoding its sub-table KRvK") == std::string::npos);
}

TEST_CASE("solve reports symmetry-reduced and raw counts per side to move") {
  cli_test::TempDir dir;
  const auto r = run({"solve", "chess", "--material", "KvKQ", "--json", "--data", dir.path.string()});
  REQUIRE(r.code == 0);
  const json s = json::parse(r.out);
  CHECK(s["command"] == "zugzwang solve chess --material KvKQ --json");
  REQUIRE(s["tiers"].size() == 2);
  const json& kqk = s["tiers"][1];
  CHECK(kqk["tier"] == "KQvK");
  CHECK(kqk["positions"] == 46137);
  const json& w = kqk["by_side"]["White"];
  const json& b = kqk["by_side"]["Black"];
  CHECK(w["raw_wins"].get<int>() + w["raw_draws"].get<int>() + w["raw_losses"].get<int>() == 144508);
  CHECK(b["raw_wins"].get<int>() + b["raw_draws"].get<int>() + b["raw_losses"].get<int>() == 223944);
  CHECK(kqk["raw_positions"] == 144508 + 223944);
  CHECK(w["losses"] == 0);
  CHECK(kqk["longest_win_example"]["value"] == "mate in 10");
  CHECK(kqk["longest_win"] == 19);
  // The example position is a mate in 10 when queried.
  const auto q = run({"query", "chess", kqk["longest_win_example"]["position"], "--json", "--data", dir.path.string()});
  REQUIRE(q.code == 0);
  CHECK(json::parse(q.out)["remoteness"] == 19);
}

TEST_CASE("query answers with the value, the depth in moves and every move") {
  // Black has the queen: answered by the KQvK table through the flipped position.
  const auto r = run({"query", "chess", "8/q7/8/8/8/8/5k2/7K b - - 0 1", "--json", "--data", data()});
  REQUIRE(r.code == 0);
  const json a = json::parse(r.out);
  CHECK(a["game"] == "chess");
  CHECK(a["value"] == "win");
  CHECK(a["remoteness"] == 1);  // Qh7 mates
  REQUIRE(!a["moves"].empty());
  CHECK(a["moves"][0]["value"] == "win");
  CHECK(a["moves"][0]["remoteness"] == 1);
  const auto text = run({"query", "chess", "8/q7/8/8/8/8/5k2/7K b - - 0 1", "--data", data()});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("mate in 1") != std::string::npos);
  // Ka8-b8, Rh8 mate.
  const auto lost = run({"query", "chess", "k7/8/1K6/8/8/8/8/7R b - - 0 1", "--json", "--data", data()});
  REQUIRE(lost.code == 0);
  CHECK(json::parse(lost.out)["value"] == "loss");
  CHECK(json::parse(lost.out)["remoteness"] == 2);
  const auto text_lost = run({"query", "chess", "k7/8/1K6/8/8/8/8/7R b - - 0 1", "--data", data()});
  CHECK(text_lost.out.find("mated in 1") != std::string::npos);
}

TEST_CASE("probe values every position read, a line each, and answers a bad line on its own line") {
  // Each answer must be what query says of the same position, in the order asked.
  const std::vector<std::string> fens = {"8/q7/8/8/8/8/5k2/7K b - - 0 1", "k7/8/1K6/8/8/8/8/7R b - - 0 1",
                                         "8/8/8/8/8/8/8/K6k w - - 0 1", "8/8/3k4/8/8/8/1R6/K7 w - - 0 1"};
  std::string input;
  for (const auto& f : fens) input += f + "\n";
  const auto r = run({"probe", "chess", "--json", "--data", data()}, input);
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  std::string line;
  for (const auto& f : fens) {
    CAPTURE(f);
    REQUIRE(std::getline(lines, line));
    const json a = json::parse(line), q = json::parse(run({"query", "chess", f, "--json", "--data", data()}).out);
    CHECK(a["position"] == f);
    CHECK(a["value"] == q["value"]);
    CHECK(a["remoteness"] == q["remoteness"]);
  }
  CHECK(!std::getline(lines, line));
  const auto text = run({"probe", "chess", "--data", data()}, fens[0] + "\n" + fens[1] + "\r\n");
  CHECK(text.code == 0);
  CHECK(text.out == "mate in 1\nmated in 1\n");
  // A bad line, one no table covers, a control character: each answered where it stands,
  // the good lines around them still valued, exit code 2.
  const auto bad = run({"probe", "chess", "--json", "--data", data()},
                       "nonsense\x01\nk7/8/8/8/8/8/8/4K1NN w - - 0 1\n" + fens[0] + "\n\xff\xfe not UTF-8\n");
  CHECK(bad.code == 2);
  CHECK(bad.err.empty());
  std::istringstream answers(bad.out);
  std::vector<json> got;
  while (std::getline(answers, line)) got.push_back(json::parse(line));
  REQUIRE(got.size() == 4);
  CHECK(got[3].contains("error"));
  CHECK(got[3]["position"] == "\\xff\\xfe not UTF-8");  // its bytes named, not replaced
  CHECK(got[0]["position"] == "nonsense\\x01");
  CHECK(got[0].contains("error"));
  CHECK(got[1]["error"].get<std::string>().find("KNNvK") != std::string::npos);
  CHECK(got[2]["value"] == "win");
}

TEST_CASE("positions no table covers are refused in one line") {
  for (const char* fen : {"startpos",                                 // too many pieces
                          "k7/8/8/8/8/8/8/4K1NN w - - 0 1",           // KNNvK, not solved here
                          "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"}) {        // castling rights
    CAPTURE(fen);
    const auto r = run({"query", "chess", fen, "--data", data()});
    CHECK(cli_test::refused_in_one_line(r));
  }
  const auto r = run({"query", "chess", "k7/8/8/8/8/8/8/4K1NN w - - 0 1", "--data", data()});
  CHECK(r.err.find("KNNvK") != std::string::npos);
  for (const char* material : {"KQvKX", "KQQQvKR", "all9", "", "KQ"}) {
    CAPTURE(material);
    cli_test::TempDir dir;
    CHECK(cli_test::refused_in_one_line(run({"solve", "chess", "--material", material, "--data", dir.path.string()})));
  }
  cli_test::TempDir dir;
  CHECK(cli_test::refused_in_one_line(run({"solve", "chess", "--data", dir.path.string()})));
}

TEST_CASE("export lists table positions with their values") {
  const auto r = run({"export", "chess", "--material", "KRvK", "--format", "jsonl", "--where", "value=win", "--limit", "5",
                      "--data", data()});
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    const json row = json::parse(line);
    CHECK(row["value"] == "win");
    CHECK((row["tier"] == "KRvK" || row["tier"] == "KvK"));
    const auto q = run({"query", "chess", row["position"], "--json", "--data", data()});
    CHECK(json::parse(q.out)["remoteness"] == row["remoteness"]);
  }
  CHECK(n == 5);
}

TEST_CASE("queries ignore the 50-move rule whatever the clock, and say when a draw is claimable") {
  // KQvK with White to move: mate in 5 from the table, at any halfmove clock.
  const std::string board = "8/8/8/8/8/8/2k5/K6Q w - - ";
  json fresh;
  for (const char* clock : {"0 60", "99 80", "100 80", "104 80"}) {
    CAPTURE(clock);
    const auto r = run({"query", "chess", board + clock, "--json", "--data", data()});
    REQUIRE(r.code == 0);
    const json a = json::parse(r.out);
    CHECK(a["position"] == board + clock);  // as given, clock included
    CHECK(a["value"] == "win");
    CHECK(a["remoteness"] == 9);
    CHECK(a["over"] == false);
    CHECK(a["fifty_move_rule"]["ignored_by_tables"] == true);
    CHECK(a["fifty_move_rule"]["halfmove_clock"] == std::stoi(clock));
    CHECK(a["fifty_move_rule"]["draw_claimable"] == (std::stoi(clock) >= 100));
    // Every move is valued by the tables too: at a clock of 99 no move is a draw by the rule.
    if (fresh.is_null()) fresh = a["moves"];
    CHECK(a["moves"] == fresh);
    const auto text = run({"query", "chess", board + clock, "--data", data()});
    CHECK(text.out.find("value     mate in 5\n") != std::string::npos);
    CHECK(text.out.find("50-move   the tables ignore the 50-move rule") != std::string::npos);
    CHECK((text.out.find("a draw can already be claimed") != std::string::npos) == (std::stoi(clock) >= 100));
  }
  CHECK(fresh[0]["value"] == "win");
  CHECK(fresh[0]["remoteness"] == 9);
  // The rules engine still ends the game at a clock of 100.
  const auto moved = run({"move", "chess", board + "99 80", "h1h2", "--json"});
  REQUIRE(moved.code == 0);
  CHECK(json::parse(moved.out)["result"] == "draw");
}

TEST_CASE("query, its line and review name chess moves in SAN; --notation uci keeps the ids") {
  // Black's king on b8 facing White's on b6: Rh8 mates.
  const std::string fen = "1k6/8/1K6/8/8/8/8/7R w - - 0 1";
  const auto r = run({"query", "chess", fen, "--json", "--data", data()});
  REQUIRE(r.code == 0);
  const json a = json::parse(r.out);
  CHECK(a["moves"][0]["move"] == "h1h8");
  CHECK(a["moves"][0]["name"] == "Rh8#");
  for (const auto& m : a["moves"]) CHECK(m["name"].is_string());
  const auto text = run({"query", "chess", fen, "--data", data()});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("  Rh8#     mate in 1\n") != std::string::npos);
  CHECK(text.out.find("h1h8") == std::string::npos);
  const auto uci = run({"query", "chess", fen, "--notation", "uci", "--data", data()});
  REQUIRE(uci.code == 0);
  CHECK(uci.out.find("  h1h8     mate in 1\n") != std::string::npos);
  CHECK(uci.out.find("Rh8") == std::string::npos);
  // Every move line of the two outputs: the same moves, named or by id, as the JSON pairs them.
  for (const auto& m : a["moves"]) {
    CHECK(text.out.find("  " + m["name"].get<std::string>() + " ") != std::string::npos);
    CHECK(uci.out.find("  " + m["move"].get<std::string>() + " ") != std::string::npos);
  }

  const std::string before = "k7/8/1K6/8/8/8/8/7R b - - 0 1";
  const auto line = run({"query", "chess", before, "--line", "--json", "--data", data()});
  REQUIRE(line.code == 0);
  const json l = json::parse(line.out);
  REQUIRE(l["line"].size() == 2);
  CHECK(l["line"][0]["move"] == "a8b8");
  CHECK(l["line"][0]["name"] == "Kb8");
  CHECK(l["line"][1]["name"] == "Rh8#");
  const auto line_text = run({"query", "chess", before, "--line", "--data", data()});
  CHECK(line_text.out.find("   1. Kb8      ") != std::string::npos);
  CHECK(line_text.out.find("   2. Rh8#     ") != std::string::npos);

  // A slower win: Rh7 instead of Rh8#, moves given in SAN and UCI.
  const auto review = run({"review", "chess", before, "Kb8", "h1h7", "--json", "--data", data()});
  REQUIRE(review.code == 0);
  const json v = json::parse(review.out);
  REQUIRE(v["plies"].size() == 2);
  CHECK(v["plies"][0]["move"] == "a8b8");
  CHECK(v["plies"][0]["name"] == "Kb8");
  CHECK(v["plies"][1]["move"] == "h1h7");
  CHECK(v["plies"][1]["name"] == "Rh7");
  CHECK(v["plies"][1]["verdict"] == "slower");
  CHECK(v["plies"][1]["best_move"] == "h1h8");
  CHECK(v["plies"][1]["best_move_name"] == "Rh8#");
  const auto review_san = run({"review", "chess", before, "Kb8", "Rh7", "--data", data()});
  REQUIRE(review_san.code == 0);
  CHECK(review_san.out.find(", best Rh8#") != std::string::npos);
  CHECK(review_san.out.find("Rh7") != std::string::npos);
  const auto review_uci = run({"review", "chess", before, "Kb8", "Rh7", "--notation", "uci", "--data", data()});
  REQUIRE(review_uci.code == 0);
  CHECK(review_uci.out.find(", best h1h8") != std::string::npos);
  CHECK(review_uci.out.find("h1h7") != std::string::npos);
  CHECK(cli_test::refused_in_one_line(run({"review", "chess", before, "Kb8", "Rh9", "--data", data()})));
}
