// df-pn against a plain minimax on shallow positions, and against solved tables.
#include <doctest/doctest.h>

#include <array>
#include <random>

#include "core/tablut/game.hpp"
#include "core/taktikl/game.hpp"
#include "core/tatedrez/game.hpp"
#include "plain_minimax.hpp"
#include "solver/search/dfpn.hpp"
#include "solver/search/oracle.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;

namespace {

const NoOracle kNone;

// One prover per game for a whole test: its transposition table carries over between
// questions, as it does in `analyze`.
template <class G>
struct Prover {
  explicit Prover(const G& game) : prover(game, kNone, limits()) {}
  static DfpnLimits limits() {
    DfpnLimits l;
    l.table_bits = 18;
    return l;
  }
  bool proves(const typename G::Position& p, bool attacker_moves, int plies) {
    const ProofResult r = prover.prove(p, attacker_moves, plies);
    REQUIRE(r.status != ProofStatus::Unknown);
    return r.status == ProofStatus::Proven;
  }
  DfpnProver<G, NoOracle> prover;
};

// Positions from random games: `count` of them, each after a random number of plies.
template <class G>
std::vector<typename G::Position> random_positions(const G& game, int count, int max_plies, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<typename G::Position> out;
  while (static_cast<int>(out.size()) < count) {
    auto p = game.start();
    const int plies = static_cast<int>(rng() % max_plies);
    for (int i = 0; i < plies && !game.outcome(p); ++i) {
      std::vector<typename G::Move> moves;
      game.for_each_move(p, [&](const auto& m) { moves.push_back(m); });
      p = game.play(p, moves[rng() % moves.size()]);
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace

TEST_CASE("df-pn agrees with a plain minimax on TateDrez positions") {
  const tatedrez::TateDrez game(parse_rules(tatedrez::TateDrez::rule_options(), {}));
  Prover prover(game);
  int proven = 0;
  for (const auto& p : random_positions(game, 300, 14, 1))
    for (bool attacker_moves : {true, false})
      for (int n : {1, 2, 3, 5}) {
        const bool expected = search_test::forces_win(game, p, attacker_moves, n);
        CHECK_MESSAGE(prover.proves(p, attacker_moves, n) == expected, game.format(p) << " n=" << n);
        proven += expected;
      }
  CHECK(proven > 100);
}

TEST_CASE("df-pn agrees with a plain minimax on Tablut positions") {
  const tablut::Tablut game;
  Prover prover(game);
  int proven = 0;
  for (const auto& p : random_positions(game, 120, 80, 2))
    for (bool attacker_moves : {true, false})
      for (int n : {1, 2, 3}) {
        const bool expected = search_test::forces_win(game, p, attacker_moves, n);
        CHECK_MESSAGE(prover.proves(p, attacker_moves, n) == expected, game.format(p) << " n=" << n);
        proven += expected;
      }
  CHECK(proven > 20);
}

TEST_CASE("df-pn proves exactly the wins a solved Tak Tikl table holds within the horizon") {
  const taktikl::TakTikl game(parse_rules(taktikl::TakTikl::rule_options(), std::vector<std::string>{"no-return=off"}));
  const std::array<taktikl::Tier, 1> roots{taktikl::Tier{}};
  const auto tables = solve_in_memory(game, std::span<const taktikl::Tier>(roots));
  const TierTable& table = tables.at("all");
  Prover prover(game);
  int decisive = 0;
  for (const auto& p : random_positions(game, 400, 30, 3)) {
    const Outcome o = game.outcome(p) ? *game.outcome(p) : table.outcome(game.rank(p));
    for (int n : {1, 2, 4, 7}) {
      const bool mover_wins = o.value == Value::Win && o.remoteness <= n;
      const bool mover_loses = o.value == Value::Loss && o.remoteness <= n;
      CHECK_MESSAGE(prover.proves(p, true, n) == mover_wins, game.format(p) << " n=" << n);
      CHECK_MESSAGE(prover.proves(p, false, n) == mover_loses, game.format(p) << " n=" << n);
      decisive += mover_wins || mover_loses;
    }
  }
  CHECK(decisive > 200);
}

TEST_CASE("df-pn with the table as oracle answers at once where the table covers the root") {
  const taktikl::TakTikl game(parse_rules(taktikl::TakTikl::rule_options(), std::vector<std::string>{"no-return=off"}));
  const auto p = game.start();
  struct TableAnswer {
    const taktikl::TakTikl& game;
    TierTable table;
    std::optional<Outcome> operator()(const taktikl::Position& q) const { return table.outcome(game.rank(q)); }
  };
  const std::array<taktikl::Tier, 1> roots{taktikl::Tier{}};
  const TableAnswer oracle{game, std::move(solve_in_memory(game, std::span<const taktikl::Tier>(roots)).at("all"))};
  DfpnProver<taktikl::TakTikl, TableAnswer> prover(game, oracle, DfpnLimits{});
  // The start is drawn: neither side forces a win, at any horizon.
  for (int n : {5, 50}) {
    const ProofResult r = prover.prove(p, true, n);
    CHECK(r.status == ProofStatus::Disproven);
    CHECK(r.nodes == 1);
  }
}
