#pragma once
// The typed results layer: what zugzwang answers, as plain values, for every face of the
// program (the command line, the HTTP server, the Python module). Nothing here knows text
// layout, HTTP or Python: api/json.hpp writes each result as the documented JSON, and the
// faces only present what a Session (session.hpp) returns.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/common/board_view.hpp"
#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"
#include "solver/table/tier_table.hpp"

namespace zz::api {

struct GameInfo {
  std::string name;
  std::string summary;
  std::vector<RuleOption> options;
  std::string start;                 // the start position's text
  bool tables = false;               // retrograde tables: solve, query, export, tables
  bool tables_by_material = false;   // solve and export take a material (chess, Tablut)
  bool solves_on_demand = false;     // the whole game solves in seconds: query and export solve it when missing
  bool search = false;               // analyze
  bool repetition_draw = false;      // the first repetition of a position draws the game (move)
};

// A position as data a page draws without the game's notation (core/common/board_view.hpp):
// squares, pieces, hands, marks, and every legal move as squares, in legal_moves' order.
struct BoardResult {
  std::string game;
  RuleValues rules;
  std::string position;  // canonical
  bool over = false;
  std::optional<std::string> result;  // who won, or "draw", once over
  BoardView board;
  std::vector<MoveView> moves;
  std::optional<std::string> material;  // its tables, for games tabulated by material
};

// Moves: `move` is the move's id in the game's notation (chess: UCI, e2e4), which the page,
// the protocol and scripts play and compare; `name` beside it is the move as players read
// it (chess: SAN, e4, Nbd2, Qg2+; solver/game.hpp HasMoveNames), the id for games without
// names. Lists of moves carry their names in a parallel list.

// A move with its value for the player who makes it; the remoteness counts the move.
struct MoveOutcome {
  std::string move;
  Outcome outcome;
  std::string name;
};

// Chess: tables ignore the 50-move rule; this says whether the rule already allows a claim.
struct FiftyMoveRule {
  int halfmove_clock = 0;
  bool draw_claimable = false;
};

struct QueryResult {
  std::string game;
  RuleValues rules;
  std::string position;
  std::string side_to_move;          // the player's name
  Outcome outcome;                   // for the side to move
  bool over = false;                 // the game has ended in this position
  std::optional<int> plies_left;     // before a move limit draws the game
  std::vector<MoveOutcome> moves;    // every legal move, best first
  std::optional<FiftyMoveRule> fifty_move_rule;
  // Lost whichever side is to move (known when the game has the same board with the other
  // side to move, and its tables cover it).
  std::optional<bool> mutual_zugzwang;
};

// The best line from a position to the end of the game (empty for a draw): each step is a
// move and the position it leads to, valued for the side to move there.
struct LineStep {
  std::string move;
  std::string position;
  Outcome outcome;
  std::string name;
};

struct PrincipalVariation {
  std::string game;
  RuleValues rules;
  std::string position;
  Outcome outcome;
  std::vector<LineStep> line;
};

struct MoveResult {
  std::string game;
  RuleValues rules;
  std::vector<std::string> moves;  // as played, in the game's own notation
  std::string position;            // after the moves
  bool over = false;
  std::optional<std::string> result;  // who won, or "draw" (with " by repetition"), once over
  std::vector<std::string> names;     // of moves
};

struct PerftResult {
  std::string game;
  RuleValues rules;
  std::string position;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::vector<std::pair<std::string, std::uint64_t>> divide;  // per first move, when asked
  double seconds = 0;
};

// Per side to move, for games whose index reduces by symmetry: counts per index entry and
// per position (raw: each entry weighted by the positions it stands for).
struct SideCounts {
  std::string side;
  std::uint64_t wins = 0, draws = 0, losses = 0;
  std::uint64_t raw_wins = 0, raw_draws = 0, raw_losses = 0;
};

struct RawCounts {
  std::uint64_t raw_positions = 0;
  std::vector<SideCounts> sides;
  std::optional<std::pair<std::string, std::string>> longest_win_example;  // position, value in words
};

struct TierSolveReport {
  std::string tier;
  TierStats stats;
  double seconds = 0;
  double cpu_seconds = 0;  // this process's CPU time for the tier, all threads
  bool reused = false;  // read from an existing table instead of solved
  std::optional<RawCounts> raw;
};

struct SolveReport {
  std::string game;
  RuleValues rules;
  std::string command;  // the command line that reproduces the result
  std::vector<TierSolveReport> tiers;
  TierStats total;
  std::optional<std::uint64_t> raw_positions;
  std::optional<QueryResult> start;          // a whole-game solve: the start position
  std::vector<std::string> start_line;       // and its principal variation
  std::string directory;                     // where the tables are
  double seconds = 0;
  std::vector<std::string> start_line_names;  // of start_line
};

struct ProofLine {
  std::string attacker;  // the player whose forced win is asked for
  int plies = 0;         // the largest horizon searched (exact: the win's distance, or 0)
  std::string result;    // proven, disproven, unknown
  std::uint64_t nodes = 0;
  std::optional<int> no_forced_win_within;
  bool exact = false;    // the rules or the tables settle it, for every horizon
};

// What proof search established about one move, for the player who makes it: a forced win
// or loss within `plies` after it (at that exact distance), no forced result for either
// side within `plies` (none), unknown (out of budget before the first horizon), or, from the
// tables, the exact value (win, loss or draw; plies its remoteness).
struct MoveProof {
  std::string move;
  std::string result;  // win, loss, none, draw, unknown
  int plies = 0;
  std::string name;
};

// One line of the engine panel: a root move, its score for the side to move (beyond
// ±900,000 a forced result: ±(1,000,000 - plies)), the principal variation it starts, and
// what proof search established about the move.
struct AnalysisLine {
  std::string move;
  int score = 0;
  std::optional<std::string> forced;  // "win in N plies" when the score is a forced result
  std::vector<std::string> pv;        // the move first
  std::optional<MoveProof> proof;
  std::string name;                   // of move
  std::vector<std::string> pv_names;  // of pv
};

struct AnalyzeResult {
  std::string game;
  RuleValues rules;
  std::string position;
  std::vector<ProofLine> proofs;
  std::vector<MoveProof> moves;  // every legal move, in the game's order
  std::optional<std::string> best_move;
  int score = 0;
  std::optional<std::string> forced;  // "win in N plies" when the search or a proof sees the end
  int search_depth = 0;
  std::uint64_t search_nodes = 0;
  double seconds = 0;
  bool cancelled = false;
  // The engine panel: the best lines (multi-PV), best first, and how the search went.
  std::vector<AnalysisLine> lines;
  int search_seldepth = 0;
  double nodes_per_second = 0;
  int threads = 1;
  // No forced win for either side within this many plies, proven.
  std::optional<int> no_forced_win_within;
  // The position's exact value for the side to move when something settles it: "rules" (the
  // game is over), "tables", "proof" (a forced result at its exact distance); "search" when
  // only the score speaks.
  std::string source;
  std::optional<Outcome> value;
  int tables = 0;  // endgame tables found and probed by the analysis
  std::optional<std::string> best_move_name;
};

// One ply of a reviewed game: the value before the move, what the move kept, and what the
// best move would have kept, all for the player who moved. Unknown where no table covers
// the position.
struct ReviewPly {
  int ply = 0;                   // 1 for the first move
  std::string side;              // the player who moved
  std::string position;          // before the move
  std::string move;
  std::optional<Outcome> before;  // the position's value
  std::optional<Outcome> played;  // the move's value
  std::optional<std::string> best_move;
  std::string verdict;           // optimal, slower, mistake, unknown
  int plies_lost = 0;            // slower: how much longer a win, or shorter a loss
  bool only_move = false;        // the only move that keeps the value
  // Where the values come from: "tables", "proof" (a forced result found by proof search, at
  // its exact distance), or "none" (neither knows).
  std::string source;
  // Proof search showed no forced result for either side within this many plies: of the
  // position before the move, of the position after it.
  std::optional<int> before_unforced_within, played_unforced_within;
  std::string name;                           // of move
  std::optional<std::string> best_move_name;  // of best_move
};

struct ReviewSideSummary {
  std::string side;
  int optimal = 0, slower = 0, mistakes = 0, unknown = 0;
};

struct ReviewResult {
  std::string game;
  RuleValues rules;
  std::string start;
  std::vector<ReviewPly> plies;
  std::string final_position;
  bool over = false;
  std::optional<std::string> result;
  std::optional<Outcome> final_value;      // of the final position, for its side to move
  std::vector<ReviewSideSummary> summary;  // first player first
  // The ply from which the final position's result (a win for someone) was forced without
  // interruption; unset when the game did not end decided or a value is unknown.
  std::optional<int> decided_from;
  int proof_plies = 0;            // the proof horizon asked for (0: tables only)
  std::uint64_t proof_nodes = 0;  // nodes the proof searches used
};

struct ExportRow {
  std::string position;
  std::string tier;
  Outcome outcome;
};

struct TableInfo {
  std::string tier;
  std::string file;
  bool present = false;
  std::uint64_t entries = 0;
  std::uint64_t bytes = 0;           // on disk, or the estimate for a missing table
  int format = 0;                    // the file's format version (3: compressed), 0 when missing
  std::uint64_t uncompressed_bytes = 0;  // what the same table takes in format 2
  std::optional<TierStats> stats;    // from the file's header, with remoteness histograms
  std::optional<std::string> error;  // a present file that cannot be read: why
  std::optional<std::string> command;  // a missing table: the command that builds it
};

// One table rewritten by `compress`.
struct CompressedTable {
  std::string tier;
  int format_before = 0, format_after = 0;
  std::uint64_t bytes_before = 0, bytes_after = 0;
  std::uint64_t entries = 0;
  double seconds = 0;
  bool skipped = false;  // already packed as requested (or missing: bytes 0)
  bool recoded = false;  // coded again from its file's own symbols, not packed from its decoded table
  // What coded the rewritten file's blocks (settings_name: "lzma9-nice16-depth8-lp0-pb0"),
  // which the file itself does not record; empty for a table kept or written as format 2.
  std::string coder;
};

struct CompressResult {
  std::string game;
  RuleValues rules;
  std::vector<CompressedTable> tables;
};

// A position that shows a figure: its value and the position.
struct ExamplePosition {
  Outcome outcome;
  std::string position;
  std::string value;  // in the game's words ("mate in 35")
};

// One side to move of a table (`summary`): per index slot, and per position (raw: every
// symmetric copy counted), and its longest win with the first position (by index) that shows it.
struct SideSummary {
  std::string side;
  std::uint64_t wins = 0, draws = 0, losses = 0;
  std::uint64_t raw_wins = 0, raw_draws = 0, raw_losses = 0;
  std::optional<ExamplePosition> longest_win;
};

// Boards of a table where having the move is a disadvantage, each board counted once, both
// sides to move legal (the side not to move not in check) and the game not over: full point,
// whoever moves loses; half point, a side that draws with the move and whose opponent loses
// with it (that side is "in zugzwang"). raw_: every symmetric copy counted.
struct MutualZugzwangs {
  std::uint64_t full = 0, first_in_zugzwang = 0, second_in_zugzwang = 0;
  std::uint64_t raw_full = 0, raw_first_in_zugzwang = 0, raw_second_in_zugzwang = 0;
  std::optional<std::string> example;  // the first by index, with the first side to move
};

struct TableSummary {
  std::string tier;
  std::uint64_t entries = 0;
  std::vector<SideSummary> sides;  // the first player, then the second
  std::optional<MutualZugzwangs> mutual_zugzwangs;  // games whose boards take either side to move
};

struct SummaryResult {
  std::string game;
  RuleValues rules;
  std::string command;  // how a person reproduces it
  std::vector<TableSummary> tables;  // in solving order
};

// A position whose stored value its moves contradict (`verify`).
struct VerifyMismatch {
  std::string position;
  std::uint64_t index = 0;
  Outcome stored;    // what the table says
  Outcome expected;  // what the values of its moves (or the rules, for a finished game) imply
};

// One table checked one ply deep by `verify`.
struct VerifiedTable {
  std::string tier;
  std::uint64_t entries = 0;    // index slots
  std::uint64_t positions = 0;  // used slots, each checked
  // Of them, on the side to move a compressed file leaves out: derived from their moves when
  // the table is read, so they agree by construction (and are not checked again); the check
  // of the stored side against them is what tests the file.
  std::uint64_t derived = 0;
  // VerifyRequest::from_scratch: children ranked whole, the derived slots checked too.
  bool from_scratch = false;
  // The positions whose stored value was compared with their moves: positions - derived,
  // all of them from scratch.
  std::uint64_t checked = 0;
  // Tables decoded whole into memory for this check (the table and those of its sub-tables
  // not decoded already); 0 for a sample, which reads every table block by block.
  std::uint64_t decoded_whole = 0;
  // VerifyRequest::sample: the sample asked for, its seed and the slots it drew (the
  // smaller of the two sizes, used or not); positions, derived and checked then count the
  // drawn slots only. nullopt for a whole check.
  struct Sample {
    std::uint64_t requested = 0, seed = 0, drawn = 0;
  };
  std::optional<Sample> sample;
  std::uint64_t mismatches = 0;
  std::vector<VerifyMismatch> examples;  // the first ones by index
  double seconds = 0;
  // With VerifyRequest::summaries: what `summary` gives for this table alone.
  std::optional<SummaryResult> summary;
};

struct VerifyResult {
  std::string game;
  RuleValues rules;
  std::vector<VerifiedTable> tables;  // in solving order
  bool clean() const {
    for (const auto& t : tables)
      if (t.mismatches) return false;
    return true;
  }
};

struct TablesResult {
  std::string game;
  RuleValues rules;
  std::string directory;
  std::vector<TableInfo> tables;     // in solving order
};

}  // namespace zz::api
