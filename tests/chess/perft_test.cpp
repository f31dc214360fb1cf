#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "core/chess/fen.hpp"
#include "core/chess/perft.hpp"
#include "tests/chess/naive_movegen.hpp"
#include "tests/chess/perft_data.hpp"
#include "tests/chess/random_games.hpp"

using namespace zz::chess;

namespace {

// Depths up to 20 million leaves: a tenth of a second in Release, seconds under sanitizers.
constexpr std::uint64_t kNodeBudget = 20'000'000;

}  // namespace

TEST_CASE("perft matches the published counts at shallow depths") {
  const auto cases = test::load_perft_cases();
  REQUIRE(cases.size() == 6);
  for (const auto& c : cases) {
    CAPTURE(c.fen);
    const Position pos = parse_fen(c.fen);
    for (std::size_t d = 1; d <= c.counts.size() && c.counts[d - 1] <= kNodeBudget; ++d) {
      CAPTURE(d);
      CHECK(perft(pos, static_cast<int>(d)) == c.counts[d - 1]);
    }
  }
}

TEST_CASE("perft divide sums to perft") {
  const Position pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::uint64_t sum = 0;
  int moves = 0;
  perft_divide(pos, 3, [&](Move, std::uint64_t n) {
    sum += n;
    ++moves;
  });
  CHECK(moves == 48);
  CHECK(sum == 97862);
}

TEST_CASE("the generator agrees with a naive generator along random games") {
  int positions = 0;
  test::random_games(40, 120, [&](const Position& pos, Square skipped) {
    std::vector<std::uint16_t> ours;
    for_each_legal_move(pos, [&](Move m) { ours.push_back(m.raw()); });
    std::sort(ours.begin(), ours.end());
    const auto expected = test::naive_legal_moves(pos, skipped);
    if (ours != expected) FAIL_CHECK("move lists differ in " << format_fen(pos));
    if (count_legal_moves(pos) != static_cast<int>(ours.size()))
      FAIL_CHECK("count differs from the list in " << format_fen(pos));
    // The en-passant field is set exactly when some en-passant capture is legal.
    const bool ep_legal = std::any_of(expected.begin(), expected.end(), [](std::uint16_t raw) {
      return Move::from_raw(raw).kind() == Move::EnPassant;
    });
    CHECK((pos.en_passant_square() != NoSquare) == ep_legal);
    ++positions;
  });
  CHECK(positions > 10000);
}
