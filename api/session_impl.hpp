#pragma once
// GameSession<G>: the Session of session.hpp for any game of the Game contract, written
// once, as parts that each do one job over a shared core (api/session_core.hpp):
//   PositionAnswers  one position: text, moves, board, perft, value, query, line
//   TableWork        whole tables: solve, tables, compress, verify, summary, export, slots
//   GameReview       a played game judged move by move
//   PositionAnalysis analyze: proof search and game-tree search
// Capabilities a game lacks (tables, material selection, search) are refused with a
// reason. Each game instantiates it in its own file (session_<game>.cpp), naming the tools
// its analysis uses (api/analysis_search.hpp) when it has better ones than the generic.
#include "api/session_analysis.hpp"
#include "api/session_answers.hpp"
#include "api/session_core.hpp"
#include "api/session_review.hpp"
#include "api/session_tables.hpp"

namespace zz::api {

template <Game G, class AnalysisTools = GenericAnalysisTools<G>>
class GameSession final : public Session {
 public:
  GameSession(const GameInfo& info, const RuleValues& rules, std::filesystem::path data_dir, SessionOptions options)
      : core_(info, rules, std::move(data_dir), std::move(options)), answers_(core_), tables_(core_, answers_),
        review_(core_), analysis_(core_) {}
  // Over a game built already (one defined at run time: api/graph_game.hpp).
  GameSession(const GameInfo& info, G game, std::filesystem::path data_dir, SessionOptions options)
      : core_(info, std::move(game), std::move(data_dir), std::move(options)), answers_(core_),
        tables_(core_, answers_), review_(core_), analysis_(core_) {}

  const GameInfo& info() const override { return core_.info(); }
  const RuleValues& rules() const override { return core_.rules(); }
  const std::filesystem::path& data_dir() const override { return core_.data_dir(); }
  std::string describe(Outcome o) const override { return core_.describe(o); }

  std::string normalize(const std::string& text) const override { return answers_.normalize(text); }
  std::vector<std::string> legal_moves(const std::string& text) const override { return answers_.legal_moves(text); }
  MoveResult move(const std::string& text, const std::vector<std::string>& moves) const override {
    return answers_.move(text, moves);
  }
  BoardResult board(const std::string& text) const override { return answers_.board(text); }
  PerftResult perft(const std::string& text, int depth, bool divide) const override {
    return answers_.perft(text, depth, divide);
  }
  Outcome value(const std::string& text) override { return answers_.value(text); }
  QueryResult query(const std::string& text) override { return answers_.query(text); }
  PrincipalVariation principal_variation(const std::string& text) override {
    return answers_.principal_variation(text);
  }

  SolveReport solve(const SolveRequest& request) override { return tables_.solve(request); }
  TablesResult tables(const std::string& material) override { return tables_.tables(material); }
  CompressResult compress(const CompressRequest& request) override { return tables_.compress(request); }
  VerifyResult verify(const VerifyRequest& request) override { return tables_.verify(request); }
  using Session::summary;
  SummaryResult summary(const SummaryRequest& request) override { return tables_.summary(request); }
  std::uint64_t export_rows(const ExportRequest& request, const std::function<void(const ExportRow&)>& row) override {
    return tables_.export_rows(request, row);
  }
  std::vector<std::string> tier_names(const std::string& material) override { return tables_.tier_names(material); }
  const TierTable& table(const std::string& tier) override { return tables_.table(tier); }
  std::string position_at(const std::string& tier, std::uint64_t index) override {
    return tables_.position_at(tier, index);
  }
  std::pair<std::string, std::uint64_t> index_of(const std::string& text) override { return tables_.index_of(text); }

  ReviewResult review(const std::string& start, const std::vector<std::string>& moves,
                      const ReviewOptions& options) override {
    return review_.review(start, moves, options);
  }
  AnalyzeResult analyze(const AnalyzeRequest& request) override { return analysis_.analyze(request); }

 private:
  SessionCore<G> core_;
  PositionAnswers<G> answers_;
  TableWork<G> tables_;
  GameReview<G, AnalysisTools> review_;
  PositionAnalysis<G, AnalysisTools> analysis_;
};

}  // namespace zz::api
