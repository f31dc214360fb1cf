// The request limits every face shares (api/limits.hpp), checked by the Session itself, and
// a position no table covers as the results layer's own error kind.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

#include "api/limits.hpp"
#include "api/session.hpp"

using namespace zz;

TEST_CASE("analyze: exactly one of depth and seconds, each within its limits") {
  api::AnalyzeRequest r;
  r.position = "start";
  CHECK_THROWS_WITH_AS(api::check(r), "give exactly one of depth and seconds", InputError);
  r.depth = 0;
  CHECK_THROWS_WITH_AS(api::check(r), "depth must be between 1 and 200 plies", InputError);
  r.depth = 201;
  CHECK_THROWS_AS(api::check(r), InputError);
  r.depth = 200;
  CHECK_NOTHROW(api::check(r));
  r.seconds = 1.0;
  CHECK_THROWS_AS(api::check(r), InputError);  // both
  r.depth.reset();
  CHECK_NOTHROW(api::check(r));
  for (double bad : {0.0, -1.0, 86401.0, std::nan("")}) {
    r.seconds = bad;
    CHECK_THROWS_AS(api::check(r), InputError);
  }
  // The Session checks what it is given, whichever face built the request.
  const auto s = api::open_session("taktikl", {}, std::filesystem::temp_directory_path() / "zz-api-limits-unused");
  r.seconds.reset();
  r.depth = 0;
  CHECK_THROWS_WITH_AS(s->analyze(r), "depth must be between 1 and 200 plies", InputError);
}

TEST_CASE("review: the proof options' limits") {
  api::ReviewOptions o;
  CHECK_NOTHROW(api::check(o));
  o.proof_plies = -1;
  CHECK_THROWS_AS(api::check(o), InputError);
  o.proof_plies = api::kMaxProofPlies + 1;
  CHECK_THROWS_AS(api::check(o), InputError);
  o.proof_plies = 4;
  o.proof_nodes = 0;
  CHECK_THROWS_WITH_AS(api::check(o), "proof_nodes must be between 1 and 1000000000", InputError);
  const auto s = api::open_session("tatedrez", {}, std::filesystem::temp_directory_path() / "zz-api-limits-unused");
  CHECK_THROWS_AS(s->review("start", {}, o), InputError);
}

TEST_CASE("export: where is a value, with or without value=") {
  CHECK(!api::parse_where(""));
  CHECK(api::parse_where("win") == Value::Win);
  CHECK(api::parse_where("value=loss") == Value::Loss);
  CHECK(api::parse_where("draw") == Value::Draw);
  CHECK_THROWS_AS(api::parse_where("value=maybe"), InputError);
  CHECK_THROWS_AS(api::parse_where("size=win"), InputError);
}

TEST_CASE("perft: the depth limit") {
  const auto s = api::open_session("tatedrez", {}, "unused");
  CHECK_THROWS_AS(s->perft("start", -1, false), InputError);
  CHECK_THROWS_AS(s->perft("start", api::kMaxPerftDepth + 1, false), InputError);
  CHECK(s->perft("start", 1, false).nodes == 9 * 3);
}

TEST_CASE("a position no table covers is api::NotCovered, not a missing table") {
  const auto dir = std::filesystem::temp_directory_path() / "zz-api-limits-notcovered";
  const auto s = api::open_session("chess", {}, dir);
  try {
    s->query("start");  // castling rights: no table holds it
    FAIL("query of the chess start should throw");
  } catch (const api::MissingTable&) {
    FAIL("a position no table covers is not a missing table");
  } catch (const api::NotCovered& e) {
    CHECK(std::string(e.what()).find("castling") != std::string::npos);
  }
}
