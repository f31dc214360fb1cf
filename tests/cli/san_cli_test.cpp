// Chess moves in SAN through the command line: moves are taken in SAN or UCI, --json carries
// both (the UCI id and the SAN name beside it), text prints SAN unless --notation uci, and bad
// SAN is refused with exit 2 and one line. Whether the SAN itself is right is
// tests/chess/san_test.cpp's question (against chess.js); this is the wiring.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using cli_test::run;
using nlohmann::json;

TEST_CASE("chess move takes SAN and UCI alike and names the moves in SAN") {
  const auto uci = run({"move", "chess", "startpos", "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1", "--json"});
  REQUIRE(uci.code == 0);
  const auto san = run({"move", "chess", "startpos", "e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "--json"});
  REQUIRE(san.code == 0);
  // Mixed, with the variants players type.
  const auto mixed = run({"move", "chess", "startpos", "e4", "e7e5", "Ng1f3", "Nc6", "Bb5!", "g8f6", "0-0", "--json"});
  REQUIRE(mixed.code == 0);
  const json a = json::parse(uci.out), b = json::parse(san.out), c = json::parse(mixed.out);
  CHECK(a == b);
  CHECK(a == c);
  CHECK(a["moves"] == json({"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1"}));
  CHECK(a["names"] == json({"e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O"}));
  // Fool's mate, in SAN: the last move is named as mate.
  const auto mate = run({"move", "chess", "startpos", "f3", "e5", "g4", "Qh4#", "--json"});
  REQUIRE(mate.code == 0);
  const json m = json::parse(mate.out);
  CHECK(m["result"] == "Black wins");
  CHECK(m["moves"].back() == "d8h4");
  CHECK(m["names"].back() == "Qh4#");
  // Other games keep one notation: no names.
  const auto tatedrez = run({"move", "tatedrez", "start", "R@b2", "--json"});
  REQUIRE(tatedrez.code == 0);
  CHECK(json::parse(tatedrez.out)["moves"] == json({"R@b2"}));
  CHECK(!json::parse(tatedrez.out).contains("names"));
}

TEST_CASE("bad SAN is refused with exit 2 and one line") {
  for (const char* text : {"Nf6", "Nd2x", "Qz9", "O-O", "exd5", "Ke2+", "e8=Q", ""}) {
    CAPTURE(text);
    const auto r = run({"move", "chess", "startpos", text});
    CHECK(cli_test::refused_in_one_line(r));
  }
  const auto illegal = run({"move", "chess", "startpos", "Nf6"});
  CHECK(illegal.err.find("illegal move 'Nf6'") != std::string::npos);
  // Two knights reach d2: the refusal names both ways to say it.
  const auto ambiguous = run({"move", "chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2"});
  CHECK(cli_test::refused_in_one_line(ambiguous));
  CHECK(ambiguous.err.find("ambiguous move 'Nd2': Nbd2 or Nfd2") != std::string::npos);
  // Control characters stay escaped in the one line.
  const auto control = run({"move", "chess", "startpos", "N\x1b[31mf3"});
  CHECK(cli_test::refused_in_one_line(control));
  CHECK(control.err.find('\x1b') == std::string::npos);
  CHECK(cli_test::refused_in_one_line(run({"query", "chess", "startpos", "--notation", "long"})));
}

TEST_CASE("analyze prints SAN, --notation uci the ids, --json both") {
  cli_test::TempDir data;
  // Back-rank mate: Ra8#.
  const std::vector<std::string> base = {"analyze", "chess", "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1", "--depth", "3",
                                         "--data", data.path.string()};
  auto with = [&](std::vector<std::string> extra) {
    auto args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args);
  };
  const auto js = with({"--json"});
  REQUIRE(js.code == 0);
  const json a = json::parse(js.out);
  CHECK(a["best_move"] == "a1a8");
  CHECK(a["best_move_name"] == "Ra8#");
  REQUIRE(!a["lines"].empty());
  CHECK(a["lines"][0]["name"] == "Ra8#");
  CHECK(a["lines"][0]["pv_names"].size() == a["lines"][0]["pv"].size());
  bool named = false;
  for (const auto& m : a["moves"]) named |= m["move"] == "a1a8" && m["name"] == "Ra8#";
  CHECK(named);
  const auto text = with({});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("best move Ra8#,") != std::string::npos);
  CHECK(text.out.find("1. Ra8#  ") != std::string::npos);
  CHECK(text.out.find("a1a8") == std::string::npos);
  const auto ids = with({"--notation", "uci"});
  REQUIRE(ids.code == 0);
  CHECK(ids.out.find("best move a1a8,") != std::string::npos);
  CHECK(ids.out.find("Ra8") == std::string::npos);
}
