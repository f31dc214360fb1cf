#pragma once
// The documented JSON form of every result (README, docs/architecture.md): the command
// line's --json output and the HTTP server's answers are these documents, written here
// once.
#include <nlohmann/json.hpp>

#include "api/results.hpp"
#include "api/session.hpp"

namespace zz::api {

using ojson = nlohmann::ordered_json;

// null for a draw, else plies.
ojson remoteness_json(Outcome o);
ojson rules_json(const RuleValues& rules);

ojson to_json(const GameInfo& g);
ojson to_json(const QueryResult& r);
ojson to_json(const PrincipalVariation& r);
ojson to_json(const MoveResult& r);
ojson to_json(const PerftResult& r);
ojson to_json(const SolveReport& r);
ojson to_json(const AnalyzeResult& r);
ojson to_json(const AnalyzeProgress& p);
ojson to_json(const TablesResult& r);
ojson to_json(const CompressResult& r);
ojson to_json(const VerifyResult& r);
ojson to_json(const SummaryResult& r);
ojson to_json(const ReviewResult& r);
ojson to_json(const ExportRow& r);
ojson to_json(const TierStats& s);
// A value alone: {"value": "win", "remoteness": 7} (remoteness null for a draw).
ojson to_json(Outcome o);
// board_json.cpp
ojson to_json(const BoardResult& r);
ojson to_json(const BoardView& b);
ojson to_json(const MoveView& m);

}  // namespace zz::api
