// The engine's search on its own: immediate wins, legal moves on random positions with one
// and two threads, the repetition rule (the better side avoids a repetition, the worse side
// seeks it), the time limit, and the proof search's quick verdicts against plain df-pn.
#include <doctest/doctest.h>

#include <chrono>
#include <random>

#include "core/tablut/engine/proof_game.hpp"
#include "core/tablut/game.hpp"
#include "solver/search/depth_first_proof.hpp"
#include "solver/search/dfpn.hpp"
#include "solver/search/oracle.hpp"
#include "tests/tablut_engine/random_positions.hpp"
#include "tools/match/player.hpp"

using namespace zz;
using namespace zz::tablut;
using engine_test::random_position;

namespace {

match::PlayerOptions options(int threads = 1) {
  match::PlayerOptions o;
  o.engine.threads = threads;
  o.engine.hash_megabytes = 16;
  o.engine.proof_share = 0;
  return o;
}

search::ThinkLimits depth_limit(int depth) {
  search::ThinkLimits l;
  l.max_depth = depth;
  return l;
}

}  // namespace

TEST_CASE("the engine escapes at once when it can, and captures the king when it can") {
  const Tablut g;
  match::TablutPlayer player(options());
  const Position escape = g.parse("9/9/2K6/9/9/9/9/7B1/9 w");
  auto d = player.choose(escape, depth_limit(4));
  REQUIRE(d.move);
  CHECK(g.play(escape, *d.move).king_escaped());
  CHECK(d.score == search::mate_in(1));
  const Position capture = g.parse("2B6/3K5/9/9/9/9/9/9/9 b");
  player.new_game();
  d = player.choose(capture, depth_limit(4));
  REQUIRE(d.move);
  CHECK(!g.play(capture, *d.move).has_king());
}

TEST_CASE("on random positions the engine plays legal moves, with one thread and with two") {
  const Tablut g;
  std::mt19937_64 rng(11);
  for (int threads : {1, 2}) {
    match::TablutPlayer player(options(threads));
    for (int n = 0; n < 40; ++n) {
      const Position p = random_position(rng);
      if (g.outcome(p)) continue;
      player.new_game();
      const auto d = player.choose(p, depth_limit(5));
      REQUIRE(d.move);
      CAPTURE(g.format(p));
      CHECK(is_legal(p, *d.move));
    }
  }
}

TEST_CASE("the repetition draw: the better side avoids repeating, the worse side seeks it") {
  const Tablut g;
  match::TablutPlayer player(options());
  // White is far ahead (eight pawns against two): its best move must not repeat a position.
  const Position ahead = g.parse("9/9/2WW1WW2/9/2W1K1W2/9/2W3W2/1B5B1/9 w");
  auto d = player.choose(ahead, depth_limit(5));
  REQUIRE(d.move);
  REQUIRE(d.score > 300);
  const Position after_best = g.play(ahead, *d.move);
  // The same game, but the position after that move occurred before.
  player.new_game();
  player.observe(after_best);
  player.observe(g.parse("9/9/2WW1WW2/9/2W1K1W2/9/2W3W2/1B5B1/9 b"));  // any other position in between
  const auto again = player.choose(ahead, depth_limit(5));
  REQUIRE(again.move);
  CHECK_FALSE(again.move == d.move);
  CHECK(again.score > 0);

  // Black is far behind in the same kind of position: repeating is its best result.
  const Position behind = g.parse("9/9/2WW1WW2/9/2W1K1W2/9/2W3W2/1B5B1/9 b");
  player.new_game();
  d = player.choose(behind, depth_limit(4));
  REQUIRE(d.move);
  REQUIRE(d.score < -300);
  const Position target = g.play(behind, *d.move);
  player.new_game();
  player.observe(target);
  player.observe(ahead);
  const auto seek = player.choose(behind, depth_limit(4));
  REQUIRE(seek.move);
  CHECK(g.play(behind, *seek.move) == target);
  CHECK(seek.score == 0);
}

TEST_CASE("the engine keeps to its time limit") {
  const Tablut g;
  match::TablutPlayer player(options());
  const auto start = std::chrono::steady_clock::now();
  search::ThinkLimits limits;
  limits.budget = search::budget_for(start, 0.5);
  const auto d = player.choose(g.start(), limits);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(d.move);
  CHECK(took < 0.5);
  CHECK(d.depth >= 4);
}

namespace {

// Asks `prover` (which has Tablut's quick verdicts) and plain df-pn the same questions, "does
// the attacker force a win within 1..max_plies?", on random positions with 3-5 pawns; checks
// that they agree and that a proving move keeps the win (and, if `always_moves`, that a proof
// with the attacker to move always names one). Returns how many wins were proven.
template <class Prover>
int compare_with_plain_dfpn(Prover& prover, std::uint64_t seed, int max_plies, bool always_moves) {
  const Tablut plain;
  const NoOracle none;
  DfpnLimits limits;
  limits.table_bits = 18;
  DfpnProver<Tablut, NoOracle> reference(plain, none, limits);
  std::mt19937_64 rng(seed);
  int decisive = 0, compared = 0;
  for (int n = 0; n < 120; ++n) {
    const Position p = random_position(rng, 3, 5);
    if (plain.outcome(p)) continue;
    for (int plies = 1; plies <= max_plies; ++plies)
      for (bool attacker : {true, false}) {
        const auto a = reference.prove(p, attacker, plies), b = prover.prove(p, attacker, plies);
        CAPTURE(plain.format(p));
        CAPTURE(plies);
        CAPTURE(attacker);
        REQUIRE(a.status != ProofStatus::Unknown);
        CHECK(a.status == b.status);
        ++compared;
        decisive += a.status == ProofStatus::Proven;
        if (b.status == ProofStatus::Proven && attacker) {
          if (always_moves) REQUIRE(b.proving_move >= 0);
          // The proof's move keeps the win.
          int i = 0;
          plain.for_each_move(p, [&](Move m) {
            if (i++ == b.proving_move) CHECK(reference.prove(plain.play(p, m), false, plies - 1).status == ProofStatus::Proven);
          });
        }
      }
  }
  MESSAGE(compared, " questions, ", decisive, " proven");
  return decisive;
}

}  // namespace

TEST_CASE("proof search with Tablut's quick verdicts and symmetric table agrees with plain df-pn") {
  const engine::ProofTablut quick;
  const NoOracle none;
  DfpnLimits limits;
  limits.table_bits = 18;
  DfpnProver<engine::ProofTablut, NoOracle> prover(quick, none, limits);
  CHECK(compare_with_plain_dfpn(prover, 12, 4, true) > 40);
}

TEST_CASE("the depth-first prover with Tablut's quick verdicts agrees with df-pn") {
  const engine::ProofTablut quick;
  const NoOracle none;
  DfpnLimits limits;
  limits.table_bits = 18;
  DepthFirstProver<engine::ProofTablut, NoOracle> prover(quick, none, limits);
  CHECK(compare_with_plain_dfpn(prover, 23, 5, false) > 40);
}

TEST_CASE("from the start neither side forces a win within 10 plies, proven") {
  // The goal the depth-first prover reached (docs/engine.md): horizons 1 to 10, each
  // disproven for the side that would move last; df-pn agrees as far as it gets quickly.
  const Tablut plain;
  const engine::ProofTablut quick;
  const NoOracle none;
  DfpnLimits limits;
  limits.table_bits = 22;
  DepthFirstProver<engine::ProofTablut, NoOracle> prover(quick, none, limits);
  DfpnProver<engine::ProofTablut, NoOracle> reference(quick, none, limits);
  for (int plies = 1; plies <= 10; ++plies) {
    CAPTURE(plies);
    const bool mover_attacks = plies % 2 == 1;  // a side wins only on its own moves
    CHECK(prover.prove(plain.start(), mover_attacks, plies).status == ProofStatus::Disproven);
    if (plies <= 7) CHECK(reference.prove(plain.start(), mover_attacks, plies).status == ProofStatus::Disproven);
  }
}
