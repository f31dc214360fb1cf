#pragma once
// GameSession<G>: the Session of session.hpp for any game of the Game contract, written
// once. Capabilities a game lacks (tables, material selection, search) are refused with a
// reason. Each game instantiates it in its own file (session_<game>.cpp), naming the tools
// its analysis uses (api/analysis_search.hpp) when it has better ones than the generic.
#include <chrono>
#include <limits>
#include <mutex>
#include <optional>
#include <span>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_reduce.h>

#include "api/analysis.hpp"
#include "api/analysis_search.hpp"
#include "api/compress_tables.hpp"
#include "api/table_summary.hpp"
#include "api/verify_tables.hpp"
#include "api/errors.hpp"
#include "api/limits.hpp"
#include "api/review_proof.hpp"
#include "api/session.hpp"
#include "api/table_needs.hpp"
#include "solver/perft.hpp"
#include "solver/query.hpp"
#include "solver/search/oracle.hpp"
#include "solver/solve_tiers.hpp"

namespace zz::api {

namespace session_detail {

struct NoStore {
  template <class G>
  NoStore(const G&, const std::filesystem::path&) {}
};
template <class G>
struct StoreFor {
  using type = NoStore;
};
template <Enumerable G>
struct StoreFor<G> {
  using type = TableStore<G>;
};

}  // namespace session_detail

template <Game G, class AnalysisTools = GenericAnalysisTools<G>>
class GameSession final : public Session {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  GameSession(const GameInfo& info, const RuleValues& rules, std::filesystem::path data_dir, SessionOptions options)
      : info_(info), game_(rules), data_dir_(std::move(data_dir)), options_(std::move(options)),
        store_(std::make_unique<Store>(game_, data_dir_)) {}

  const GameInfo& info() const override { return info_; }
  const RuleValues& rules() const override { return game_.rules(); }
  const std::filesystem::path& data_dir() const override { return data_dir_; }

  std::string normalize(const std::string& text) const override { return game_.format(parse_position(text)); }

  std::vector<std::string> legal_moves(const std::string& text) const override {
    const Position p = parse_position(text);
    std::vector<std::string> moves;
    game_.for_each_move(p, [&](const Move& m) { moves.push_back(game_.format_move(m)); });
    return moves;
  }

  MoveResult move(const std::string& text, const std::vector<std::string>& moves) const override {
    Position p = parse_position(text);
    MoveResult r{name(), rules(), {}, {}, false, std::nullopt, {}};
    std::optional<Outcome> over = game_.outcome(p);
    bool repeated = false;
    if constexpr (requires { typename G::History; }) {
      typename G::History history(p);
      for (const auto& m_text : moves) {
        if (repeated) throw InputError("the game is already drawn by repetition before " + m_text);
        const Move m = game_.parse_move(p, m_text);
        r.moves.push_back(game_.format_move(m));
        if constexpr (HasMoveNames<G>) r.names.push_back(name_of(p, m));
        p = game_.play(p, m);
        over = game_.outcome(p);
        repeated = !over && game_.drawn_by_repetition(history, p);
      }
    } else {
      for (const auto& m_text : moves) {
        const Move m = game_.parse_move(p, m_text);
        r.moves.push_back(game_.format_move(m));
        if constexpr (HasMoveNames<G>) r.names.push_back(name_of(p, m));
        p = game_.play(p, m);
      }
      over = game_.outcome(p);
    }
    if (repeated) over = Outcome::draw();
    r.position = game_.format(p);
    r.over = over.has_value();
    if (over) r.result = result_text(p, *over) + (repeated ? " by repetition" : "");
    return r;
  }

  BoardResult board(const std::string& text) const override {
    const Position p = parse_position(text);
    const MoveResult state = move(text, {});
    BoardResult r{name(), rules(), state.position, state.over, state.result, game_.view(p), {}, std::nullopt};
    game_.for_each_move(p, [&](const Move& m) {
      r.moves.push_back(game_.view_move(p, m));
      r.moves.back().name = name_of(p, m);
    });
    if constexpr (requires { game_.solve_roots(std::string()); }) {
      try {
        r.material = game_.tier_name(game_.tier_of(table_view(p)));
      } catch (const InputError&) {  // no table can hold it (chess with castling rights)
      }
    }
    return r;
  }

  PerftResult perft(const std::string& text, int depth, bool divide) const override {
    check_perft_depth(depth);
    const Position p = parse_position(text);
    const auto started = std::chrono::steady_clock::now();
    PerftResult r{name(), rules(), game_.format(p), depth, 0, {}, 0};
    if (divide && depth > 0) {
      game_.for_each_move(p, [&](const Move& m) {
        const std::uint64_t n = zz::perft(game_, game_.play(p, m), depth - 1);
        r.divide.emplace_back(game_.format_move(m), n);
        r.nodes += n;
      });
    } else {
      r.nodes = zz::perft(game_, p, depth);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
  }

  std::string describe(Outcome o) const override {
    if constexpr (requires { game_.describe(o); }) {
      return game_.describe(o);
    } else {
      if (o.value == Value::Draw) return "draw";
      return std::string(to_string(o.value)) + " in " + std::to_string(o.remoteness) +
             (o.remoteness == 1 ? " ply" : " plies");
    }
  }

  Outcome value(const std::string& text) override {
    if constexpr (Enumerable<G>) {
      const Position given = parse_position(text);
      return with_tables([&] { return store_->probe(table_view(given)); });
    } else {
      parse_position(text);
      throw InputError(name() + " has no tables to probe");
    }
  }

  QueryResult query(const std::string& text) override {
    if constexpr (Enumerable<G>) {
      const Position given = parse_position(text);
      return with_tables([&] {
        QueryResult r = query_position(given);
        r.mutual_zugzwang = mutual_zugzwang(table_view(given), r.outcome);
        return r;
      });
    } else {
      parse_position(text);
      throw InputError(name() + " has no tables to query");
    }
  }

  ReviewResult review(const std::string& start, const std::vector<std::string>& moves,
                      const ReviewOptions& options) override {
    if constexpr (Enumerable<G>) {
      const Position first = parse_position(start);
      check(options);
      return with_tables([&] { return review_game(first, moves, options); });
    } else {
      parse_position(start);
      (void)moves;
      (void)options;
      throw InputError(name() + " has no tables to review a game against");
    }
  }

  PrincipalVariation principal_variation(const std::string& text) override {
    if constexpr (Enumerable<G>) {
      const Position given = parse_position(text);
      return with_tables([&] {
        return PrincipalVariation{name(), rules(), game_.format(given), store_->probe(table_view(given)),
                                  line_from(given)};
      });
    } else {
      parse_position(text);
      throw InputError(name() + " has no tables");
    }
  }

  SolveReport solve(const SolveRequest& request) override {
    if constexpr (Enumerable<G>) {
      std::lock_guard lock(solve_mutex_);
      return solve_locked(request);
    } else {
      (void)request;
      throw InputError(name() + " has no retrograde tables");
    }
  }

  TablesResult tables(const std::string& material) override {
    if constexpr (Enumerable<G>) {
      const auto roots = solve_roots(material);
      TablesResult r{name(), rules(), store_->directory().string(), {}};
      for (const auto& t : dependency_order(game_, std::span<const typename G::Tier>(roots))) {
        TableInfo info = describe_table(game_, *store_, t);
        if (!info.present) info.command = solve_command(info_.tables_by_material ? info.tier : "");
        r.tables.push_back(std::move(info));
      }
      return r;
    } else {
      (void)material;
      throw InputError(name() + " has no tables");
    }
  }

  CompressResult compress(const CompressRequest& request) override {
    if constexpr (Enumerable<G>) {
      const auto roots = solve_roots(request.material);
      CompressResult r = compress_tables(game_, *store_, std::span<const typename G::Tier>(roots), request);
      r.game = name();
      r.rules = rules();
      return r;
    } else {
      (void)request;
      throw InputError(name() + " has no tables");
    }
  }

  VerifyResult verify(const VerifyRequest& request) override {
    if constexpr (Enumerable<G>) {
      const auto roots = solve_roots(request.material);
      const std::span<const typename G::Tier> from(roots);
      for (const auto& t : dependency_order(game_, from))
        if (!store_->exists(t)) throw missing_table(game_.tier_name(t), request.material);
      std::optional<tbb::global_control> threads;
      if (request.threads > 0) threads.emplace(tbb::global_control::max_allowed_parallelism, request.threads);
      const auto words = [this](Outcome o) { return describe(o); };
      const auto as_result = [this](TableSummary s) {
        std::string command = summary_command(info_.tables_by_material ? s.tier : "");
        return SummaryResult{name(), rules(), std::move(command), {std::move(s)}};
      };
      return with_tables(
          [&] {
            return VerifyResult{name(), rules(), verify_tables(game_, data_dir(), from, request, words, as_result)};
          },
          request.material);
    } else {
      (void)request;
      throw InputError(name() + " has no tables");
    }
  }

  using Session::summary;
  SummaryResult summary(const SummaryRequest& request) override {
    if constexpr (Enumerable<G>) {
      const std::string& material = request.material;
      // One table named: that table (its sub-tables are read, not summarized); a set: all.
      const auto roots = solve_roots(material);
      const auto order = dependency_order(game_, std::span<const typename G::Tier>(roots));
      for (const auto& t : order)
        if (!store_->exists(t)) throw missing_table(game_.tier_name(t), material);
      const std::vector<typename G::Tier> tiers =
          roots.size() == 1 && !material.empty() ? std::vector<typename G::Tier>(roots.begin(), roots.end())
                                                 : std::vector<typename G::Tier>(order.begin(), order.end());
      SummaryResult r{name(), rules(), summary_command(material), {}};
      const auto words = [this](Outcome o) { return describe(o); };
      return with_tables([&] {
        // A large set is read within the memory a set solve keeps, releasing what it has
        // read (all5 would not fit in memory decoded), as solve_tiers does. Kept decoded
        // copies change what the store is (copies written beside the tables), so such a
        // summary reads through a store of its own, as verify does.
        const SolveOptions limits;
        const std::uint64_t held = request.memory ? held_bytes_for_memory(request.memory) : limits.held_bytes_budget;
        std::optional<TableStore<G>> own;
        if (request.keep_decoded) {
          own.emplace(game_, data_dir());
          own->keep_decoded_across_runs();
        }
        TableStore<G>& store = own ? *own : *store_;
        SetMemory<G> memory(game_, tiers, limits.release_from_slots);
        for (std::size_t k = 0; k < tiers.size(); ++k) {
          memory.keep_within_budget(store, k, held);
          r.tables.push_back(summarize_table(game_, store, tiers[k], words));
          memory.release_finished(store, k);
        }
        return r;
      }, material);
    } else {
      (void)request;
      throw InputError(name() + " has no tables");
    }
  }

  std::uint64_t export_rows(const ExportRequest& request, const std::function<void(const ExportRow&)>& row) override {
    if constexpr (Enumerable<G>) {
      const auto roots = solve_roots(request.material);
      const auto tiers = dependency_order(game_, std::span<const typename G::Tier>(roots));
      return with_tables([&] {
        for (const auto& t : tiers) store_->load(t);  // refuse before writing anything
        std::uint64_t written = 0;
        Position p;
        for (const auto& t : tiers) {
          const TierTable& table = store_->load(t);
          const std::string tier = game_.tier_name(t);
          for (std::uint64_t i = 0; i < table.size(); ++i) {
            if (request.limit && written >= *request.limit) return written;
            if (!game_.unrank(t, i, p)) continue;  // an unused slot (the Enumerable contract)
            const Outcome o = store_->probe(p);
            if (request.where && o.value != *request.where) continue;
            row({game_.format(p), tier, o});
            ++written;
          }
        }
        return written;
      }, request.material);
    } else {
      (void)request;
      (void)row;
      throw InputError(name() + " has no tables to export");
    }
  }

  std::vector<std::string> tier_names(const std::string& material) override {
    if constexpr (Enumerable<G>) {
      const auto roots = solve_roots(material);
      std::vector<std::string> names;
      for (const auto& t : dependency_order(game_, std::span<const typename G::Tier>(roots)))
        names.push_back(game_.tier_name(t));
      return names;
    } else {
      (void)material;
      throw InputError(name() + " has no tables");
    }
  }

  const TierTable& table(const std::string& tier) override {
    if constexpr (Enumerable<G>) {
      const auto t = tier_named(tier);
      return with_tables([&]() -> const TierTable& { return store_->load(t); }, tier);
    } else {
      throw InputError(name() + " has no tables");
    }
  }

  std::string position_at(const std::string& tier, std::uint64_t index) override {
    if constexpr (Enumerable<G>) {
      const auto t = tier_named(tier);
      const std::uint64_t size = game_.tier_size(t);
      if (index >= size)
        throw InputError("index " + std::to_string(index) + " is beyond tier " + tier + " (" + std::to_string(size) +
                         " entries)");
      Position p;
      if (!game_.unrank(t, index, p))
        throw InputError("index " + std::to_string(index) + " of tier " + tier + " is an unused slot");
      return game_.format(p);
    } else {
      (void)index;
      throw InputError(name() + " has no tables");
    }
  }

  std::pair<std::string, std::uint64_t> index_of(const std::string& text) override {
    if constexpr (Enumerable<G>) {
      const Position p = table_view(parse_position(text));
      return {game_.tier_name(game_.tier_of(p)), game_.rank(p)};
    } else {
      parse_position(text);
      throw InputError(name() + " has no tables");
    }
  }

  AnalyzeResult analyze(const AnalyzeRequest& request) override {
    check(request);
    if constexpr (Hashable<G>) {
      const Position p = parse_position(request.position);
      AnalysisTools tools(game_, *store_);
      // The analysis speaks in move ids; each line is named here, progress reports included.
      AnalyzeRequest named = request;
      if (request.progress)
        named.progress = [&](const AnalyzeProgress& progress) {
          AnalyzeProgress copy = progress;
          for (auto& line : copy.lines) name_analysis_line(p, line);
          request.progress(copy);
        };
      AnalyzeResult r = analyze_position(tools, p, named);
      r.game = name();
      r.rules = rules();
      for (auto& line : r.lines) name_analysis_line(p, line);
      for (auto& m : r.moves) m.name = name_of_id(p, m.move);
      if (r.best_move && HasMoveNames<G>) r.best_move_name = name_of_id(p, *r.best_move);
      return r;
    } else {
      (void)request;
      throw InputError(name() + " has no search");
    }
  }

 private:
  using Store = typename session_detail::StoreFor<G>::type;

  std::string name() const { return std::string(G::name()); }

  // The move's name in the results (solver/game.hpp HasMoveNames; chess: SAN), empty for a
  // game whose moves have no name but their id: the faces then show the id, JSON leaves the
  // name out (and the committed summaries of those games stay as they are).
  std::string name_of(const Position& p, const Move& m) const {
    if constexpr (HasMoveNames<G>) {
      return game_.move_name(p, m);
    } else {
      (void)p;
      (void)m;
      return {};
    }
  }

  // The name of the move whose id is `id` in p (the id itself should the game refuse it).
  std::string name_of_id(const Position& p, const std::string& id) const {
    if constexpr (!HasMoveNames<G>) return {};
    try {
      return name_of(p, game_.parse_move(p, id));
    } catch (const InputError&) {
      return id;
    }
  }

  // Names an analysis line's move, its principal variation (played out from p) and its proof.
  void name_analysis_line(const Position& p, AnalysisLine& line) const {
    if constexpr (!HasMoveNames<G>) return;
    line.name = name_of_id(p, line.move);
    if (line.proof) line.proof->name = line.name;
    line.pv_names.clear();
    Position q = p;
    for (const auto& id : line.pv) {
      try {
        const Move m = game_.parse_move(q, id);
        line.pv_names.push_back(name_of(q, m));
        q = game_.play(q, m);
      } catch (const InputError&) {  // not a move of q: the rest keeps its ids
        for (std::size_t i = line.pv_names.size(); i < line.pv.size(); ++i) line.pv_names.push_back(line.pv[i]);
        break;
      }
    }
  }

  // "start" names the starting position in every game.
  Position parse_position(const std::string& text) const { return text == "start" ? game_.start() : game_.parse(text); }

  // The position as the tables value it (chess: the halfmove clock, which they ignore, at 0).
  Position table_view(const Position& p) const {
    if constexpr (requires { game_.table_view(p); }) return game_.table_view(p);
    else return p;
  }

  // A tier by its name: a material (for games tabulated by material), or one of the
  // whole game's tiers.
  auto tier_named(const std::string& tier) const {
    if constexpr (requires { game_.solve_roots(tier); }) {
      const auto roots = game_.solve_roots(tier);
      if (roots.size() == 1) return roots.front();
      throw InputError("'" + tier + "' is not one tier of " + name());
    } else {
      const auto roots = solve_roots("");
      for (const auto& t : dependency_order(game_, std::span<const typename G::Tier>(roots)))
        if (game_.tier_name(t) == tier) return t;
      throw InputError("unknown tier '" + tier + "' of " + name());
    }
  }

  // Lost for the side to move, and lost too with the other side to move on the same board.
  std::optional<bool> mutual_zugzwang(const Position& p, Outcome value) {
    if constexpr (requires { game_.other_side_to_move(p); }) {
      const auto other = game_.other_side_to_move(p);
      if (!other || game_.outcome(p)) return std::nullopt;
      try {
        return value.value == Value::Loss && store_->probe(*other).value == Value::Loss;
      } catch (const InputError&) {
        return std::nullopt;  // no table covers the other side to move
      }
    } else {
      (void)p;
      (void)value;
      return std::nullopt;
    }
  }

  // What is known of one position of a reviewed game: its value for the side to move from
  // the rules (a finished game), the tables, or proof search within the review's horizon.
  struct Known {
    std::optional<Outcome> value;
    std::string source = "none";  // rules, tables, proof, none
    std::optional<int> unforced_within;
    std::optional<int> proving_move;
  };

  ReviewResult review_game(Position p, const std::vector<std::string>& moves, const ReviewOptions& options) {
    ReviewResult r;
    r.game = name();
    r.rules = rules();
    r.start = game_.format(p);
    r.proof_plies = options.proof_plies;
    const Position start = game_.start();
    for (bool first : {true, false}) r.summary.push_back({std::string(G::player_name(start, first))});
    // Every position first: a bad move is refused before any proof search runs.
    std::vector<Position> positions{p};
    std::vector<Move> played_moves;
    for (const auto& text : moves) {
      played_moves.push_back(game_.parse_move(positions.back(), text));
      positions.push_back(game_.play(positions.back(), played_moves.back()));
    }
    std::vector<std::optional<Known>> known(positions.size());
    std::optional<AnalysisTools> tools;
    std::optional<ProofValuer<typename AnalysisTools::ProofGame, typename AnalysisTools::Oracle>> valuer;
    if constexpr (Hashable<G>) {
      if (options.proof_plies > 0) {
        tools.emplace(game_, *store_);
        valuer.emplace(tools->proof_game(), tools->oracle(), options.proof_nodes);
      }
    }
    const auto know = [&](std::size_t i) -> const Known& {
      if (known[i]) return *known[i];
      Known k;
      const Position& q = positions[i];
      if (const auto over = game_.outcome(q)) {
        k.value = *over;
        k.source = "rules";
      } else {
        try {
          k.value = store_->probe(table_view(q));
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
      ply.side = std::string(G::player_name(p, true));
      ply.position = game_.format(p);
      ply.move = game_.format_move(m);
      ply.name = name_of(p, m);
      try {
        const Position q = table_view(p);
        const auto values = value_moves(game_, q, *store_);
        ply.before = store_->probe(q);
        ply.best_move = game_.format_move(values.front().move);
        ply.best_move_name = name_of(p, values.front().move);
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
    r.final_position = game_.format(p);
    const auto over = game_.outcome(p);
    r.over = over.has_value();
    if (over) r.result = result_text(p, *over);
    r.final_value = know(positions.size() - 1).value;
    // Walking back from the end, the result stays forced while each mover's value is the
    // final winner's win (or the final loser's loss).
    if (r.final_value && r.final_value->value != Value::Draw) {
      const bool final_mover_wins = r.final_value->value == Value::Win;
      const std::string final_mover(G::player_name(p, true));
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
    if (!info_.tables_by_material) return false;
    try {
      solve_roots(missing.tier);
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
      game_.for_each_move(p, [&](const Move& m) {
        if (index++ != *before.proving_move) return;
        ply.best_move = game_.format_move(m);
        ply.best_move_name = name_of(p, m);
      });
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

  // "draw" or who won, from the result for the side to move of a finished game.
  std::string result_text(const Position& p, Outcome o) const {
    if (o.value == Value::Draw) return "draw";
    return std::string(G::player_name(p, o.value == Value::Win)) + " wins";
  }

  auto solve_roots(const std::string& material) const {
    if constexpr (requires { game_.solve_roots(material); }) {
      return game_.solve_roots(material);
    } else {
      if (!material.empty()) throw InputError(name() + " has no --material option");
      return std::vector<typename G::Tier>{game_.tier_of(game_.start())};
    }
  }

  // Runs f; a missing table is solved on demand when the game allows it (then f runs
  // again), or reported with the command that builds it (or the tables of `material`). A
  // position no table covers becomes the results layer's own error (errors.hpp).
  template <class F>
  decltype(auto) with_tables(F&& f, const std::string& material = "") {
    try {
      try {
        return f();
      } catch (const TableMissing& missing) {
        if (!(info_.solves_on_demand && options_.solve_on_demand && on_demand_slots() <= kMaxOnDemandSlots))
          throw missing_table(missing.tier, material.empty() ? missing.tier : material);
        solve_on_demand();
        return f();
      }
    } catch (const zz::NotCovered& e) {
      throw api::NotCovered(e.what());
    }
  }

  // The slots of every table a solve on demand would build.
  std::uint64_t on_demand_slots() const {
    const auto roots = solve_roots("");
    std::uint64_t slots = 0;
    for (const auto& t : dependency_order(game_, std::span<const typename G::Tier>(roots))) slots += game_.tier_size(t);
    return slots;
  }

  void solve_on_demand() {
    std::lock_guard lock(solve_mutex_);
    const auto roots = solve_roots("");
    bool complete = true;
    for (const auto& t : dependency_order(game_, std::span<const typename G::Tier>(roots)))
      complete = complete && store_->exists(t);
    if (complete) return;  // another caller solved it meanwhile
    if (options_.notice)
      options_.notice("no " + name() + " tables in " + store_->directory().string() +
                      " yet: solving the whole game now (" + solve_command("") + ")");
    SolveRequest request;
    request.progress = options_.progress;
    solve_locked(request);
  }

  // `tier` is missing; the command builds `material` (tier itself, or the tables asked for).
  MissingTable missing_table(const std::string& tier, const std::string& material) const {
    const std::string wanted = info_.tables_by_material ? material : "";
    const auto roots = solve_roots(wanted);
    const TableNeeds needs = table_needs(game_, *store_, std::span<const typename G::Tier>(roots));
    const std::string command = solve_command(wanted);
    return MissingTable("no table " + tier + " in " + store_->directory().string() + ": build it with `" + command +
                            "` (at most " + human_bytes(needs.missing_bytes) + " on disk; compressed, far less)",
                        command, needs.missing_bytes);
  }

  // The command that summarizes the tables of `material` under this session's rules.
  std::string summary_command(const std::string& material) const {
    std::string command = solve_command(material);
    command = "zugzwang summary" + command.substr(std::string("zugzwang solve").size());
    return command.substr(0, command.rfind(" --data "));  // the tables' folder is the reader's own
  }

  // The command that builds the tables of `material` under this session's rules.
  std::string solve_command(const std::string& material) const {
    std::string command = "zugzwang solve " + name();
    for (const auto& o : G::rule_options()) {
      const std::string& v = game_.rules().find(o.name)->second;
      if (v != o.default_value) command += " --rule " + o.name + "=" + v;
    }
    if (!material.empty()) command += " --material " + material;
    return command + " --data " + data_dir_.string();
  }

  QueryResult query_position(const Position& given) {
    const Position p = table_view(given);
    QueryResult r;
    r.game = name();
    r.rules = rules();
    r.position = game_.format(given);
    r.side_to_move = std::string(G::player_name(p, true));
    r.outcome = store_->probe(p);
    r.over = game_.outcome(p).has_value();
    r.plies_left = game_.plies_left(p);
    for (const auto& mv : value_moves(game_, p, *store_))
      r.moves.push_back({game_.format_move(mv.move), mv.outcome, name_of(p, mv.move)});
    if constexpr (requires { game_.halfmove_clock(given); }) {
      const int clock = game_.halfmove_clock(given);
      r.fifty_move_rule = FiftyMoveRule{clock, clock >= 100};
    }
    return r;
  }

  // Best moves from p until the game ends (decisive values only: a draw has no end). The
  // positions are shown as played; each is valued as the tables see it (table_view).
  std::vector<LineStep> line_from(Position p) {
    std::vector<LineStep> line;
    Outcome o = store_->probe(table_view(p));
    while (o.value != Value::Draw && !game_.outcome(table_view(p))) {
      const auto moves = value_moves(game_, table_view(p), *store_);
      const std::string move = game_.format_move(moves.front().move);
      std::string named = name_of(p, moves.front().move);
      p = game_.play(p, moves.front().move);
      o = store_->probe(table_view(p));
      line.push_back({move, game_.format(p), o, std::move(named)});
    }
    return line;
  }

  SolveReport solve_locked(const SolveRequest& request) {
    std::optional<tbb::global_control> threads;
    if (request.threads > 0) threads.emplace(tbb::global_control::max_allowed_parallelism, request.threads);
    const auto roots = solve_roots(request.material);
    const auto order = dependency_order(game_, std::span<const typename G::Tier>(roots));
    SolveOptions options;
    options.progress = request.progress;
    options.stop = request.stop;
    options.comm = request.comm;
    options.state = parse_working_state(request.working_state);
    if (options.state == WorkingState::compact && request.comm && request.comm->size() > 1)
      throw InputError("--working-state compact: a distributed solve keeps the in-memory state on every rank "
                       "(docs/large-tables.md, section 6)");
    options.memory_budget = request.memory;
    options.checkpoint_seconds = request.checkpoint_seconds;
    options.held_bytes_budget = held_bytes_for_memory(request.memory);
    if (request.keep_decoded) store_->keep_decoded_across_runs();
    const auto started = std::chrono::steady_clock::now();
    if (request.table_format != 2 && request.table_format != kTableFormatVersion)
      throw InputError("--table-format " + std::to_string(request.table_format) + " (formats: 2, 3)");
    store_->set_format(request.table_format);
    // A set too large for memory (SolveOptions::release_from_slots) releases its tables as it
    // goes; queries of this session on other threads must wait for such a solve to end.
    const auto reports = solve_tiers(game_, std::span<const typename G::Tier>(roots), *store_, options, request.rebuild);
    SolveReport r;
    r.game = name();
    r.rules = rules();
    r.command = request.command;
    r.directory = store_->directory().string();
    for (const auto& t : reports) {
      r.tiers.push_back({t.tier, t.stats, t.seconds, t.cpu_seconds, t.reused, std::nullopt});
      r.total.wins += t.stats.wins;
      r.total.losses += t.stats.losses;
      r.total.draws += t.stats.draws;
      r.total.entries += t.stats.entries;
    }
    if constexpr (requires(const Position& q) { game_.orbit_size(q); })
      if (request.summary) add_raw_counts(r, order, *store_, request.comm);
    if (request.material.empty() && request.summary) {
      r.start = query_position(game_.start());
      for (const LineStep& s : line_from(game_.start())) {
        r.start_line.push_back(s.move);
        if constexpr (HasMoveNames<G>) r.start_line_names.push_back(s.name);
      }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
  }

  template <class Tiers>
  std::uint64_t slots_of(const Tiers& tiers) const {
    std::uint64_t n = 0;
    for (const auto& t : tiers) n += game_.tier_size(t);
    return n;
  }

  // For games whose index reduces by symmetry: counts per side to move, per index entry
  // and per position, and an example of the longest win (the first in index order). The
  // ranks of a distributed job each count the slots they solve and add up (collective).
  template <class Tiers>
  void add_raw_counts(SolveReport& report, const Tiers& tiers, Store& store, Communicator* comm) {
    struct Counts {
      // [side][value], sides in the order of player_name(start, true / false)
      std::array<std::array<std::uint64_t, 3>, 2> reduced{}, raw{};
      std::uint64_t first_longest = ~std::uint64_t{0};
    };
    const Position start = game_.start();
    const std::string_view first = G::player_name(start, true);
    const std::array<std::string, 2> names{std::string(first), std::string(G::player_name(start, false))};
    // The ranks' counts summed, and the first longest win of all.
    const auto add_up = [](Counts& c, Communicator& comm) {
      for (int side = 0; side < 2; ++side) {
        comm.sum(c.reduced[side]);
        comm.sum(c.raw[side]);
      }
      constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();
      const std::int64_t first = c.first_longest == ~std::uint64_t{0} ? kNone : -static_cast<std::int64_t>(c.first_longest);
      const std::int64_t all = comm.max(first);
      c.first_longest = all == kNone ? ~std::uint64_t{0} : static_cast<std::uint64_t>(-all);
    };
    std::uint64_t total_raw = 0;
    for (std::size_t k = 0; k < tiers.size(); ++k) {
      const auto& tier = tiers[k];
      const TierTable& table = store.load_decoded(tier);  // every slot is read
      const int longest = table.stats().longest_win;
      const Ownership mine = comm ? Ownership(table.size(), comm->rank(), comm->size()) : Ownership(table.size(), 0, 1);
      Counts counts = tbb::parallel_reduce(
          tbb::blocked_range<std::uint64_t>(0, mine.size(), 1 << 14), Counts{},
          [&](const tbb::blocked_range<std::uint64_t>& range, Counts c) {
            Position p;
            for (std::uint64_t l = range.begin(); l != range.end(); ++l) {
              const std::uint64_t i = mine.global(l);
              if (!game_.unrank(tier, i, p)) continue;  // an unused slot
              const Outcome o = decode(table.code_of_used(i));
              const int side = G::player_name(p, true) == first ? 0 : 1;
              const int v = static_cast<int>(o.value);
              ++c.reduced[side][v];
              c.raw[side][v] += game_.orbit_size(p);
              if (o.value == Value::Win && o.remoteness == longest) c.first_longest = std::min(c.first_longest, i);
            }
            return c;
          },
          [](Counts a, const Counts& b) {
            for (int side = 0; side < 2; ++side)
              for (int v = 0; v < 3; ++v) {
                a.reduced[side][v] += b.reduced[side][v];
                a.raw[side][v] += b.raw[side][v];
              }
            a.first_longest = std::min(a.first_longest, b.first_longest);
            return a;
          });
      if (comm) add_up(counts, *comm);
      RawCounts raw;
      for (int side = 0; side < 2; ++side) {
        const auto& n = counts.reduced[side];
        const auto& w = counts.raw[side];
        raw.sides.push_back({names[side], n[2], n[1], n[0], w[2], w[1], w[0]});
        raw.raw_positions += w[0] + w[1] + w[2];
      }
      if (longest >= 0) {
        Position p;
        game_.unrank(tier, counts.first_longest, p);
        raw.longest_win_example = {game_.format(p), describe(Outcome::win(longest))};
      }
      total_raw += raw.raw_positions;
      report.tiers[k].raw = std::move(raw);
      // Decoded for this count: a set too large for memory lets it go again.
      if (slots_of(tiers) >= SolveOptions{}.release_from_slots) store.release(tier);
    }
    report.raw_positions = total_raw;
  }

  GameInfo info_;
  G game_;
  std::filesystem::path data_dir_;
  SessionOptions options_;
  std::unique_ptr<Store> store_;
  std::mutex solve_mutex_;
};

}  // namespace zz::api
