#pragma once
// PositionAnalysis<G>: `analyze`, proof search and the game-tree search at once, with every
// move of its lines named as players read them.
#include <string>

#include "api/analysis.hpp"
#include "api/analysis_search.hpp"
#include "api/session_core.hpp"

namespace zz::api {

template <Game G, class AnalysisTools>
class PositionAnalysis {
 public:
  using Move = typename G::Move;
  using Position = typename G::Position;

  explicit PositionAnalysis(const SessionCore<G>& core) : core_(core) {}

  AnalyzeResult analyze(const AnalyzeRequest& request) {
    check(request);
    if constexpr (Hashable<G>) {
      const Position p = core_.parse_position(request.position);
      AnalysisTools tools(core_.game(), core_.store());
      // The analysis speaks in move ids; each line is named here, progress reports included.
      AnalyzeRequest named = request;
      if (request.progress)
        named.progress = [&](const AnalyzeProgress& progress) {
          AnalyzeProgress copy = progress;
          for (auto& line : copy.lines) name_analysis_line(p, line);
          request.progress(copy);
        };
      AnalyzeResult r = analyze_position(tools, p, named);
      r.game = core_.name();
      r.rules = core_.rules();
      for (auto& line : r.lines) name_analysis_line(p, line);
      for (auto& m : r.moves) m.name = core_.name_of_id(p, m.move);
      if (r.best_move && HasMoveNames<G>) r.best_move_name = core_.name_of_id(p, *r.best_move);
      return r;
    } else {
      (void)request;
      // A game solved whole on demand (one written in Python among them) needs none: its
      // tables give every position's exact value, which search would only approach.
      throw InputError(core_.name() + " has no search" +
                       (core_.info().solves_on_demand
                            ? std::string(": its tables hold every position's exact value (use query, or query --line)")
                            : std::string()));
    }
  }

 private:
  // Names an analysis line's move, its principal variation (played out from p) and its proof.
  void name_analysis_line(const Position& p, AnalysisLine& line) const {
    if constexpr (!HasMoveNames<G>) return;
    line.name = core_.name_of_id(p, line.move);
    if (line.proof) line.proof->name = line.name;
    line.pv_names.clear();
    Position q = p;
    for (const auto& id : line.pv) {
      try {
        const Move m = core_.game().parse_move(q, id);
        line.pv_names.push_back(core_.name_of(q, m));
        q = core_.game().play(q, m);
      } catch (const InputError&) {  // not a move of q: the rest keeps its ids
        for (std::size_t i = line.pv_names.size(); i < line.pv.size(); ++i) line.pv_names.push_back(line.pv[i]);
        break;
      }
    }
  }

  const SessionCore<G>& core_;
};

}  // namespace zz::api
