// The engine against the endgame tables (all tables up to three pawns, built by the command
// line into a temporary directory): its probes are exact, it plays the tables' moves where
// they cover the position, and with the tables hidden it finds every forced result within
// its depth, at the exact distance, and never claims one the tables deny.
#include <doctest/doctest.h>

#include <filesystem>
#include <random>

#include "core/tablut/game.hpp"
#include "core/tablut/symmetry.hpp"
#include "solver/table/store.hpp"
#include "api/session.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tools/match/player.hpp"

using namespace zz;
using namespace zz::tablut;

namespace {

// all3 in a temporary directory, built once for the whole suite.
struct BuiltTables {
  cli_test::TempDir dir;
  std::filesystem::path data;
  BuiltTables() {
    const auto r = cli_test::run({"solve", "tablut", "--material", "all3", "--data", dir.path.string()});
    REQUIRE(r.code == 0);
    data = dir.path;
  }
};
const BuiltTables& built() {
  static const BuiltTables tables;
  return tables;
}

std::vector<Material> materials(int max_pawns) {
  std::vector<Material> out;
  for (int pawns = 0; pawns <= max_pawns; ++pawns)
    for (int w = 0; w <= pawns; ++w) out.push_back({w, pawns - w, false});
  return out;
}

// A random used slot of the table where the side to move has a move, as a position, with
// its value.
std::pair<Position, Outcome> sample(const Tablut& g, const TierTable& t, const Material& m, std::mt19937_64& rng) {
  Position p;
  for (;;) {
    const std::uint64_t i = rng() % t.size();
    if (t.used(i) && g.unrank(m, i, p) && !g.outcome(p)) return {p, t.outcome(i)};
  }
}

match::PlayerOptions player_options(std::optional<std::filesystem::path> tables, int proof_plies) {
  match::PlayerOptions o;
  o.tables = std::move(tables);
  o.engine.hash_megabytes = 16;
  o.engine.proof_plies = proof_plies;
  o.engine.proof_share = proof_plies > 0 ? 1.0 : 0.0;
  return o;
}

}  // namespace

TEST_CASE("engine probes equal the tables on sampled positions and their mirror images") {
  const Tablut g;
  TableStore<Tablut> store(g, built().data);
  match::TablutPlayer player(player_options(built().data, 0));
  std::mt19937_64 rng(1);
  for (const Material& m : materials(3)) {
    const TierTable& table = store.load(m);
    for (int n = 0; n < 200; ++n) {
      const auto [p, value] = sample(g, table, m, rng);
      const Position image = transform(static_cast<Symmetry>(rng() % kSymmetryCount), p);
      CAPTURE(g.format(image));
      const auto probed = player.probe()(image);
      REQUIRE(probed.has_value());
      CHECK(*probed == value);
      CHECK(*probed == store.probe(image));
    }
  }
}

TEST_CASE("where the tables cover the position, the engine plays their best move") {
  const Tablut g;
  TableStore<Tablut> store(g, built().data);
  match::TablutPlayer player(player_options(built().data, 0));
  std::mt19937_64 rng(2);
  int decisive = 0;
  for (const Material& m : materials(3)) {
    const TierTable& table = store.load(m);
    for (int n = 0; n < 40; ++n) {
      const auto [p, value] = sample(g, table, m, rng);
      player.new_game();
      const auto d = player.choose(p, {});
      REQUIRE(d.move);
      CAPTURE(g.format(p));
      if (d.source == "only move") continue;
      CHECK(d.source == "tables");
      CHECK(from_child(store.probe(g.play(p, *d.move))) == value);
      decisive += value.value != Value::Draw;
    }
  }
  CHECK(decisive > 100);
}

// Searches p to `depth` plies with the proof search up to the same horizon, the given
// tables (or none), and checks the result against the table value.
void check_forced(match::TablutPlayer& player, const Position& p, Outcome truth, int depth, int& found) {
  const Tablut g;
  player.new_game();
  search::ThinkLimits limits;
  limits.max_depth = depth;
  const auto d = player.choose(p, limits);
  REQUIRE(d.move);
  CAPTURE(g.format(p));
  CAPTURE(d.score);
  CAPTURE(d.source);
  if (truth.value != Value::Draw && truth.remoteness <= depth) {
    // A forced result within the depth: found, at its exact distance.
    REQUIRE(search::decisive(d.score));
    CHECK((d.score > 0) == (truth.value == Value::Win));
    CHECK(search::plies_to_end(d.score) == truth.remoteness);
    ++found;
  } else if (search::decisive(d.score)) {
    // Claimed beyond the depth: it must exist, no faster than the tables say.
    CHECK((d.score > 0) == (truth.value == Value::Win));
    CHECK(truth.value != Value::Draw);
    CHECK(search::plies_to_end(d.score) >= truth.remoteness);
  }
}

TEST_CASE("without tables, the engine finds every forced result the tables know within its depth") {
  const Tablut g;
  TableStore<Tablut> store(g, built().data);
  match::TablutPlayer player(player_options(std::nullopt, 7));
  std::mt19937_64 rng(3);
  int found = 0;
  int longer = 0;
  for (const Material& m : materials(3)) {
    const TierTable& table = store.load(m);
    for (int n = 0; n < 25;) {
      // Mostly results beyond the first moves (most positions are won at once).
      const auto [p, value] = sample(g, table, m, rng);
      const bool quick = value.value != Value::Draw && value.remoteness < 3;
      if (quick && rng() % 4 != 0) continue;
      ++n;
      longer += !quick;
      check_forced(player, p, value, 7, found);
    }
  }
  MESSAGE(found, " forced results found, ", longer, " positions beyond two plies or drawn");
  CHECK(found > 80);
  CHECK(longer > 60);
}

TEST_CASE("with the smaller tables at the leaves, the engine finds the forced results of a hidden table") {
  // K1W2B is hidden: its captures lead into the tables that remain.
  const Tablut g;
  TableStore<Tablut> store(g, built().data);
  cli_test::TempDir partial;
  const auto dir = partial.path / "tablut" / "default";
  std::filesystem::create_directories(dir);
  for (const auto& f : std::filesystem::directory_iterator(built().data / "tablut" / "default"))
    if (f.path().filename() != "K1W2B.zzt") std::filesystem::copy(f.path(), dir / f.path().filename());
  match::TablutPlayer player(player_options(partial.path, 7));
  std::mt19937_64 rng(4);
  const Material m{1, 2, false};
  const TierTable& table = store.load(m);
  int found = 0;
  for (int n = 0; n < 60; ++n) {
    const auto [p, value] = sample(g, table, m, rng);
    check_forced(player, p, value, 7, found);
  }
  MESSAGE(found, " forced results found");
  CHECK(found > 20);
}

TEST_CASE("the search alone never claims a forced result the tables deny") {
  const Tablut g;
  TableStore<Tablut> store(g, built().data);
  match::TablutPlayer player(player_options(std::nullopt, 0));
  std::mt19937_64 rng(5);
  int found = 0;
  for (const Material& m : materials(3)) {
    const TierTable& table = store.load(m);
    for (int n = 0; n < 15; ++n) {
      const auto [p, value] = sample(g, table, m, rng);
      player.new_game();
      search::ThinkLimits limits;
      limits.max_depth = 6;
      const auto d = player.choose(p, limits);
      CAPTURE(g.format(p));
      CAPTURE(d.score);
      if (!search::decisive(d.score)) continue;
      ++found;
      CHECK((d.score > 0) == (value.value == Value::Win));
      CHECK(value.value != Value::Draw);
      CHECK(search::plies_to_end(d.score) >= value.remoteness);
    }
  }
  CHECK(found > 20);
}

TEST_CASE("review beyond the tables: proof search gives the tables' values within its horizon") {
  // The tables hidden (an empty data directory): review values each position by proof search
  // alone, which must equal the tables wherever the result is forced within the horizon, and
  // say "no forced result within N" exactly where the tables say draw or longer.
  const Tablut g;
  TableStore<Tablut> store(g, built().data);
  cli_test::TempDir empty;
  const auto session = api::open_session("tablut", {}, empty.path);
  api::ReviewOptions options;
  options.proof_plies = 5;
  std::mt19937_64 rng(6);
  int forced = 0, unforced = 0;
  for (const Material& m : materials(3)) {
    const TierTable& table = store.load(m);
    for (int n = 0; n < 8;) {
      const auto [p, value] = sample(g, table, m, rng);
      // Mostly draws and longer results: most positions are won at once.
      if (value.value != Value::Draw && value.remoteness < 3 && rng() % 4 != 0) continue;
      ++n;
      std::vector<Move> moves;
      g.for_each_move(p, [&](Move x) { moves.push_back(x); });
      const Move move = moves[rng() % moves.size()];
      const auto r = session->review(g.format(p), {g.format_move(move)}, options);
      REQUIRE(r.plies.size() == 1);
      const auto& ply = r.plies[0];
      CAPTURE(g.format(p));
      CAPTURE(ply.move);
      const auto check = [&](const std::optional<Outcome>& reviewed, const std::optional<int>& within, Outcome truth,
                             int horizon) {
        if (truth.value != Value::Draw && truth.remoteness <= horizon) {
          REQUIRE(reviewed.has_value());
          CHECK(*reviewed == truth);
          ++forced;
        } else {
          CHECK(!reviewed.has_value());
          REQUIRE(within.has_value());
          CHECK(*within >= horizon);
          ++unforced;
        }
      };
      check(ply.before, ply.before_unforced_within, value, 5);
      const Position child = g.play(p, move);
      if (!g.outcome(child)) check(ply.played, ply.played_unforced_within, from_child(store.probe(child)), 6);
      else CHECK(ply.played == std::optional<Outcome>(Outcome::win(1)));
    }
  }
  MESSAGE(forced, " forced values and ", unforced, " unforced horizons checked");
  CHECK(forced > 20);
  CHECK(unforced > 0);
}
