#pragma once
// analyze: proof-number search for a forced win by either side within N plies, then the
// same question for every move within N - 1, then a best move by alpha-beta, for any game a
// search can hash. With a time budget the horizon N grows until half the time is spent, the
// moves get until three quarters, and the search gets the rest. The two sides' proof
// searches run at once; their progress reaches the caller one report at a time.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <string>

#include <tbb/parallel_invoke.h>

#include "api/results.hpp"
#include "api/session.hpp"
#include "solver/search/alphabeta.hpp"
#include "solver/search/dfpn.hpp"

namespace zz::api {

inline const char* to_string(ProofStatus s) {
  return s == ProofStatus::Proven ? "proven" : s == ProofStatus::Disproven ? "disproven" : "unknown";
}

namespace analysis_detail {

struct ProofReport {
  int plies = 0;  // the largest horizon searched
  ProofStatus status = ProofStatus::Unknown;
  std::uint64_t nodes = 0;
  int disproven_up_to = -1;  // the largest horizon proven not to suffice (-1: none)
  bool exact = false;        // settled without a search: the same for every horizon
};

// Reports progress from both provers, one at a time.
struct ProgressSink {
  const AnalyzeRequest& request;
  std::chrono::steady_clock::time_point started;
  std::mutex mutex;
  void operator()(const std::string& attacker, int horizon, const ProofProgress& p) {
    if (!request.progress) return;
    std::lock_guard lock(mutex);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    request.progress({"proof", attacker, horizon, p.proof, p.disproof, p.nodes, seconds});
  }
  // A phase starting, or a step of it done.
  void phase(const std::string& name, int horizon, std::uint64_t nodes) {
    if (!request.progress) return;
    std::lock_guard lock(mutex);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    request.progress({name, "", horizon, 0, 0, nodes, seconds});
  }
};

template <Hashable G, class Oracle>
ProofReport prove_forced_win(const G& game, const Oracle& oracle, const typename G::Position& p, bool attacker_moves,
                             const AnalyzeRequest& request, std::chrono::steady_clock::time_point deadline,
                             ProgressSink& sink) {
  const std::string attacker(G::player_name(p, attacker_moves));
  int horizon = 0;
  std::uint64_t before = 0;  // nodes of the horizons already done
  DfpnLimits limits;
  limits.deadline = deadline;
  limits.stop = request.stop;
  // A short analysis gets a table it can fill (the full 2^22 entries cost 128 MB to clear):
  // 2^19 entries per second of budget.
  if (request.seconds)
    limits.table_bits = std::clamp(19 + static_cast<int>(std::ceil(std::log2(std::max(1.0, *request.seconds)))), 19,
                                   limits.table_bits);
  limits.progress = [&](const ProofProgress& progress) {
    sink(attacker, horizon, {progress.proof, progress.disproof, before + progress.nodes});
  };
  ProofReport report;
  const int first = request.depth ? *request.depth : 1;
  const int last = request.depth ? *request.depth : 1000;
  DfpnProver<G, Oracle> prover(game, oracle, limits);  // its table serves every horizon
  for (int n = first; n <= last; ++n) {
    horizon = n;
    const ProofResult r = prover.prove(p, attacker_moves, n);
    report.nodes += r.nodes;
    before = report.nodes;
    // Each finished horizon is reported too: proof number 0 once proven, disproof 0 once disproven.
    sink(attacker, n, {r.status == ProofStatus::Proven ? 0u : 1u, r.status == ProofStatus::Disproven ? 0u : 1u, before});
    if (r.status == ProofStatus::Unknown) {
      if (request.depth) report = {n, r.status, report.nodes, report.disproven_up_to};
      break;
    }
    report.plies = n;
    report.status = r.status;
    if (r.status == ProofStatus::Proven) break;
    report.disproven_up_to = n;
    // Answered without a search (the tables know the root): deeper horizons say nothing new.
    report.exact = r.settled_root;
    if (r.settled_root) break;
    if (std::chrono::steady_clock::now() > deadline) break;
    if (request.stop && request.stop->load()) break;
  }
  return report;
}

// Each move's forced result within `plies` after it: the mover's provers (attacker = the
// mover) and the opponent's answer the two questions at every child.
template <Hashable G, class Oracle>
std::vector<MoveProof> prove_moves(const G& game, const Oracle& oracle, const typename G::Position& p, int plies,
                                   const AnalyzeRequest& request, std::chrono::steady_clock::time_point deadline,
                                   ProgressSink& sink) {
  using Move = typename G::Move;
  std::vector<Move> moves;
  game.for_each_move(p, [&](const Move& m) { moves.push_back(m); });
  std::vector<ProofStatus> mover_wins(moves.size(), ProofStatus::Unknown), mover_loses(moves.size(), ProofStatus::Unknown);
  DfpnLimits limits;
  limits.deadline = deadline;
  limits.stop = request.stop;
  limits.max_nodes = 2'000'000;  // per move and question: one hard move must not starve the others
  limits.table_bits = 20;
  std::atomic<std::uint64_t> nodes{0};
  auto run = [&](bool mover_attacks, std::vector<ProofStatus>& out) {
    DfpnProver<G, Oracle> prover(game, oracle, limits);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (std::chrono::steady_clock::now() > deadline || (request.stop && request.stop->load())) break;
      // At the child the opponent moves: the mover attacks from the side not to move.
      const ProofResult r = prover.prove(game.play(p, moves[i]), !mover_attacks, plies);
      out[i] = r.status;
      sink.phase("moves", plies, nodes += r.nodes);
    }
  };
  sink.phase("moves", plies, 0);
  tbb::parallel_invoke([&] { run(true, mover_wins); }, [&] { run(false, mover_loses); });
  std::vector<MoveProof> proofs;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::string result = "unknown";
    if (mover_wins[i] == ProofStatus::Proven) result = "win";
    else if (mover_loses[i] == ProofStatus::Proven) result = "loss";
    else if (mover_wins[i] == ProofStatus::Disproven && mover_loses[i] == ProofStatus::Disproven) result = "none";
    proofs.push_back({game.format_move(moves[i]), result, plies});
  }
  return proofs;
}

}  // namespace analysis_detail

template <Hashable G, class Oracle>
AnalyzeResult analyze_position(const G& game, const Oracle& oracle, const typename G::Position& p,
                               const AnalyzeRequest& request) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const auto budget = request.seconds ? std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(*request.seconds))
                                      : Clock::duration::max() / 4;
  const auto proof_deadline = started + budget / 2;
  analysis_detail::ProgressSink sink{request, started, {}};
  analysis_detail::ProofReport mover, other;
  tbb::parallel_invoke(
      [&] { mover = analysis_detail::prove_forced_win(game, oracle, p, true, request, proof_deadline, sink); },
      [&] { other = analysis_detail::prove_forced_win(game, oracle, p, false, request, proof_deadline, sink); });
  // The horizon both sides were searched to (a side settled by the tables for every
  // horizon does not limit it), less the move itself.
  const auto settled = [](const analysis_detail::ProofReport& r) {
    return r.exact ? std::numeric_limits<int>::max() : r.status == ProofStatus::Unknown ? r.disproven_up_to : r.plies;
  };
  int horizon = std::min(settled(mover), settled(other));
  if (horizon == std::numeric_limits<int>::max()) horizon = std::max(mover.plies, other.plies);
  std::vector<MoveProof> move_proofs;
  if (horizon >= 1)
    move_proofs = analysis_detail::prove_moves(game, oracle, p, horizon - 1, request, started + budget / 4 * 3, sink);
  sink.phase("search", horizon, 0);
  AlphaBetaLimits limits;
  limits.deadline = started + budget;
  limits.stop = request.stop;
  if (request.depth) limits.max_depth = *request.depth;
  const auto search = best_move(game, oracle, p, {}, limits);
  AnalyzeResult r;
  r.position = game.format(p);
  r.moves = std::move(move_proofs);
  for (auto [report, mover_attacks] : {std::pair{mover, true}, std::pair{other, false}}) {
    ProofLine line{std::string(G::player_name(p, mover_attacks)), report.plies, to_string(report.status),
                   report.nodes, std::nullopt};
    if (report.disproven_up_to >= 0) line.no_forced_win_within = report.disproven_up_to;
    r.proofs.push_back(line);
  }
  if (search.best) {
    r.best_move = game.format_move(*search.best);
    r.score = search.score;
    if (std::abs(search.score) > kDecisiveScore)
      r.forced = std::string(search.score > 0 ? "win" : "loss") + " in " + std::to_string(plies_to_end(search.score)) +
                 " plies";
    r.search_depth = search.depth;
    r.search_nodes = search.nodes;
  }
  r.cancelled = request.stop && request.stop->load();
  r.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return r;
}

}  // namespace zz::api
