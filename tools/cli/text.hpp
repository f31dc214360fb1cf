#pragma once
// What the command line prints for people: each result of the results layer laid out as
// text. --json output is api/json.hpp's document instead.
#include <ostream>

#include "api/results.hpp"
#include "api/session.hpp"

namespace zz::cli {

// How text output writes moves: by name, as players read them (chess: SAN, the default), or
// by id (chess: UCI, what --notation uci prints and scripts compare). Games other than
// chess name a move by its id, so both print the same.
enum class Notation { Names, Ids };

// --notation san|uci (san: Names); throws InputError for anything else.
Notation parse_notation(const std::string& text);

void print_query(const api::QueryResult& r, const api::Session& session, std::ostream& out,
                 Notation notation = Notation::Names);
void print_line(const api::PrincipalVariation& r, const api::Session& session, std::ostream& out,
                Notation notation = Notation::Names);
void print_move(const api::MoveResult& r, std::ostream& out);
void print_perft(const api::PerftResult& r, std::ostream& out);
void print_solve(const api::SolveReport& r, const api::Session& session, std::ostream& out,
                 Notation notation = Notation::Names);
void print_analysis(const api::AnalyzeResult& r, std::ostream& out, Notation notation = Notation::Names);
// One progress report of an analysis (command line --progress).
void print_analysis_progress(const api::AnalyzeProgress& p, std::ostream& out, Notation notation = Notation::Names);
void print_tables(const api::TablesResult& r, std::ostream& out);
void print_compress(const api::CompressResult& r, std::ostream& out);
void print_summary(const api::SummaryResult& r, std::ostream& out);
void print_verify(const api::VerifyResult& r, const api::Session& session, std::ostream& out);
// One line for a table just checked (command line progress, on standard error).
void print_verified_table(const api::VerifiedTable& t, std::ostream& out);
void print_review(const api::ReviewResult& r, const api::Session& session, std::ostream& out,
                  Notation notation = Notation::Names);
void print_games(const std::vector<api::GameInfo>& games, std::ostream& out);

// "k=v, k=v" for people.
std::string rules_text(const RuleValues& rules);

}  // namespace zz::cli
