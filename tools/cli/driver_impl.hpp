#pragma once
// Driver<G>: the commands of the command line for one game type, written once for every
// game of the Game contract. Capabilities a game lacks (tables, material selection) are
// refused with a reason. What it prints is described by Presenter<G> (presenter.hpp).
#include <chrono>
#include <cstdio>
#include <ostream>
#include <span>

#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include "core/common/error.hpp"
#include "solver/perft.hpp"
#include "solver/query.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/export.hpp"
#include "solver/search/oracle.hpp"
#include "tools/cli/analysis.hpp"
#include "tools/cli/driver.hpp"
#include "tools/cli/presenter.hpp"
#include "tools/cli/progress.hpp"

namespace zz::cli {

template <Game G>
class Driver final : public GameDriver {
 public:
  using Position = typename G::Position;

  explicit Driver(const RuleValues& rules) : game_(rules) {}

  static std::unique_ptr<GameDriver> make(const RuleValues& rules) { return std::make_unique<Driver>(rules); }

  bool can_solve() const override { return Enumerable<G>; }

  void solve(const SolveRequest& request, std::ostream& out) override {
    if constexpr (Enumerable<G>) {
      std::optional<tbb::global_control> threads;
      if (request.threads > 0) threads.emplace(tbb::global_control::max_allowed_parallelism, request.threads);
      const auto roots = solve_roots(request.material);
      TableStore<G> store(game_, request.data_dir);
      SolveOptions options;
      Progress progress(request.progress);
      if (request.progress) options.progress = [&](const SolveProgress& p) { progress.update(p); };
      const auto started = std::chrono::steady_clock::now();
      const auto reports = solve_tiers(game_, std::span<const typename G::Tier>(roots), store, options, request.rebuild);
      progress.finish();
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      ojson summary = present_.solve_summary(reports, request);
      if constexpr (requires(const Position& q) { game_.orbit_size(q); })
        present_.add_raw_counts(summary, dependency_order(game_, std::span<const typename G::Tier>(roots)), store);
      if (request.material.empty()) {
        summary["start"] = present_.position_json(game_.start(), store);
        summary["start"]["principal_variation"] = present_.principal_variation(game_.start(), store);
      }
      if (request.json) {
        out << summary.dump(2) << '\n';
        std::fprintf(stderr, "solved in %.2f s; tables in %s\n", seconds, store.directory().c_str());
      } else {
        present_.print_solve(summary, seconds, store.directory(), out);
      }
    } else {
      (void)request;
      (void)out;
      throw InputError(std::string(G::name()) + " has no retrograde tables");
    }
  }

  void query(const QueryRequest& request, std::ostream& out) override {
    if constexpr (Enumerable<G>) {
      const Position p = parse_position(request.position);
      TableStore<G> store(game_, request.data_dir);
      const ojson answer = present_.position_json(p, store);
      if (request.json) {
        ojson doc = {{"game", std::string(G::name())}, {"rules", rules_json(game_.rules())}};
        doc.update(answer);
        out << doc.dump() << '\n';
      } else {
        present_.print_position(answer, out);
      }
    } else {
      (void)out;
      parse_position(request.position);
      throw InputError(std::string(G::name()) + " has no tables to query");
    }
  }

  std::uint64_t export_tables(const ExportRequest& request, std::ostream& out) override {
    if constexpr (Enumerable<G>) {
      const auto roots = solve_roots(request.material);
      const auto tiers = dependency_order(game_, std::span<const typename G::Tier>(roots));
      TableStore<G> store(game_, request.data_dir);
      for (const auto& t : tiers) store.load(t);  // refuse before writing anything
      ExportOptions options;
      options.format = request.json_lines ? ExportFormat::JsonLines : ExportFormat::Json;
      options.where = request.where;
      options.limit = request.limit;
      return zz::export_tables(game_, std::span<const typename G::Tier>(tiers), store, out, options);
    } else {
      (void)request;
      (void)out;
      throw InputError(std::string(G::name()) + " has no tables to export");
    }
  }

  void move(const std::string& position, const std::vector<std::string>& moves, bool json,
            std::ostream& out) override {
    Position p = parse_position(position);
    ojson played = ojson::array();
    std::optional<Outcome> over = game_.outcome(p);
    bool repeated = false;
    if constexpr (requires { typename G::History; }) {
      typename G::History history(p);
      for (const auto& text : moves) {
        if (repeated) throw InputError("the game is already drawn by repetition before " + text);
        const auto m = game_.parse_move(p, text);
        played.push_back(game_.format_move(m));
        p = game_.play(p, m);
        over = game_.outcome(p);
        repeated = !over && game_.drawn_by_repetition(history, p);
      }
    } else {
      for (const auto& text : moves) {
        const auto m = game_.parse_move(p, text);
        played.push_back(game_.format_move(m));
        p = game_.play(p, m);
      }
      over = game_.outcome(p);
    }
    if (repeated) over = Outcome::draw();
    ojson doc = {{"game", std::string(G::name())},
                 {"rules", rules_json(game_.rules())},
                 {"moves", played},
                 {"position", game_.format(p)},
                 {"over", over.has_value()}};
    if (over) doc["result"] = present_.result_text(p, *over) + (repeated ? " by repetition" : "");
    if (json) {
      out << doc.dump() << '\n';
      return;
    }
    out << game_.format(p) << '\n';
    if (over) out << "game over: " << present_.result_text(p, *over) << (repeated ? " by repetition" : "") << '\n';
  }

  void analyze(const AnalyzeRequest& request, std::ostream& out) override {
    if constexpr (Hashable<G>) {
      const Position p = parse_position(request.position);
      nlohmann::ordered_json result;
      if constexpr (Enumerable<G>) {
        const TableOracle<G> oracle(game_, request.data_dir);
        result = analyze_position(game_, oracle, p, request);
      } else {
        result = analyze_position(game_, NoOracle{}, p, request);
      }
      if (request.json) {
        ojson doc = {{"game", std::string(G::name())}, {"rules", rules_json(game_.rules())}};
        doc.update(result);
        out << doc.dump() << '\n';
      } else {
        print_analysis(result, out);
      }
    } else {
      (void)request;
      (void)out;
      throw InputError(std::string(G::name()) + " has no search");
    }
  }

  void perft(const std::string& position, int depth, bool divide, std::ostream& out) override {
    if (depth < 0) throw InputError("perft depth must be non-negative");
    const Position p = parse_position(position);
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (divide && depth > 0) {
      game_.for_each_move(p, [&](const typename G::Move& m) {
        const std::uint64_t n = zz::perft(game_, game_.play(p, m), depth - 1);
        out << game_.format_move(m) << ": " << n << '\n';
        total += n;
      });
      out << '\n';
    } else {
      total = zz::perft(game_, p, depth);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    out << "nodes " << total << '\n';
    std::fprintf(stderr, "perft %d: %.3f s, %.0f nodes/s\n", depth, seconds, seconds > 0 ? total / seconds : 0.0);
  }

 private:
  // "start" names the starting position in every game.
  Position parse_position(const std::string& text) const { return text == "start" ? game_.start() : game_.parse(text); }

  auto solve_roots(const std::string& material) const {
    if constexpr (requires { game_.solve_roots(material); }) {
      return game_.solve_roots(material);
    } else {
      if (!material.empty()) throw InputError(std::string(G::name()) + " has no --material option");
      return std::vector<typename G::Tier>{game_.tier_of(game_.start())};
    }
  }

  G game_;
  Presenter<G> present_{game_};
};

}  // namespace zz::cli
