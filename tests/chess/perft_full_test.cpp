#include <doctest/doctest.h>

#include "core/chess/fen.hpp"
#include "core/chess/perft.hpp"
#include "tests/chess/perft_data.hpp"

using namespace zz::chess;

TEST_CASE("perft matches every published count at full depth") {
  const auto cases = test::load_perft_cases();
  REQUIRE(cases.size() == 6);
  for (const auto& c : cases) {
    CAPTURE(c.fen);
    const Position pos = parse_fen(c.fen);
    for (std::size_t d = 1; d <= c.counts.size(); ++d) {
      CAPTURE(d);
      CHECK(perft(pos, static_cast<int>(d)) == c.counts[d - 1]);
    }
  }
}
