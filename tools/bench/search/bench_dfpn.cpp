// Proof-number search speed, one JSON line per case: nodes expanded per second on fixed
// questions (single thread, no tables), with the answer found.
#include <chrono>
#include <cstdio>
#include <string>

#include "core/tablut/game.hpp"
#include "core/taktikl/game.hpp"
#include "solver/search/dfpn.hpp"
#include "solver/search/oracle.hpp"

namespace {

template <class G>
void bench(const G& game, const std::string& name, const std::string& position, bool attacker_moves, int plies) {
  const zz::NoOracle none;
  zz::DfpnProver<G, zz::NoOracle> prover(game, none, zz::DfpnLimits{});
  const auto p = position == "start" ? game.start() : game.parse(position);
  const auto started = std::chrono::steady_clock::now();
  const zz::ProofResult r = prover.prove(p, attacker_moves, plies);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const char* status = r.status == zz::ProofStatus::Proven ? "proven" : r.status == zz::ProofStatus::Disproven ? "disproven" : "unknown";
  std::printf(
      "{\"case\":\"dfpn-%s\",\"position\":\"%s\",\"attacker\":\"%s\",\"plies\":%d,\"result\":\"%s\",\"nodes\":%llu,"
      "\"seconds\":%.3f,\"nodes_per_second\":%.0f,\"threads\":1}\n",
      name.c_str(), game.format(p).c_str(), attacker_moves ? "side to move" : "opponent", plies, status,
      static_cast<unsigned long long>(r.nodes), seconds, static_cast<double>(r.nodes) / seconds);
  std::fflush(stdout);
}

}  // namespace

int main() {
  const zz::tablut::Tablut tablut;
  bench(tablut, "tablut", "start", true, 5);
  bench(tablut, "tablut", "start", false, 5);
  const zz::taktikl::TakTikl taktikl(zz::parse_rules(zz::taktikl::TakTikl::rule_options(), {}));
  bench(taktikl, "taktikl", "start", false, 10);
  return 0;
}
