#pragma once
// What the command line asks of a game, independent of its type. Driver<G> implements it
// for any game of the Game contract (driver_impl.hpp).
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"

namespace zz::cli {

struct SolveRequest {
  std::filesystem::path data_dir;
  std::string material;  // which tables, for games that build tables by material
  bool rebuild = false;
  bool json = false;
  bool progress = false;  // show progress on stderr
  int threads = 0;
  std::string command;    // the command line that reproduces the result
};

struct QueryRequest {
  std::filesystem::path data_dir;
  std::string position;
  bool json = false;
};

struct ExportRequest {
  std::filesystem::path data_dir;
  std::string material;
  bool json_lines = false;
  std::optional<Value> where;
  std::optional<std::uint64_t> limit;
};

struct AnalyzeRequest {
  std::filesystem::path data_dir;
  std::string position;
  std::optional<int> depth;       // proof horizon and search depth in plies
  std::optional<double> seconds;  // time budget instead of a fixed depth
  bool json = false;
};

class GameDriver {
 public:
  virtual ~GameDriver() = default;
  virtual bool can_solve() const = 0;
  virtual void solve(const SolveRequest& request, std::ostream& out) = 0;
  virtual void query(const QueryRequest& request, std::ostream& out) = 0;
  virtual std::uint64_t export_tables(const ExportRequest& request, std::ostream& out) = 0;
  virtual void move(const std::string& position, const std::vector<std::string>& moves, bool json,
                    std::ostream& out) = 0;
  virtual void perft(const std::string& position, int depth, bool divide, std::ostream& out) = 0;
  virtual void analyze(const AnalyzeRequest& request, std::ostream& out) = 0;
};

struct GameEntry {
  std::string name;
  std::string summary;
  std::vector<RuleOption> options;
  std::unique_ptr<GameDriver> (*make)(const RuleValues& rules);
};

const std::vector<GameEntry>& games();
// Throws InputError naming the known games.
const GameEntry& find_game(const std::string& name);

}  // namespace zz::cli
