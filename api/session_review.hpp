#pragma once
// GameReview<G>: a played game judged move by move against the tables, and where they do
// not reach, against proof search within the review's horizon.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "api/analysis_search.hpp"
#include "api/review_proof.hpp"
#include "api/session_core.hpp"
#include "solver/move_list.hpp"
#include "solver/query.hpp"

namespace zz::api {

// What values a position by proof search in review: a ProofValuer for a game with search
// (Hashable), nothing for one without (a game defined at run time: api/graph_game.hpp).
template <class Tools, bool = Hashable<typename Tools::ProofGame>>
struct ValuerOf {
  using type = std::monostate;
};
template <class Tools>
struct ValuerOf<Tools, true> {
  using type = ProofValuer<typename Tools::ProofGame, typename Tools::Oracle>;
};

template <Game G, class AnalysisTools>
class GameReview {
 public:
  using Move = typename G::Move;
  using Position = typename G::Position;

  explicit GameReview(const SessionCore<G>& core) : core_(core) {}

  ReviewResult review(const std::string& start, const std::vector<std::string>& moves,
                      const ReviewOptions& options) const {
    if constexpr (Enumerable<G>) {
      const Position first = core_.parse_position(start);
      check(options);
      return core_.with_tables([&] { return review_game(first, moves, options); });
    } else {
      core_.parse_position(start);
      (void)moves;
      (void)options;
      throw InputError(core_.name() + " has no tables to review a game against");
    }
  }

 private:
  // What is known of one position of a reviewed game: its value for the side to move from
  // the rules (a finished game), the tables, or proof search within the review's horizon.
  struct Known {
    std::optional<Outcome> value;
    std::string source = "none";  // rules, tables, proof, none
    std::optional<int> unforced_within;
    std::optional<int> proving_move;
  };

  ReviewResult review_game(Position p, const std::vector<std::string>& moves, const ReviewOptions& options) const {
    ReviewResult r;
    r.game = core_.name();
    r.rules = core_.rules();
    r.start = core_.game().format(p);
    r.proof_plies = options.proof_plies;
    const Position start = core_.game().start();
    for (bool first : {true, false}) r.summary.push_back({core_.player(start, first)});
    // Every position first: a bad move is refused before any proof search runs.
    std::vector<Position> positions{p};
    std::vector<Move> played_moves;
    for (const auto& text : moves) {
      played_moves.push_back(core_.game().parse_move(positions.back(), text));
      positions.push_back(core_.game().play(positions.back(), played_moves.back()));
    }
    std::vector<std::optional<Known>> known(positions.size());
    std::optional<AnalysisTools> tools;
    std::optional<typename ValuerOf<AnalysisTools>::type> valuer;
    if constexpr (Hashable<G>) {
      if (options.proof_plies > 0) {
        tools.emplace(core_.game(), core_.store());
        valuer.emplace(tools->proof_game(), tools->oracle(), options.proof_nodes);
      }
    }
    const auto know = [&](std::size_t i) -> const Known& {
      if (known[i]) return *known[i];
      Known k;
      const Position& q = positions[i];
      if (const auto over = core_.game().outcome(q)) {
        k.value = *over;
        k.source = "rules";
      } else {
        try {
          k.value = core_.store().probe(core_.table_view(q));
          k.source = "tables";
        } catch (const TableMissing& missing) {
          if (!uncovered(missing, options)) throw;
        } catch (const InputError&) {  // no table covers this position
        }
        if (k.source != "tables") {
          if constexpr (Hashable<G>) {
            if (valuer) {
              const ProofValue v = valuer->value(q, options.proof_plies);
              r.proof_nodes += v.nodes;
              k.value = v.value;
              k.source = v.value ? "proof" : "none";
              if (!v.value) k.unforced_within = v.unforced_within;
              k.proving_move = v.proving_move;
            }
          }
        }
      }
      known[i] = std::move(k);
      return *known[i];
    };

    for (std::size_t i = 0; i < played_moves.size(); ++i) {
      p = positions[i];
      const Move m = played_moves[i];
      ReviewPly ply;
      ply.ply = static_cast<int>(i) + 1;
      ply.side = core_.player(p, true);
      ply.position = core_.game().format(p);
      ply.move = core_.game().format_move(m);
      ply.name = core_.name_of(p, m);
      try {
        const Position q = core_.table_view(p);
        const auto values = value_moves(core_.game(), q, core_.store());
        ply.before = core_.store().probe(q);
        ply.best_move = core_.game().format_move(values.front().move);
        ply.best_move_name = core_.name_of(p, values.front().move);
        int keeping = 0;
        for (const auto& v : values) {
          if (v.outcome.value == values.front().outcome.value) ++keeping;
          if (v.move == m) ply.played = v.outcome;
        }
        classify(ply, values.front().outcome, keeping);
        ply.source = "tables";
      } catch (const TableMissing& missing) {
        if (!uncovered(missing, options)) throw;
      } catch (const InputError&) {  // no table covers this position
      }
      // Not valued by the tables (some may cover the next position): what the rules, the
      // tables and proof search know of the positions before and after the move.
      if (ply.source != "tables") judge_by_proof(ply, know(i), know(i + 1), p);
      ReviewSideSummary& side = r.summary[ply.side == r.summary[0].side ? 0 : 1];
      if (ply.verdict == "optimal") ++side.optimal;
      else if (ply.verdict == "slower") ++side.slower;
      else if (ply.verdict == "mistake") ++side.mistakes;
      else ++side.unknown;
      r.plies.push_back(std::move(ply));
    }
    p = positions.back();
    r.final_position = core_.game().format(p);
    const auto over = core_.game().outcome(p);
    r.over = over.has_value();
    if (over) r.result = core_.result_text(p, *over);
    r.final_value = know(positions.size() - 1).value;
    // Walking back from the end, the result stays forced while each mover's value is the
    // final winner's win (or the final loser's loss).
    if (r.final_value && r.final_value->value != Value::Draw) {
      const bool final_mover_wins = r.final_value->value == Value::Win;
      const std::string final_mover = core_.player(p, true);
      std::optional<int> from = static_cast<int>(r.plies.size()) + 1;
      for (auto it = r.plies.rbegin(); it != r.plies.rend(); ++it) {
        if (!it->before) break;
        const bool mover_wins = it->before->value == Value::Win, mover_loses = it->before->value == Value::Loss;
        const bool same_side = it->side == final_mover;
        if (!(same_side ? (final_mover_wins ? mover_wins : mover_loses) : (final_mover_wins ? mover_loses : mover_wins)))
          break;
        from = it->ply;
      }
      r.decided_from = from;
    }
    return r;
  }

  // A missing table that review goes on without: one no solve can build (Tablut beyond its
  // largest material), or any missing table when proof search stands in for the tables.
  bool uncovered(const TableMissing& missing, const ReviewOptions& options) const {
    if (options.proof_plies > 0) return true;
    if (!core_.info().tables_by_material) return false;
    try {
      core_.solve_roots(missing.tier);
      return false;
    } catch (const InputError&) {
      return true;
    }
  }

  // A ply whose position no table covers: the verdict from the values of the positions before
  // and after the move (`before`, `after`: for their sides to move), as far as they are known.
  void judge_by_proof(ReviewPly& ply, const Known& before, const Known& after, const Position& p) const {
    ply.source = before.source == "none" ? "none" : "proof";
    ply.before = before.value;
    ply.before_unforced_within = before.unforced_within;
    if (after.value) ply.played = from_child(*after.value);
    else if (after.unforced_within) ply.played_unforced_within = *after.unforced_within + 1;
    if (before.proving_move) {
      int index = 0;
      for (const Move& m : move_list(core_.game(), p)) {
        if (index++ != *before.proving_move) continue;
        ply.best_move = core_.game().format_move(m);
        ply.best_move_name = core_.name_of(p, m);
      }
    }
    ply.verdict = "unknown";
    if (ply.before && ply.played) {
      classify(ply, *ply.before, 2);  // how many moves keep the value is not known
      ply.only_move = false;
    } else if (ply.before && ply.before->value == Value::Win && ply.played_unforced_within &&
               *ply.played_unforced_within >= ply.before->remoteness) {
      ply.verdict = "mistake";  // the forced win is gone: none within its distance any more
    } else if (!ply.before && ply.played && before.unforced_within) {
      const int distance = ply.played->remoteness;
      // Into a forced loss the position did not have; or a win no faster one beats.
      if (ply.played->value == Value::Loss && *before.unforced_within >= distance) ply.verdict = "mistake";
      if (ply.played->value == Value::Win && *before.unforced_within >= distance - 1) ply.verdict = "optimal";
    }
  }

  static void classify(ReviewPly& ply, Outcome best, int keeping) {
    ply.only_move = keeping == 1;
    const Outcome played = *ply.played;
    if (played.value != best.value) {
      ply.verdict = "mistake";
    } else if (played.value == Value::Win && played.remoteness > best.remoteness) {
      ply.verdict = "slower";
      ply.plies_lost = played.remoteness - best.remoteness;
    } else if (played.value == Value::Loss && played.remoteness < best.remoteness) {
      ply.verdict = "slower";
      ply.plies_lost = best.remoteness - played.remoteness;
    } else {
      ply.verdict = "optimal";
    }
  }

  const SessionCore<G>& core_;
};

}  // namespace zz::api
