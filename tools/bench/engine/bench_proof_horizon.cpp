// The proven horizon from a Tablut position (the start by default) per time: proof-number
// search asks, for n = 1, 2, 3, ..., whether the side that moves at ply n forces a win within
// n plies (a side wins only on its own moves, so odd n ask the side to move, even n its
// opponent). Every horizon disproven means: no forced win for either side within n plies.
// One table serves every horizon (solver/search/dfpn.hpp), positions equal up to the 8
// symmetries of the board share its entries, and the endgame tables of --data answer at the
// leaves. Prints one JSON line per horizon: its result, nodes and seconds, and the totals.
// --depth-first asks the same questions of the depth-first prover
// (solver/search/depth_first_proof.hpp) instead of df-pn.
//   bench_proof_horizon [--plies N] [--seconds S] [--table-bits B] [--data DIR] [--depth-first] [POSITION]
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "core/tablut/engine/proof_game.hpp"
#include "solver/search/depth_first_proof.hpp"
#include "tools/match/player.hpp"

namespace {

// Horizons 1..plies from root with `prover`, one JSON line each, then the totals.
template <class Prover>
void horizons(Prover& prover, const zz::tablut::Tablut& game, const zz::tablut::Position& root, int plies,
              const char* method) {
  using namespace zz;
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  int proven_horizon = 0;
  for (int n = 1; n <= plies; ++n) {
    const bool mover_attacks = n % 2 == 1;
    const auto t0 = std::chrono::steady_clock::now();
    const ProofResult r = prover.prove(root, mover_attacks, n);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    total += r.nodes;
    const char* result = r.status == ProofStatus::Proven      ? "proven"
                         : r.status == ProofStatus::Disproven ? "disproven"
                                                              : "unknown";
    std::cout << "{\"method\":\"" << method << "\",\"horizon\":" << n << ",\"attacker\":\""
              << ((root.turn == tablut::Color::White) == mover_attacks ? "White" : "Black") << "\",\"result\":\""
              << result << "\",\"nodes\":" << r.nodes << ",\"seconds\":" << s << ",\"nps\":"
              << static_cast<long>(r.nodes / std::max(s, 1e-9)) << "}" << std::endl;
    if (r.status != ProofStatus::Disproven) break;
    proven_horizon = n;
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "{\"method\":\"" << method << "\",\"position\":\"" << game.format(root)
            << "\",\"no_forced_win_within\":" << proven_horizon << ",\"nodes\":" << total << ",\"seconds\":" << s
            << "}" << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace zz;
  int plies = 10, table_bits = 24;
  bool depth_first = false;
  double seconds = 600;
  std::string data = "/nonexistent-zugzwang-tables", position = "start";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--plies" && i + 1 < argc) plies = std::atoi(argv[++i]);
    else if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--table-bits" && i + 1 < argc) table_bits = std::atoi(argv[++i]);
    else if (a == "--data" && i + 1 < argc) data = argv[++i];
    else if (a == "--depth-first") depth_first = true;
    else position = a;
  }
  const tablut::Tablut game;
  const tablut::engine::ProofTablut proof_game;
  TableStore<tablut::Tablut> store(game, std::filesystem::path(data));
  const match::TablutProbe probe(game, store, match::TablutSlot{}, match::TablutSlot::kSlots);
  const auto root = position == "start" ? game.start() : game.parse(position);
  const auto started = std::chrono::steady_clock::now();
  DfpnLimits limits;
  limits.table_bits = table_bits;
  limits.max_nodes = ~std::uint64_t{0} >> 1;
  limits.deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(seconds));
  if (depth_first) {
    DepthFirstProver<tablut::engine::ProofTablut, match::TablutProbe> prover(proof_game, probe, limits);
    horizons(prover, game, root, plies, "depth-first");
  } else {
    DfpnProver<tablut::engine::ProofTablut, match::TablutProbe> prover(proof_game, probe, limits);
    horizons(prover, game, root, plies, "df-pn");
  }
}
