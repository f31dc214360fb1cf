#pragma once
// `analyze`: proof-number search for a forced win by either side within N plies, then a
// best move by alpha-beta, for any game a search can hash. With a time budget the horizon N
// grows until half the time is spent, and the search gets the rest.
#include <chrono>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>
#include <tbb/parallel_invoke.h>

#include "solver/search/alphabeta.hpp"
#include "solver/search/dfpn.hpp"
#include "tools/cli/driver.hpp"

namespace zz::cli {

struct ProofReport {
  int plies = 0;  // the largest horizon searched
  ProofStatus status = ProofStatus::Unknown;
  std::uint64_t nodes = 0;
  int disproven_up_to = -1;  // the largest horizon proven not to suffice (-1: none)
};

inline const char* to_string(ProofStatus s) {
  return s == ProofStatus::Proven ? "proven" : s == ProofStatus::Disproven ? "disproven" : "unknown";
}

template <Hashable G, class Oracle>
ProofReport prove_forced_win(const G& game, const Oracle& oracle, const typename G::Position& p, bool attacker_moves,
                             const AnalyzeRequest& request, std::chrono::steady_clock::time_point deadline) {
  DfpnLimits limits;
  limits.deadline = deadline;
  ProofReport report;
  const int first = request.depth ? *request.depth : 1;
  const int last = request.depth ? *request.depth : 1000;
  DfpnProver<G, Oracle> prover(game, oracle, limits);  // its table serves every horizon
  for (int n = first; n <= last; ++n) {
    const ProofResult r = prover.prove(p, attacker_moves, n);
    report.nodes += r.nodes;
    if (r.status == ProofStatus::Unknown) {
      if (request.depth) report = {n, r.status, report.nodes, report.disproven_up_to};
      break;
    }
    report.plies = n;
    report.status = r.status;
    if (r.status == ProofStatus::Proven) break;
    report.disproven_up_to = n;
    if (std::chrono::steady_clock::now() > deadline) break;
  }
  return report;
}

template <Hashable G, class Oracle>
nlohmann::ordered_json analyze_position(const G& game, const Oracle& oracle, const typename G::Position& p,
                                        const AnalyzeRequest& request) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const auto budget = request.seconds ? std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(*request.seconds))
                                      : Clock::duration::max() / 4;
  const auto proof_deadline = started + budget / 2;
  ProofReport mover, other;
  tbb::parallel_invoke([&] { mover = prove_forced_win(game, oracle, p, true, request, proof_deadline); },
                       [&] { other = prove_forced_win(game, oracle, p, false, request, proof_deadline); });
  AlphaBetaLimits limits;
  limits.deadline = started + budget;
  if (request.depth) limits.max_depth = *request.depth;
  const auto search = best_move(game, oracle, p, {}, limits);
  nlohmann::ordered_json proofs = nlohmann::ordered_json::array();
  for (auto [report, mover_attacks] : {std::pair{mover, true}, std::pair{other, false}}) {
    nlohmann::ordered_json entry = {{"attacker", std::string(G::player_name(p, mover_attacks))},
                                    {"plies", report.plies},
                                    {"result", to_string(report.status)},
                                    {"nodes", report.nodes}};
    if (report.disproven_up_to >= 0) entry["no_forced_win_within"] = report.disproven_up_to;
    proofs.push_back(entry);
  }
  nlohmann::ordered_json doc = {{"position", game.format(p)}, {"proofs", proofs}};
  if (search.best) {
    doc["best_move"] = game.format_move(*search.best);
    doc["score"] = search.score;
    if (std::abs(search.score) > kDecisiveScore)
      doc["forced"] = std::string(search.score > 0 ? "win" : "loss") + " in " +
                      std::to_string(plies_to_end(search.score)) + " plies";
    doc["search_depth"] = search.depth;
    doc["search_nodes"] = search.nodes;
  }
  doc["seconds"] = std::chrono::duration<double>(Clock::now() - started).count();
  return doc;
}

inline void print_analysis(const nlohmann::ordered_json& a, std::ostream& out) {
  out << "position  " << a["position"].get<std::string>() << '\n';
  for (const auto& proof : a["proofs"]) {
    out << proof["attacker"].get<std::string>() << " forces a win within " << proof["plies"].get<int>() << " plies: "
        << proof["result"].get<std::string>();
    if (proof.contains("no_forced_win_within") && proof["result"] != "disproven")
      out << " (no forced win within " << proof["no_forced_win_within"].get<int>() << ")";
    out << "  [" << proof["nodes"].get<std::uint64_t>() << " nodes]\n";
  }
  if (a.contains("best_move")) {
    out << "best move " << a["best_move"].get<std::string>() << ", score " << a["score"].get<int>();
    if (a.contains("forced")) out << " (" << a["forced"].get<std::string>() << ")";
    out << "  [depth " << a["search_depth"].get<int>() << ", " << a["search_nodes"].get<std::uint64_t>() << " nodes]\n";
  }
}

}  // namespace zz::cli
