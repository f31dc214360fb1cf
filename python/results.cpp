// The result classes: read-only views of the results layer's structs, each with to_dict()
// equal to the command line's --json document.
#include <pybind11/stl.h>

#include "python/bindings.hpp"

namespace zz::python {

py::object to_python(const api::ojson& doc) {
  // Kept for the life of the process: a static py::object would be released after the
  // interpreter has finalized.
  static const py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(doc.dump());
}

py::str value_of(Outcome o) { return py::str(std::string(to_string(o.value))); }

py::object remoteness_of(Outcome o) {
  if (!o.has_remoteness()) return py::none();  // a draw, or a values-only table's win or loss
  return py::int_(o.remoteness);
}

namespace {

// value and remoteness properties from an Outcome member (or an optional one).
template <class Class, class T>
void add_value(Class& c, Outcome T::*member, const char* value_name = "value",
               const char* remoteness_name = "remoteness") {
  c.def_property_readonly(value_name, [member](const T& t) { return value_of(t.*member); });
  c.def_property_readonly(remoteness_name, [member](const T& t) { return remoteness_of(t.*member); });
}

template <class Class, class T>
void add_optional_value(Class& c, std::optional<Outcome> T::*member, const char* value_name,
                        const char* remoteness_name) {
  c.def_property_readonly(value_name, [member](const T& t) -> py::object {
    return t.*member ? py::object(value_of(*(t.*member))) : py::none();
  });
  c.def_property_readonly(remoteness_name, [member](const T& t) -> py::object {
    return t.*member ? remoteness_of(*(t.*member)) : py::none();
  });
}

template <class T, class Class>
void add_to_dict(Class& c) {
  c.def("to_dict", [](const T& t) { return to_python(api::to_json(t)); },
        "The same document as the command line's --json output.");
}

}  // namespace

void bind_results(py::module_& m) {
  py::class_<RuleOption>(m, "RuleOption")
      .def_readonly("name", &RuleOption::name)
      .def_readonly("choices", &RuleOption::choices, "allowed values; empty: a count")
      .def_readonly("default", &RuleOption::default_value)
      .def_readonly("help", &RuleOption::help)
      .def("__repr__", [](const RuleOption& o) { return "<RuleOption " + o.name + " default " + o.default_value + ">"; });

  py::class_<api::GameInfo> game_info(m, "GameInfo");
  game_info.def_readonly("name", &api::GameInfo::name)
      .def_readonly("summary", &api::GameInfo::summary)
      .def_readonly("rule_options", &api::GameInfo::options)
      .def_readonly("start", &api::GameInfo::start)
      .def_readonly("tables", &api::GameInfo::tables)
      .def_readonly("tables_by_material", &api::GameInfo::tables_by_material)
      .def_readonly("solves_on_demand", &api::GameInfo::solves_on_demand)
      .def_readonly("search", &api::GameInfo::search)
      .def("__repr__", [](const api::GameInfo& g) { return "<GameInfo " + g.name + ">"; });
  add_to_dict<api::GameInfo>(game_info);

  py::class_<api::MoveOutcome> move(m, "MoveValue", "A move with its value for the player who makes it.");
  move.def_readonly("move", &api::MoveOutcome::move);
  move.def_readonly("name", &api::MoveOutcome::name, "the move as players read it (chess: SAN)");
  add_value(move, &api::MoveOutcome::outcome);
  move.def("__repr__", [](const api::MoveOutcome& mv) {
    return "<MoveValue " + mv.move + " " + std::string(to_string(mv.outcome.value)) +
           (!mv.outcome.has_remoteness() ? "" : " " + std::to_string(mv.outcome.remoteness)) + ">";
  });

  py::class_<api::QueryResult> query(m, "QueryResult");
  query.def_readonly("game", &api::QueryResult::game)
      .def_readonly("rules", &api::QueryResult::rules)
      .def_readonly("position", &api::QueryResult::position)
      .def_readonly("side_to_move", &api::QueryResult::side_to_move)
      .def_readonly("over", &api::QueryResult::over)
      .def_readonly("plies_left", &api::QueryResult::plies_left)
      .def_readonly("moves", &api::QueryResult::moves)
      .def_readonly("mutual_zugzwang", &api::QueryResult::mutual_zugzwang);
  add_value(query, &api::QueryResult::outcome);
  query.def("__repr__", [](const api::QueryResult& r) {
    return "<QueryResult " + r.position + ": " + std::string(to_string(r.outcome.value)) +
           (!r.outcome.has_remoteness() ? "" : " in " + std::to_string(r.outcome.remoteness)) + ">";
  });
  add_to_dict<api::QueryResult>(query);

  py::class_<api::LineStep> step(m, "LineStep", "A move of a principal variation and the position it leads to.");
  step.def_readonly("move", &api::LineStep::move)
      .def_readonly("name", &api::LineStep::name)
      .def_readonly("position", &api::LineStep::position);
  add_value(step, &api::LineStep::outcome);
  py::class_<api::PrincipalVariation> line(m, "PrincipalVariation");
  line.def_readonly("position", &api::PrincipalVariation::position)
      .def_readonly("line", &api::PrincipalVariation::line)
      .def_property_readonly("moves", [](const api::PrincipalVariation& pv) {
        std::vector<std::string> moves;
        for (const auto& s : pv.line) moves.push_back(s.move);
        return moves;
      })
      .def_property_readonly("names", [](const api::PrincipalVariation& pv) {
        std::vector<std::string> names;
        for (const auto& s : pv.line) names.push_back(s.name);
        return names;
      });
  add_value(line, &api::PrincipalVariation::outcome);
  add_to_dict<api::PrincipalVariation>(line);

  py::class_<api::MoveResult> moved(m, "MoveResult");
  moved.def_readonly("moves", &api::MoveResult::moves)
      .def_readonly("names", &api::MoveResult::names)
      .def_readonly("position", &api::MoveResult::position)
      .def_readonly("over", &api::MoveResult::over)
      .def_readonly("result", &api::MoveResult::result);
  add_to_dict<api::MoveResult>(moved);

  py::class_<TierStats>(m, "TierStats")
      .def_readonly("entries", &TierStats::entries)
      .def_readonly("wins", &TierStats::wins)
      .def_readonly("losses", &TierStats::losses)
      .def_readonly("draws", &TierStats::draws)
      .def_property_readonly("positions", &TierStats::positions)
      .def_readonly("longest_win", &TierStats::longest_win)
      .def_readonly("longest_loss", &TierStats::longest_loss)
      .def_readonly("wins_by_remoteness", &TierStats::wins_by_remoteness)
      .def_readonly("losses_by_remoteness", &TierStats::losses_by_remoteness)
      .def("to_dict", [](const TierStats& s) {
        api::ojson doc = api::to_json(s);
        doc["wins_by_remoteness"] = s.wins_by_remoteness;
        doc["losses_by_remoteness"] = s.losses_by_remoteness;
        return to_python(doc);
      });

  py::class_<api::SideCounts>(m, "SideCounts",
                              "Per side to move: index entries, and positions (raw: entries weighted by symmetry)")
      .def_readonly("side", &api::SideCounts::side)
      .def_readonly("wins", &api::SideCounts::wins)
      .def_readonly("draws", &api::SideCounts::draws)
      .def_readonly("losses", &api::SideCounts::losses)
      .def_readonly("raw_wins", &api::SideCounts::raw_wins)
      .def_readonly("raw_draws", &api::SideCounts::raw_draws)
      .def_readonly("raw_losses", &api::SideCounts::raw_losses);
  py::class_<api::RawCounts>(m, "RawCounts")
      .def_readonly("raw_positions", &api::RawCounts::raw_positions)
      .def_readonly("sides", &api::RawCounts::sides)
      .def_readonly("longest_win_example", &api::RawCounts::longest_win_example);
  py::class_<api::TierSolveReport>(m, "TierReport")
      .def_readonly("raw", &api::TierSolveReport::raw)
      .def_readonly("tier", &api::TierSolveReport::tier)
      .def_readonly("stats", &api::TierSolveReport::stats)
      .def_readonly("seconds", &api::TierSolveReport::seconds)
      .def_readonly("cpu_seconds", &api::TierSolveReport::cpu_seconds)
      .def_readonly("reused", &api::TierSolveReport::reused);
  py::class_<api::SolveReport> solve(m, "SolveReport");
  solve.def_readonly("tiers", &api::SolveReport::tiers)
      .def_readonly("total", &api::SolveReport::total)
      .def_readonly("start", &api::SolveReport::start)
      .def_readonly("start_line", &api::SolveReport::start_line)
      .def_readonly("start_line_names", &api::SolveReport::start_line_names)
      .def_readonly("directory", &api::SolveReport::directory)
      .def_readonly("seconds", &api::SolveReport::seconds)
      .def_property_readonly(
          "positions_per_second",
          [](const api::SolveReport& r) { return r.seconds > 0 ? static_cast<double>(r.total.entries) / r.seconds : 0.0; },
          "Table entries solved (or read) per second of the whole call.");
  add_to_dict<api::SolveReport>(solve);

  py::class_<api::ProofLine>(m, "ProofLine")
      .def_readonly("attacker", &api::ProofLine::attacker)
      .def_readonly("plies", &api::ProofLine::plies)
      .def_readonly("result", &api::ProofLine::result)
      .def_readonly("nodes", &api::ProofLine::nodes)
      .def_readonly("no_forced_win_within", &api::ProofLine::no_forced_win_within)
      .def_readonly("exact", &api::ProofLine::exact);
  py::class_<api::MoveProof>(m, "MoveProof")
      .def_readonly("move", &api::MoveProof::move)
      .def_readonly("name", &api::MoveProof::name)
      .def_readonly("result", &api::MoveProof::result)
      .def_readonly("plies", &api::MoveProof::plies);
  py::class_<api::AnalysisLine>(m, "AnalysisLine", "One line of the engine panel: a move, its score, its line.")
      .def_readonly("move", &api::AnalysisLine::move)
      .def_readonly("name", &api::AnalysisLine::name)
      .def_readonly("pv_names", &api::AnalysisLine::pv_names)
      .def_readonly("score", &api::AnalysisLine::score)
      .def_readonly("forced", &api::AnalysisLine::forced)
      .def_readonly("pv", &api::AnalysisLine::pv)
      .def_readonly("proof", &api::AnalysisLine::proof);
  py::class_<api::AnalyzeResult> analysis(m, "AnalyzeResult");
  analysis.def_readonly("position", &api::AnalyzeResult::position)
      .def_readonly("proofs", &api::AnalyzeResult::proofs)
      .def_readonly("moves", &api::AnalyzeResult::moves)
      .def_readonly("best_move", &api::AnalyzeResult::best_move)
      .def_readonly("best_move_name", &api::AnalyzeResult::best_move_name)
      .def_readonly("score", &api::AnalyzeResult::score)
      .def_readonly("forced", &api::AnalyzeResult::forced)
      .def_readonly("seconds", &api::AnalyzeResult::seconds)
      .def_readonly("cancelled", &api::AnalyzeResult::cancelled)
      .def_readonly("lines", &api::AnalyzeResult::lines)
      .def_readonly("search_depth", &api::AnalyzeResult::search_depth)
      .def_readonly("search_nodes", &api::AnalyzeResult::search_nodes)
      .def_readonly("no_forced_win_within", &api::AnalyzeResult::no_forced_win_within)
      .def_readonly("source", &api::AnalyzeResult::source);
  add_to_dict<api::AnalyzeResult>(analysis);

  py::class_<api::AnalyzeProgress>(m, "AnalyzeProgress")
      .def_readonly("phase", &api::AnalyzeProgress::phase)
      .def_readonly("attacker", &api::AnalyzeProgress::attacker)
      .def_readonly("horizon", &api::AnalyzeProgress::horizon)
      .def_readonly("proof", &api::AnalyzeProgress::proof)
      .def_readonly("disproof", &api::AnalyzeProgress::disproof)
      .def_readonly("nodes", &api::AnalyzeProgress::nodes)
      .def_readonly("seconds", &api::AnalyzeProgress::seconds)
      .def_readonly("no_forced_win_within", &api::AnalyzeProgress::no_forced_win_within)
      .def_readonly("side_to_move", &api::AnalyzeProgress::side_to_move)
      .def_readonly("depth", &api::AnalyzeProgress::depth)
      .def_readonly("score", &api::AnalyzeProgress::score)
      .def_readonly("search_nodes", &api::AnalyzeProgress::search_nodes)
      .def_readonly("nodes_per_second", &api::AnalyzeProgress::nodes_per_second)
      .def_readonly("lines", &api::AnalyzeProgress::lines);
  py::class_<KeptSolveProgress>(m, "SolveProgress")
      .def_readonly("tier", &KeptSolveProgress::tier_name)
      .def_readonly("level", &SolveProgress::level)
      .def_readonly("decided", &SolveProgress::decided)
      .def_readonly("size", &SolveProgress::size)
      .def_readonly("scratch_written", &SolveProgress::scratch_written)
      .def_readonly("scratch_read", &SolveProgress::scratch_read)
      .def_readonly("tables", &SolveProgress::tables)
      .def_readonly("tables_done", &SolveProgress::tables_done)
      .def_readonly("slots", &SolveProgress::slots)
      .def_readonly("slots_done", &SolveProgress::slots_done)
      .def_readonly("seconds", &SolveProgress::seconds)
      .def_readonly("table_finished", &SolveProgress::table_finished)
      .def_readonly("table_seconds", &SolveProgress::table_seconds)
      .def_readonly("table_cpu_seconds", &SolveProgress::table_cpu_seconds)
      .def_readonly("coder", &KeptSolveProgress::coder_name)
      .def_readonly("decoding", &KeptSolveProgress::decoding_name)
      .def_readonly("dependency", &SolveProgress::dependency)
      .def_readonly("dependencies", &SolveProgress::dependencies)
      .def_property_readonly("seconds_left", [](const KeptSolveProgress& p) { return p.seconds_left(); });

  py::class_<api::ReviewPly> ply(m, "ReviewPly");
  ply.def_readonly("ply", &api::ReviewPly::ply)
      .def_readonly("side", &api::ReviewPly::side)
      .def_readonly("position", &api::ReviewPly::position)
      .def_readonly("move", &api::ReviewPly::move)
      .def_readonly("name", &api::ReviewPly::name)
      .def_readonly("best_move", &api::ReviewPly::best_move)
      .def_readonly("best_move_name", &api::ReviewPly::best_move_name)
      .def_readonly("verdict", &api::ReviewPly::verdict)
      .def_readonly("plies_lost", &api::ReviewPly::plies_lost)
      .def_readonly("only_move", &api::ReviewPly::only_move);
  add_optional_value(ply, &api::ReviewPly::before, "value_before", "remoteness_before");
  add_optional_value(ply, &api::ReviewPly::played, "value_played", "remoteness_played");
  py::class_<api::ReviewResult> review(m, "ReviewResult");
  review.def_readonly("start", &api::ReviewResult::start)
      .def_readonly("plies", &api::ReviewResult::plies)
      .def_readonly("final_position", &api::ReviewResult::final_position)
      .def_readonly("over", &api::ReviewResult::over)
      .def_readonly("result", &api::ReviewResult::result)
      .def_readonly("decided_from", &api::ReviewResult::decided_from);
  add_to_dict<api::ReviewResult>(review);

  py::class_<api::BoardResult> board(m, "BoardResult", "A position as data a page draws (board and moves are dicts).");
  board.def_readonly("position", &api::BoardResult::position)
      .def_readonly("over", &api::BoardResult::over)
      .def_readonly("result", &api::BoardResult::result)
      .def_property_readonly("board", [](const api::BoardResult& r) { return to_python(api::to_json(r.board)); })
      .def_property_readonly("moves", [](const api::BoardResult& r) {
        py::list moves;
        for (const auto& mv : r.moves) moves.append(to_python(api::to_json(mv)));
        return moves;
      })
      .def("__repr__", [](const api::BoardResult& r) { return "<BoardResult " + r.position + ">"; });
  add_to_dict<api::BoardResult>(board);

  py::class_<api::TableInfo>(m, "TableInfo")
      .def_readonly("tier", &api::TableInfo::tier)
      .def_readonly("file", &api::TableInfo::file)
      .def_readonly("present", &api::TableInfo::present)
      .def_readonly("entries", &api::TableInfo::entries)
      .def_readonly("bytes", &api::TableInfo::bytes)
      .def_readonly("stats", &api::TableInfo::stats)
      .def_readonly("command", &api::TableInfo::command)
      .def_readonly("error", &api::TableInfo::error);
  py::class_<api::TablesResult> tables(m, "TablesResult");
  tables.def_readonly("directory", &api::TablesResult::directory).def_readonly("tables", &api::TablesResult::tables);
  add_to_dict<api::TablesResult>(tables);
}

}  // namespace zz::python
