// `summary`'s mutual zugzwangs: every board whose values with each side to move differ so
// counts, whether or not a side has a move there (as the published chess counts do).
#include <doctest/doctest.h>

#include <string>

#include "api/session.hpp"
#include "tests/cli/cli_runner.hpp"

using namespace zz;

namespace {

api::MutualZugzwangs movement_zugzwangs(const std::string& no_move, const std::filesystem::path& dir) {
  auto s = api::open_session("tatedrez", {"no-move=" + no_move}, dir);
  s->solve(api::SolveRequest{});
  for (const auto& t : s->summary("").tables)
    if (t.tier == "movement") {
      REQUIRE(t.mutual_zugzwangs);
      return *t.mutual_zugzwangs;
    }
  FAIL("no movement tier");
  return {};
}

}  // namespace

// TateDrez's movement phase is the same game for both colours (each has a rook, a bishop and
// a knight), so a count of its boards must give both colours the same number of half-point
// zugzwangs. Under `no-move=draw` a side with no move draws: when such boards were left out
// for the first side only, White's count was 1,336 and Black's 1,496.
TEST_CASE("mutual zugzwangs: TateDrez's colour-symmetric movement phase gives both colours as many") {
  for (const std::string no_move : {"draw", "pass"}) {
    CAPTURE(no_move);
    cli_test::TempDir dir;
    const auto z = movement_zugzwangs(no_move, dir.path);
    CHECK(z.first_in_zugzwang > 0);
    CHECK(z.first_in_zugzwang == z.second_in_zugzwang);
    CHECK(z.raw_first_in_zugzwang == z.raw_second_in_zugzwang);
    CHECK(z.full > 0);
  }
}
