#pragma once
// analyze: everything the program can say about one position, by the strongest tools the
// game has (api/analysis_search.hpp names them per game). Every face (command line, HTTP
// jobs, Python) and review call this one code path.
//   - A finished game: its result. A position the tables cover: the tables' exact value,
//     and every line from them, whatever a search would say.
//   - Otherwise two things at once, each on its own thread:
//       proofs: does either side force a win within N plies, N = 1, 2, 3, ... (the
//         depth-first prover, api/analysis_proof.hpp), then each move's forced result;
//       search: the best moves by the game's search (Tablut: its engine, Lazy SMP on
//         request.threads), deepening one ply at a time, `request.lines` lines (multi-PV).
//     Every finished horizon and every completed depth reaches request.progress as a whole
//     snapshot of the analysis. With a time budget the root's horizons get three quarters of
//     it and the moves' proofs the rest; the search gets all of it. With a depth, both go to
//     that depth (horizon N, search depth N).
//   - A forced result the proofs found is exact: it stands beside (or over) the search's score.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "api/analysis_proof.hpp"
#include "api/analysis_search.hpp"
#include "api/results.hpp"
#include "api/session.hpp"
#include "solver/search/score.hpp"
#include "solver/move_list.hpp"

namespace zz::api {

inline const char* to_string(ProofStatus s) {
  return s == ProofStatus::Proven ? "proven" : s == ProofStatus::Disproven ? "disproven" : "unknown";
}

namespace analysis_detail {

using Clock = std::chrono::steady_clock;

inline std::optional<std::string> forced_text(int score) {
  if (std::abs(score) <= kDecisiveScore) return std::nullopt;
  return std::string(score > 0 ? "win" : "loss") + " in " + std::to_string(plies_to_end(score)) + " plies";
}

inline std::vector<AnalysisLine> lines_of(const SearchReport& report) {
  std::vector<AnalysisLine> lines;
  for (const auto& l : report.lines) {
    if (l.pv.empty()) continue;
    lines.push_back({l.pv.front(), l.score, forced_text(l.score), l.pv, std::nullopt, {}, {}});
  }
  return lines;
}

// The analysis as it stands, sent whole to request.progress at every step of either thread.
class ProgressSink {
 public:
  ProgressSink(const AnalyzeRequest& request, Clock::time_point started, std::string mover, std::string other)
      : request_(request), started_(started) {
    snapshot_.side_to_move = std::move(mover);
    snapshot_.opponent = std::move(other);
  }

  void proof(const std::string& phase, const std::string& attacker, int horizon, bool settled, std::uint64_t nodes,
             std::optional<int> unforced) {
    if (!request_.progress) return;
    std::lock_guard lock(mutex_);
    auto& s = snapshot_;
    s.phase = phase;
    s.attacker = attacker;
    s.horizon = horizon;
    s.proof = s.disproof = settled ? 0 : 1;  // the depth-first prover keeps no proof numbers
    s.nodes = nodes;
    if (unforced) s.no_forced_win_within = unforced;
    send();
  }

  void search(const SearchReport& report, double search_seconds) {
    std::lock_guard lock(mutex_);
    lines_ = report.lines;
    if (!request_.progress) return;
    auto& s = snapshot_;
    s.phase = "search";
    s.depth = report.depth;
    s.seldepth = report.seldepth;
    s.search_nodes = report.nodes;
    s.nodes_per_second = search_seconds > 0 ? static_cast<double>(report.nodes) / search_seconds : 0;
    s.lines = lines_of(report);
    if (!s.lines.empty()) s.score = s.lines.front().score;
    send();
  }

  // The first move of each line of the last completed depth, best first.
  std::vector<std::string> line_moves() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> moves;
    for (const auto& l : lines_)
      if (!l.pv.empty()) moves.push_back(l.pv.front());
    return moves;
  }

 private:
  void send() {
    snapshot_.seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    request_.progress(snapshot_);
  }

  const AnalyzeRequest& request_;
  Clock::time_point started_;
  std::mutex mutex_;
  AnalyzeProgress snapshot_;
  std::vector<SearchLine> lines_;
};

// A finished game: its result for both sides, exact.
template <class G>
void answer_from_rules(const typename G::Position& p, Outcome over, AnalyzeResult& r) {
  r.source = "rules";
  r.value = over;
  for (bool mover : {true, false}) {
    const bool wins = mover ? over.value == Value::Win : over.value == Value::Loss;
    r.proofs.push_back({std::string(G::player_name(p, mover)), 0, wins ? "proven" : "disproven", 0, std::nullopt, true});
  }
}

// A position the tables cover: their value, and each move's, and the best lines they give.
template <class G, class Oracle>
void answer_from_tables(const G& game, const Oracle& oracle, const typename G::Position& p, Outcome value,
                        const AnalyzeRequest& request, AnalyzeResult& r) {
  using Move = typename G::Move;
  using Position = typename G::Position;
  r.source = "tables";
  r.value = value;
  for (bool mover : {true, false}) {
    const bool wins = mover ? value.value == Value::Win : value.value == Value::Loss;
    r.proofs.push_back({std::string(G::player_name(p, mover)), wins ? value.remoteness : 0,
                        wins ? "proven" : "disproven", 0, std::nullopt, true});
  }
  // A move's value for its mover: the rules' at a finished game, else the tables'.
  const auto value_of = [&](const Position& child) -> std::optional<Outcome> {
    if (auto over = game.outcome(child)) return from_child(*over);
    if (auto o = oracle(child)) return from_child(*o);
    return std::nullopt;
  };
  struct Valued {
    Move move;
    std::optional<Outcome> value;
  };
  std::vector<Valued> moves;
  for (const Move& m : move_list(game, p)) moves.push_back({m, value_of(game.play(p, m))});
  for (const auto& m : moves) {
    MoveProof proof{game.format_move(m.move), "unknown", 0, {}};
    if (m.value) {
      proof.result = m.value->value == Value::Win ? "win" : m.value->value == Value::Loss ? "loss" : "draw";
      // Counted after the move, as the proofs count: the move's own ply is not in it.
      proof.plies = m.value->value == Value::Draw ? 0 : m.value->remoteness - 1;
    }
    r.moves.push_back(proof);
  }
  std::stable_sort(moves.begin(), moves.end(), [](const Valued& a, const Valued& b) {
    if (!a.value || !b.value) return a.value.has_value() && !b.value.has_value();
    return better(*a.value, *b.value);
  });
  // Each line: the move, then the best move of the tables at every step (to the end of a
  // decisive line; a drawn one for as long as the request's depth, else 40 plies).
  const int draw_plies = request.depth.value_or(40);
  for (const auto& m : moves) {
    if (!m.value || static_cast<int>(r.lines.size()) >= request.lines) break;
    AnalysisLine line{game.format_move(m.move), search::score_of(*m.value, 0), std::nullopt, {}, std::nullopt, {}, {}};
    line.forced = forced_text(line.score);
    Position q = game.play(p, m.move);
    line.pv.push_back(line.move);
    for (int ply = 1; ply < 200 && !game.outcome(q); ++ply) {
      if (m.value->value == Value::Draw && ply >= draw_plies) break;
      std::optional<Move> best;
      std::optional<Outcome> best_value;
      for (const Move& reply : move_list(game, q)) {
        const auto v = value_of(game.play(q, reply));
        if (v && (!best_value || better(*v, *best_value))) best = reply, best_value = v;
      }
      if (!best) break;
      line.pv.push_back(game.format_move(*best));
      q = game.play(q, *best);
    }
    r.lines.push_back(std::move(line));
  }
  for (auto& line : r.lines)
    for (const auto& m : r.moves)
      if (m.move == line.move) line.proof = m;
  if (!r.lines.empty()) {
    r.best_move = r.lines.front().move;
    r.score = r.lines.front().score;
    r.forced = r.lines.front().forced;
  }
}

// The proof thread and the search, at once.
template <class Tools>
void answer_by_search(Tools& tools, const typename Tools::ProofGame::Position& p, const AnalyzeRequest& request,
                      Clock::time_point started, ProgressSink& sink, AnalyzeResult& r) {
  using G = typename Tools::ProofGame;
  using Move = typename G::Move;
  const G& game = tools.proof_game();
  const auto budget = request.seconds ? std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(*request.seconds))
                                      : Clock::duration::max() / 4;
  const auto deadline = started + budget;
  // The provers' table: 2^22 entries of 16 bytes (64 MB) up to 10 s, more for a longer
  // analysis, less for a shallow fixed depth (clearing a large one costs a short analysis more
  // than its search).
  const double seconds = request.seconds.value_or(0);
  const int table_bits = request.depth ? (*request.depth <= 6 ? 18 : *request.depth <= 10 ? 20 : 22)
                         : seconds <= 10 ? 22 : seconds <= 60 ? 23 : 24;
  ProofLadder<G, typename Tools::Oracle> ladder(game, tools.oracle(), table_bits);
  LadderLimits limits;
  limits.max_plies = request.depth;
  limits.stop = request.stop;
  if (request.seconds) {
    limits.root_deadline = started + budget / 4 * 3;
    limits.moves_deadline = deadline;
  }
  std::vector<std::string> move_names;
  for (const Move& m : move_list(game, p)) move_names.push_back(game.format_move(m));
  std::vector<MoveVerdict> verdicts(move_names.size());
  std::exception_ptr failure;
  std::thread prover([&] {
    try {
      ladder.prove_root(p, limits, [&](bool mover, int horizon, std::uint64_t nodes) {
        sink.proof("proof", std::string(G::player_name(p, mover)), horizon, false, nodes, ladder.unforced_within());
      });
      // Each move within the horizon both sides were searched to, less the move itself.
      int horizon = limits.max_plies.value_or(0);
      if (!request.depth) {
        horizon = ladder.unforced_within().value_or(0);
        for (bool mover : {true, false})
          if (const auto n = ladder.side(mover).proven_at) horizon = std::max(horizon, *n);
      }
      std::vector<std::size_t> first;
      for (const auto& name : sink.line_moves())
        for (std::size_t i = 0; i < move_names.size(); ++i)
          if (move_names[i] == name) first.push_back(i);
      verdicts = ladder.prove_moves(p, horizon - 1, first, limits, [&](bool, int h, std::uint64_t nodes) {
        sink.proof("moves", std::string(G::player_name(p, true)), h, true, nodes, ladder.unforced_within());
      });
    } catch (...) {
      failure = std::current_exception();
    }
  });
  SearchSettings settings;
  settings.max_depth = request.depth;
  settings.deadline = request.seconds ? deadline : Clock::time_point::max();
  settings.lines = request.lines;
  settings.threads = request.threads;
  settings.stop = request.stop;
  const auto search_started = Clock::now();
  const auto seconds_so_far = [&] { return std::chrono::duration<double>(Clock::now() - search_started).count(); };
  SearchReport search;
  try {
    search = tools.search(p, settings, [&](const SearchReport& report) { sink.search(report, seconds_so_far()); });
  } catch (...) {
    prover.join();
    throw;
  }
  const double search_seconds = seconds_so_far();
  prover.join();
  if (failure) std::rethrow_exception(failure);

  for (bool mover : {true, false}) {
    const SideProof& side = ladder.side(mover);
    ProofLine line{std::string(G::player_name(p, mover)), side.plies, to_string(side.status), side.nodes, std::nullopt,
                   false};
    if (side.disproven_up_to >= 0) line.no_forced_win_within = side.disproven_up_to;
    r.proofs.push_back(line);
  }
  r.no_forced_win_within = ladder.unforced_within();
  for (std::size_t i = 0; i < move_names.size(); ++i)
    r.moves.push_back({move_names[i], verdicts[i].result, verdicts[i].plies, {}});
  r.lines = lines_of(search);
  for (auto& line : r.lines)
    for (const auto& m : r.moves)
      if (m.move == line.move) line.proof = m;
  r.search_depth = search.depth;
  r.search_seldepth = search.seldepth;
  r.search_nodes = search.nodes;
  r.nodes_per_second = search_seconds > 0 ? static_cast<double>(search.nodes) / search_seconds : 0;
  r.source = "search";
  if (!r.lines.empty()) {
    r.best_move = r.lines.front().move;
    r.score = r.lines.front().score;
    r.forced = r.lines.front().forced;
  }
  // A forced result proven at its exact distance is the position's value.
  const SideProof& mover = ladder.side(true);
  const SideProof& other = ladder.side(false);
  if (mover.proven_at) {
    const int n = *mover.proven_at;
    r.value = Outcome::win(n);
    r.source = "proof";
    if (r.score < kWinScore - n) {  // the search did not see a win this fast: the proof's move
      r.score = kWinScore - n;
      r.forced = forced_text(r.score);
      int index = 0;
      for (const Move& m : move_list(game, p))
        if (index++ == mover.proving_move) r.best_move = game.format_move(m);
    }
  } else if (other.proven_at) {
    const int n = *other.proven_at;
    r.value = Outcome::loss(n);
    r.source = "proof";
    if (r.score > -kWinScore + n) {
      r.score = -kWinScore + n;
      r.forced = forced_text(r.score);
    }
  }
}

}  // namespace analysis_detail

template <class Tools>
AnalyzeResult analyze_position(Tools& tools, const typename Tools::ProofGame::Position& p,
                               const AnalyzeRequest& request) {
  const auto started = analysis_detail::Clock::now();
  const auto& game = tools.proof_game();
  using G = std::decay_t<decltype(game)>;
  analysis_detail::ProgressSink sink(request, started, std::string(G::player_name(p, true)),
                                     std::string(G::player_name(p, false)));
  AnalyzeResult r;
  r.position = game.format(p);
  r.threads = request.threads;
  if (const auto over = game.outcome(p)) {
    analysis_detail::answer_from_rules<G>(p, *over, r);
  } else if (const auto known = tools.oracle()(p)) {
    analysis_detail::answer_from_tables(game, tools.oracle(), p, *known, request, r);
  } else {
    analysis_detail::answer_by_search(tools, p, request, started, sink, r);
  }
  r.tables = tools.tables_found();
  r.cancelled = request.stop && request.stop->load();
  r.seconds = std::chrono::duration<double>(analysis_detail::Clock::now() - started).count();
  return r;
}

}  // namespace zz::api
