// The analysis every face calls (api/analysis.hpp), against the tables: on positions sampled
// from small tables the solver builds here, an analysis that cannot read them (another data
// directory) finds every forced result within its horizon at its exact distance, and says
// "no forced win within N" for both sides exactly when the tables have no result that near;
// each move's proven result agrees with the table of the position it leads to. With the
// tables present the answer is theirs. Multi-PV lines are legal, distinct and best first.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>
#include <string>

#include "api/limits.hpp"
#include "api/session.hpp"
#include "tests/cli/cli_runner.hpp"

using namespace zz;

namespace {

// A session of `game` whose tables of `material` ("" = the whole game) are built in dir.
std::unique_ptr<api::Session> solved(const std::string& game, const std::string& material,
                                     const std::filesystem::path& dir) {
  auto s = api::open_session(game, {}, dir);
  api::SolveRequest request;
  request.material = material;
  request.summary = false;
  s->solve(request);
  return s;
}

api::AnalyzeResult analyze(api::Session& s, const std::string& position, int depth, int lines = 1) {
  api::AnalyzeRequest request;
  request.position = position;
  request.depth = depth;
  request.lines = lines;
  api::check(request);
  return s.analyze(request);
}

// The value of a move for its mover, from the table of the position it leads to.
Outcome move_value(api::Session& tables, const std::string& position, const std::string& move) {
  const auto after = tables.move(position, {move});
  if (after.over) {
    // The rules ended it: the mover won (no move loses for its mover in these games) or drew.
    return after.result && after.result->find("wins") != std::string::npos ? Outcome::win(1) : Outcome::draw();
  }
  return from_child(tables.query(after.position).outcome);
}

// `samples` positions of each tier of `tables`' material, not finished, analysed to `horizon`
// plies by `blind` (which has no tables) and checked against the tables. Returns how many
// of them were a forced result within the horizon.
int check_against_tables(api::Session& tables, api::Session& blind, const std::string& material, int horizon,
                         int samples, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int forced = 0;
  for (const auto& tier : tables.tier_names(material)) {
    if (tier == "over") continue;  // Tablut's finished positions: no table of their own
    const TierTable& table = tables.table(tier);
    for (int sampled = 0, tries = 0; sampled < samples && tries < 100 * samples; ++tries) {
      std::string position;
      try {
        position = tables.position_at(tier, rng() % table.size());
      } catch (const InputError&) {
        continue;  // an unused slot
      }
      const api::QueryResult q = tables.query(position);
      if (q.over || tables.legal_moves(position).empty()) continue;
      ++sampled;
      CAPTURE(position);
      const Outcome o = q.outcome;
      const api::AnalyzeResult a = analyze(blind, position, horizon);
      CHECK(a.tables == 0);
      const bool decided = o.value != Value::Draw && o.remoteness <= horizon;
      forced += decided;
      if (decided) {
        REQUIRE(a.value.has_value());
        CHECK(*a.value == o);
        CHECK(a.source == "proof");
        CHECK(a.forced == std::string(o.value == Value::Win ? "win" : "loss") + " in " + std::to_string(o.remoteness) +
                              " plies");
        const auto& winner = a.proofs[o.value == Value::Win ? 0 : 1];
        CHECK(winner.result == "proven");
        CHECK(winner.plies == o.remoteness);
        if (o.value == Value::Win) {
          // The move shown keeps the win at its distance.
          REQUIRE(a.best_move);
          CHECK(move_value(tables, position, *a.best_move) == o);
        }
      } else {
        CHECK(!a.value);
        CHECK(a.no_forced_win_within == horizon);
      }
      // Each move: a proven result is the table's, at its distance; "none within h" means
      // the table's result is further than h plies after the move (or a draw).
      for (const auto& m : a.moves) {
        CAPTURE(m.move);
        const Outcome v = move_value(tables, position, m.move);
        const int after = v.remoteness - 1;  // plies after the move
        if (m.result == "win") CHECK(v == Outcome::win(m.plies + 1));
        else if (m.result == "loss") CHECK(v == Outcome::loss(m.plies + 1));
        else if (m.result == "none") CHECK((v.value == Value::Draw || after > m.plies));
        if (v.value != Value::Draw && after <= horizon - 1) CHECK(m.result != "none");
      }
      // The lines agree with the tables too: a line's forced result is the move's value.
      for (const auto& line : a.lines)
        if (line.forced) CHECK(move_value(tables, position, line.move).remoteness == 1'000'000 - std::abs(line.score));
    }
  }
  return forced;
}

// The Tak Tikl tables, solved once for the test cases that read them.
api::Session& taktikl_tables() {
  static cli_test::TempDir dir;
  static const auto session = solved("taktikl", "", dir.path);
  return *session;
}

}  // namespace

TEST_CASE("Tak Tikl: the analysis finds every forced result its tables know within its horizon") {
  cli_test::TempDir without;
  auto blind = api::open_session("taktikl", {}, without.path);
  const int forced = check_against_tables(taktikl_tables(), *blind, "", 7, 40, 3);
  MESSAGE(forced, " sampled Tak Tikl positions forced within 7 plies");
  CHECK(forced >= 10);
}

TEST_CASE("Tablut, K1W2B and every table it needs: the engine's analysis finds every forced result within 5 plies") {
  cli_test::TempDir with, without;
  auto tables = solved("tablut", "K1W2B", with.path);
  auto blind = api::open_session("tablut", {}, without.path);
  const int forced = check_against_tables(*tables, *blind, "K1W2B", 5, 10, 5);
  MESSAGE(forced, " sampled Tablut positions forced within 5 plies");
  CHECK(forced >= 10);
}

TEST_CASE("a position the tables cover is answered by the tables, whatever the search would say") {
  api::Session* s = &taktikl_tables();
  std::mt19937_64 rng(11);
  const auto tiers = s->tier_names("");
  int checked = 0;
  for (int tries = 0; checked < 20 && tries < 2000; ++tries) {
    const std::string& tier = tiers[rng() % tiers.size()];
    std::string position;
    try {
      position = s->position_at(tier, rng() % s->table(tier).size());
    } catch (const InputError&) {
      continue;
    }
    const auto q = s->query(position);
    if (q.over) continue;
    ++checked;
    CAPTURE(position);
    const auto a = analyze(*s, position, 1, 3);  // one ply of search would know little
    CHECK(a.source == "tables");
    CHECK(a.value == q.outcome);
    CHECK(a.tables >= 1);
    // The lines are the tables' best moves, best first, each valued as the query values it.
    REQUIRE(!a.lines.empty());
    CHECK(a.lines.size() == std::min<std::size_t>(3, q.moves.size()));
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
      const auto& line = a.lines[i];
      const auto valued = std::find_if(q.moves.begin(), q.moves.end(), [&](const auto& m) { return m.move == line.move; });
      REQUIRE(valued != q.moves.end());
      CHECK(line.score == (valued->outcome.value == Value::Draw ? 0
                           : valued->outcome.value == Value::Win ? 1'000'000 - valued->outcome.remoteness
                                                                 : -1'000'000 + valued->outcome.remoteness));
      if (i > 0) CHECK(a.lines[i - 1].score >= line.score);
    }
    const Outcome v = q.outcome;
    CHECK(a.score == (v.value == Value::Draw ? 0 : v.value == Value::Win ? 1'000'000 - v.remoteness
                                                                          : -1'000'000 + v.remoteness));
  }
  CHECK(checked == 20);
}

namespace {

// Every line: a legal move of its own, its whole line playable, scores best first.
void check_lines(api::Session& s, const std::string& position, const api::AnalyzeResult& a, std::size_t wanted) {
  const auto legal = s.legal_moves(position);
  REQUIRE(a.lines.size() == std::min(wanted, legal.size()));
  std::set<std::string> seen;
  for (std::size_t i = 0; i < a.lines.size(); ++i) {
    const auto& line = a.lines[i];
    CAPTURE(line.move);
    CHECK(std::find(legal.begin(), legal.end(), line.move) != legal.end());
    CHECK(seen.insert(line.move).second);
    REQUIRE(!line.pv.empty());
    CHECK(line.pv.front() == line.move);
    CHECK_NOTHROW(s.move(position, line.pv));
    if (i > 0) CHECK(a.lines[i - 1].score >= line.score);
  }
  CHECK(a.best_move == a.lines.front().move);
  CHECK(a.score == a.lines.front().score);
}

}  // namespace

TEST_CASE("multi-PV: the lines are legal, distinct and ordered by score (engine and generic search)") {
  cli_test::TempDir empty;
  auto tablut = api::open_session("tablut", {}, empty.path);
  for (const std::string position : {"start", "4B4/6B2/W1B6/B4WB2/B2B1W1BB/B3W1B2/1B1K1B2W/2B4B1/3B5 w"}) {
    CAPTURE(position);
    const auto a = analyze(*tablut, position, 5, 4);
    CHECK(a.search_depth == 5);
    check_lines(*tablut, position, a, 4);
  }
  auto tatedrez = api::open_session("tatedrez", {}, empty.path);
  check_lines(*tatedrez, "start", analyze(*tatedrez, "start", 4, 3), 3);
  auto quixo = api::open_session("quixo", {}, empty.path);
  check_lines(*quixo, "start", analyze(*quixo, "start", 3, 5), 5);
}

TEST_CASE("progress reports every completed depth and horizon; a stop ends the analysis with what it has") {
  cli_test::TempDir empty;
  auto s = api::open_session("tablut", {}, empty.path);
  api::AnalyzeRequest request;
  request.position = "start";
  request.seconds = 60;
  request.lines = 2;
  std::atomic<bool> stop{false};
  request.stop = &stop;
  int depths = 0, horizons = 0, last_depth = 0;
  request.progress = [&](const api::AnalyzeProgress& p) {
    if (p.phase == "search") {
      CHECK(p.depth == last_depth + 1);
      last_depth = p.depth;
      ++depths;
      CHECK(p.lines.size() == 2);
    } else {
      ++horizons;
    }
    CHECK(p.side_to_move == "White");
    if (p.depth >= 4 && p.no_forced_win_within.value_or(0) >= 4) stop = true;
  };
  const auto a = s->analyze(request);
  CHECK(a.cancelled);
  CHECK(a.seconds < 50);
  CHECK(depths >= 4);
  CHECK(horizons >= 4);
  CHECK(a.search_depth == last_depth);
  CHECK(a.lines.size() == 2);
}
