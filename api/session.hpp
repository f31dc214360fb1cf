#pragma once
// A Session answers every question about one game under one rule variant with one data
// directory, as typed results (results.hpp). Every face (command line, HTTP server, Python)
// opens sessions and presents what they return; none computes anything itself.
//
// Errors: InputError (one line, for the user) for bad positions, moves, options and
// unreadable tables; MissingTable, an InputError, when a table is not built, naming the
// command that builds it. Query, principal variation, tables and export may be called from
// several threads at once; solve may not run beside them.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "api/errors.hpp"
#include "api/results.hpp"
#include "core/common/error.hpp"
#include "solver/solve_options.hpp"

namespace zz::api {

struct MissingTable : InputError {
  MissingTable(const std::string& why, std::string command, std::uint64_t bytes)
      : InputError(why), command(std::move(command)), bytes(bytes) {}
  std::string command;  // the solve command that builds it
  std::uint64_t bytes;  // about this much on disk, with the tables it needs
};

struct SolveRequest {
  std::string material;  // which tables, for games tabulated by material ("" = the whole game)
  bool rebuild = false;
  int threads = 0;       // 0: every core
  std::string command;   // how a person reproduces this solve (goes into the report)
  int table_format = 3;  // 3: compressed; 2: one code per slot (faster to write, 10-600x larger)
  // The coder of the tables written (api/codec_request.hpp; none: each table gets the better
  // of lzma 9 and zstd 19 on a sample, as compress chooses): a fast one (zstd 6) writes a
  // morris tier ten times faster, 10-20 % larger; `compress` makes them smallest later.
  std::optional<std::string> codec;  // "lzma" or "zstd"
  std::optional<int> level;          // the codec's level
  std::function<void(const SolveProgress&)> progress;
  const std::atomic<bool>* stop = nullptr;  // set it to stop the solve (Cancelled is thrown)
  // The ranks of a distributed job (every rank makes the same call); nullptr: this process.
  Communicator* comm = nullptr;
  // Keep every sub-table decoded from a compressed file as a copy in DATA/.decoded-kept and
  // map copies found there instead of decoding (TableStore::keep_decoded_across_runs).
  bool keep_decoded = false;
  // The summary of the solved game (per-side counts, the start position). The ranks of a
  // distributed job share out its counting, so all of them must ask for it, or none.
  bool summary = true;
  // Bytes the solve may use (0: the machine's memory): a tier whose in-memory working state
  // would not fit is solved in the compact one (solver/compact_retrograde.hpp), and a large
  // set keeps at most half of it in decoded dependencies.
  std::uint64_t memory = 0;
  // "auto" (by memory), "memory" or "compact"; anything else is refused.
  std::string working_state = "auto";
  // Seconds between the checkpoints of a compact solve (0: every level, negative: none).
  double checkpoint_seconds = 600;
};

// The analysis as it stands, sent whole after every finished horizon of the proofs and every
// completed depth of the search (which run at once).
struct AnalyzeProgress {
  std::string phase;      // what reported last: proof (the position), moves (each move), search
  std::string side_to_move, opponent;  // the players, by name
  std::string attacker;   // whose forced win the proof search asks for
  int horizon = 0;        // plies
  std::uint64_t proof = 0, disproof = 0;  // 0 once the horizon is settled, 1 while open
  std::uint64_t nodes = 0;                // proof search's
  double seconds = 0;
  std::optional<int> no_forced_win_within;  // for either side, proven so far
  // The search's last completed depth.
  int depth = 0, seldepth = 0;
  int score = 0;
  std::uint64_t search_nodes = 0;
  double nodes_per_second = 0;
  std::vector<AnalysisLine> lines;  // best first
};

struct AnalyzeRequest {
  std::string position;
  std::optional<int> depth;       // proof horizon and search depth in plies
  std::optional<double> seconds;  // time budget instead of a fixed depth
  int lines = 1;                  // multi-PV: this many best moves, each with its score and line
  int threads = 1;                // search threads (the proofs run on one more)
  std::function<void(const AnalyzeProgress&)> progress;
  const std::atomic<bool>* stop = nullptr;
};

// How review values the positions no table covers: proof-number search for a forced win by
// either side within `proof_plies` plies (0: none), at most `proof_nodes` nodes a position.
struct ReviewOptions {
  int proof_plies = 0;
  std::uint64_t proof_nodes = 2'000'000;
};

struct ExportRequest {
  std::string material;
  std::optional<Value> where;
  std::optional<std::uint64_t> limit;
};

// Rewrites the tables of a material in another format, each atomically (a crash leaves the
// old file or the new one). The codec settings default to the solver's own.
struct CompressRequest {
  std::string material;
  int format = 3;       // 3: compressed; 2: every code as it is
  bool force = false;   // also rewrite tables already in that format (other settings)
  std::optional<std::string> codec;     // "lzma" or "zstd"
  std::optional<int> level;             // the codec's level
  std::optional<std::uint64_t> block_entries;  // a power of two, 256 to 2^24
  bool keep_unused = false;             // store unused slots as zeros instead of filling them
  bool both_sides = false;              // store both sides to move
  bool smallest = false;                // LZMA2 9e on every large table, never a faster search
  std::size_t zstd_dictionary = 0;      // zstd: train a dictionary of at most this many bytes
  // Write each table's values alone (no distance to the end, table-format.md "Values only")
  // into this other data folder; the tables read stay as they are.
  std::optional<std::string> values_only_to;
  // Bytes the command may use (0: no limit given): a large set keeps half of it, at most
  // 8 GiB, of decoded tables for the tables still to come (held_bytes_for_memory), and the
  // writer's block coders a quarter (PackOptions::coder_memory), as in a solve.
  std::uint64_t memory = 0;
  std::function<void(const CompressedTable&)> progress;  // after each table
};

// Checks stored tables one ply deep: every position's value must be the one its moves imply
// from the stored values of its children (in the same table and in its sub-tables). A table
// that passes everywhere is exact: wins and losses by induction on their remoteness, draws as
// the rest. It uses the forward move generator only, not the solver's un-moves.
struct VerifyRequest {
  std::string material;
  int threads = 0;            // 0: every core
  std::size_t examples = 10;  // mismatches reported per table, the first by index
  std::function<void(const VerifiedTable&)> progress;  // after each table
  // Told every so often how far the table being checked is (slots done, slots in all).
  std::function<void(const std::string& tier, std::uint64_t done, std::uint64_t entries)> advance;
  // Tables not checked again (an earlier run found them clean); they are still read as
  // sub-tables.
  std::set<std::string> skip;
  // Also summarize each table checked (VerifiedTable::summary, as `summary` would), from
  // the codes the check decoded: one pass over a large set instead of two.
  bool summaries = false;
  // Find each child's slot by playing the move and ranking the child whole, not by the
  // shortcuts the solver shares, and check the slots a compressed file leaves out (derived
  // on loading) as well: slower, and independent of the solver's indexing of children.
  bool from_scratch = false;
  // As SolveRequest::keep_decoded, for the sub-tables; each table checked is still decoded
  // from its own file.
  bool keep_decoded = false;
  // Bytes the check may use (0: no limit given), as SolveRequest::memory: half of it, at most
  // 8 GiB, of decoded tables is kept, and a table's sub-tables past half of that are read
  // mapped from decoded copies (held_bytes_for_memory). With a sample: the bound of the block
  // cache instead (half of it), the only memory that grows with the tables.
  std::uint64_t memory = 0;
  // Check only a uniform random sample of this many slots of each table (solver/slot_sample.hpp:
  // the same slots on every machine for the same seed; every slot when it is at least the
  // table's size). No table is decoded whole (but see decode_sub_tables): each sampled slot and
  // its children are read as a probe reads them, block by block through the block cache, so a
  // table far larger than memory can be checked in part. 0 is refused.
  std::optional<std::uint64_t> sample;
  std::uint64_t seed = 0;  // the sample's seed
  // With a sample: each table's sub-tables decoded whole, within `memory` as the whole check
  // holds them, and only the sampled table read block by block. A sample dense enough to touch
  // most blocks of its children's tables (a Morris tier's 200,000 slots read children across
  // tables of 0.5-1 G slots) then decodes each sub-table once instead of a block per child.
  bool decode_sub_tables = false;
};

// What the tables of a material say (api/table_summary.hpp). Each table is decoded, with its
// sub-tables as a check reads them.
struct SummaryRequest {
  std::string material;
  // As SolveRequest::keep_decoded: the sub-tables are mapped from decoded copies earlier runs
  // kept, and the ones decoded here are kept for later runs.
  bool keep_decoded = false;
  // Bytes the summary may use (0: no limit given), as VerifyRequest::memory.
  std::uint64_t memory = 0;
};

struct SessionOptions {
  // Solve a missing table on demand when the game solves in seconds (GameInfo).
  bool solve_on_demand = true;
  // Told what a long call is doing (a one-line notice), e.g. a solve on demand starting.
  std::function<void(const std::string&)> notice;
  std::function<void(const SolveProgress&)> progress;  // of a solve on demand
};

class Session {
 public:
  virtual ~Session() = default;

  virtual const GameInfo& info() const = 0;
  virtual const RuleValues& rules() const = 0;
  virtual const std::filesystem::path& data_dir() const = 0;

  // The position in the game's canonical notation ("start" names the start position).
  virtual std::string normalize(const std::string& position) const = 0;
  virtual std::vector<std::string> legal_moves(const std::string& position) const = 0;
  virtual MoveResult move(const std::string& position, const std::vector<std::string>& moves) const = 0;
  // The position as data (squares, pieces, hands, marks) with every legal move as squares.
  virtual BoardResult board(const std::string& position) const = 0;
  virtual PerftResult perft(const std::string& position, int depth, bool divide) const = 0;
  // The game's words for a value: "win in 3 plies", "mate in 2".
  virtual std::string describe(Outcome o) const = 0;

  virtual QueryResult query(const std::string& position) = 0;
  // The position's value alone, as query() gives it, without valuing its moves (a probe).
  virtual Outcome value(const std::string& position) = 0;
  // Each move of a game from `start` against the tables, and where they do not reach, against
  // proof search within the options' horizon.
  virtual ReviewResult review(const std::string& start, const std::vector<std::string>& moves,
                              const ReviewOptions& options = {}) = 0;
  virtual PrincipalVariation principal_variation(const std::string& position) = 0;
  virtual SolveReport solve(const SolveRequest& request) = 0;
  virtual TablesResult tables(const std::string& material) = 0;
  virtual CompressResult compress(const CompressRequest& request) = 0;
  virtual VerifyResult verify(const VerifyRequest& request) = 0;
  // What the tables of `material` say (counts per side, longest wins, mutual zugzwangs).
  virtual SummaryResult summary(const SummaryRequest& request) = 0;
  SummaryResult summary(const std::string& material) { return summary(SummaryRequest{material}); }
  // Calls row for each position of the tables, in index order; returns how many.
  virtual std::uint64_t export_rows(const ExportRequest& request, const std::function<void(const ExportRow&)>& row) = 0;

  virtual AnalyzeResult analyze(const AnalyzeRequest& request) = 0;

  // The stored tables themselves (the Python module's NumPy views):
  // the tiers of `material` (or of the whole game) in solving order;
  virtual std::vector<std::string> tier_names(const std::string& material) = 0;
  // a tier's table, opened once and kept (mapped); MissingTable when it is not built;
  virtual const TierTable& table(const std::string& tier) = 0;
  // the position an index stands for (InputError for an unused slot or out of range);
  virtual std::string position_at(const std::string& tier, std::uint64_t index) = 0;
  // the tier and index of a position (of its canonical form, for a game with symmetry).
  virtual std::pair<std::string, std::uint64_t> index_of(const std::string& position) = 0;
};

// The games, in the order `zugzwang games` lists them.
const std::vector<GameInfo>& games();
// Throws InputError naming the known games.
const GameInfo& find_game(const std::string& name);

// Rule assignments "K=V" are checked against the game's options (InputError).
std::unique_ptr<Session> open_session(const std::string& game, const std::vector<std::string>& rule_assignments,
                                      const std::filesystem::path& data_dir, SessionOptions options = {});

// $ZUGZWANG_DATA, else $XDG_DATA_HOME/zugzwang, else ~/.local/share/zugzwang.
std::filesystem::path default_data_dir();

}  // namespace zz::api
