// The two provers on the questions `analyze` asks (api/analysis_proof.hpp's ladder: horizons
// 1, 2, 3, ... for both sides, or for the side that moves at that ply when a game wins only on
// its own moves), from fixed positions with a fixed time each: the horizon reached (no forced
// win for either side within N plies) or the forced result proven, and when. One JSON line per
// (case, prover). Single thread, no tables. This is the measurement behind the analysis'
// choice of the depth-first prover (docs/engine.md).
//   bench_provers [--seconds S]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "api/analysis_proof.hpp"
#include "core/quixo/game.hpp"
#include "core/tablut/engine/proof_game.hpp"
#include "core/taktikl/game.hpp"
#include "core/tatedrez/game.hpp"
#include "solver/search/oracle.hpp"

namespace {

using Clock = std::chrono::steady_clock;

template <template <class, class> class Prover, class G>
void run(const G& game, const char* prover_name, const std::string& name, const std::string& position,
         double seconds) {
  const zz::NoOracle none;
  zz::api::ProofLadder<G, zz::NoOracle, Prover> ladder(game, none, 22);
  const auto p = position == "start" ? game.start() : game.parse(position);
  const auto started = Clock::now();
  zz::api::LadderLimits limits;
  limits.root_deadline = started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::string steps;  // "horizon:seconds" as each horizon is settled for both sides
  int last = 0;
  ladder.prove_root(p, limits, [&](bool, int, std::uint64_t) {
    const int n = ladder.unforced_within().value_or(0);
    if (n <= last) return;
    last = n;
    const double t = std::chrono::duration<double>(Clock::now() - started).count();
    steps += (steps.empty() ? "" : ",") + std::string("\"") + std::to_string(n) + "\":" + std::to_string(t);
  });
  const double t = std::chrono::duration<double>(Clock::now() - started).count();
  std::string result = "none";
  for (bool mover : {true, false})
    if (const auto n = ladder.side(mover).proven_at) result = std::string(mover ? "win" : "loss") + " in " + std::to_string(*n);
  std::printf("{\"case\":\"%s\",\"position\":\"%s\",\"prover\":\"%s\",\"result\":\"%s\",\"no_forced_win_within\":%d,"
              "\"seconds\":%.3f,\"nodes\":%llu,\"horizon_seconds\":{%s}}\n",
              name.c_str(), game.format(p).c_str(), prover_name, result.c_str(), ladder.unforced_within().value_or(0),
              t, static_cast<unsigned long long>(ladder.nodes()), steps.c_str());
  std::fflush(stdout);
}

template <class G>
void both(const G& game, const std::string& name, const std::string& position, double seconds) {
  run<zz::DepthFirstProver>(game, "depth-first", name, position, seconds);
  run<zz::DfpnProver>(game, "df-pn", name, position, seconds);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 10;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
  const zz::tablut::engine::ProofTablut tablut;
  for (const char* position : {"start", "3BBB3/9/9/2B1BW3/BB1W2W1B/2B1W1K1B/4W4/6BB1/3BBB3 w",
                               "4B4/6B2/W1B6/B4WB2/B2B1W1BB/B3W1B2/1B1K1B2W/2B4B1/3B5 w",
                               "4BB3/2B6/4W4/2B1W3B/5WW1B/2W6/B1K4B1/W3B4/2B1BB3 w"})
    both(tablut, "tablut", position, seconds);
  const zz::taktikl::TakTikl taktikl(zz::parse_rules(zz::taktikl::TakTikl::rule_options(), {}));
  both(taktikl, "taktikl", "start", seconds);  // the second player wins in 10
  const zz::tatedrez::TateDrez tatedrez(zz::parse_rules(zz::tatedrez::TateDrez::rule_options(), {}));
  both(tatedrez, "tatedrez", "start", seconds);
  const std::vector<std::string> four{"size=4"};
  const zz::quixo::Quixo quixo(zz::parse_rules(zz::quixo::Quixo::rule_options(), four));
  both(quixo, "quixo-4", "start", seconds);
  return 0;
}
