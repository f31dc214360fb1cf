#pragma once
// SessionCore<G>: what every part of a game's session shares (api/session_impl.hpp): the
// game under its rules, the data directory and the table store, and the helpers each part
// needs to read a position, name a move, find a tier or reach a table that may still have
// to be solved. The parts (answers, tables, review, analysis) hold a reference to it
// (core_) and keep no state of their own but what their job needs.
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "api/errors.hpp"
#include "api/limits.hpp"
#include "api/session.hpp"
#include "api/table_needs.hpp"
#include "solver/game.hpp"
#include "solver/table/store.hpp"

namespace zz::api {

namespace session_detail {

// A game without tables has no store; the parts that would use one refuse first.
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

template <Game G>
class SessionCore {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Store = typename session_detail::StoreFor<G>::type;

  SessionCore(const GameInfo& info, const RuleValues& rules, std::filesystem::path data_dir, SessionOptions options)
      : SessionCore(info, G(rules), std::move(data_dir), std::move(options)) {}
  // Over a game built already (one defined at run time: api/graph_game.hpp).
  SessionCore(const GameInfo& info, G game, std::filesystem::path data_dir, SessionOptions options)
      : info_(info), game_(std::move(game)), data_dir_(std::move(data_dir)), options_(std::move(options)),
        store_(std::make_unique<Store>(game_, data_dir_)) {}
  SessionCore(const SessionCore&) = delete;
  SessionCore& operator=(const SessionCore&) = delete;

  const GameInfo& info() const { return info_; }
  const G& game() const { return game_; }
  const RuleValues& rules() const { return game_.rules(); }
  const std::filesystem::path& data_dir() const { return data_dir_; }
  const SessionOptions& options() const { return options_; }
  Store& store() const { return *store_; }
  // Held by a solve: a solve on demand and an asked-for solve never run at once.
  std::mutex& solve_mutex() const { return solve_mutex_; }

  std::string name() const { return info_.name; }

  // "start" names the starting position in every game.
  Position parse_position(const std::string& text) const { return text == "start" ? game_.start() : game_.parse(text); }

  // The position as the tables value it (chess: the halfmove clock, which they ignore, at 0).
  Position table_view(const Position& p) const {
    if constexpr (requires { game_.table_view(p); }) return game_.table_view(p);
    else return p;
  }

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

  // The side to move of p by name (first) or its opponent.
  std::string player(const Position& p, bool to_move) const { return std::string(game_.player_name(p, to_move)); }

  // "draw" or who won, from the result for the side to move of a finished game.
  std::string result_text(const Position& p, Outcome o) const {
    if (o.value == Value::Draw) return "draw";
    return player(p, o.value == Value::Win) + " wins";
  }

  // The game's words for a value: "win in 3 plies", "mate in 2".
  std::string describe(Outcome o) const {
    if (o.value != Value::Draw && !o.has_remoteness()) return std::string(to_string(o.value));  // a values-only table's
    if constexpr (requires { game_.describe(o); }) {
      return game_.describe(o);
    } else {
      if (o.value == Value::Draw) return "draw";
      return std::string(to_string(o.value)) + " in " + std::to_string(o.remoteness) +
             (o.remoteness == 1 ? " ply" : " plies");
    }
  }

  // The tiers a material names, or the whole game's for "" (InputError for a game that
  // has no material option).
  auto solve_roots(const std::string& material) const {
    if constexpr (requires { game_.solve_roots(material); }) {
      return game_.solve_roots(material);
    } else {
      if (!material.empty()) throw InputError(name() + " has no --material option");
      return std::vector<typename G::Tier>{game_.tier_of(game_.start())};
    }
  }

  // The tiers of `material` and everything they need, in solving order.
  auto tiers_of(const std::string& material) const {
    const auto roots = solve_roots(material);
    return dependency_order(game_, std::span<const typename G::Tier>(roots));
  }

  // A tier by its name: a material (for games tabulated by material), or one of the
  // whole game's tiers.
  auto tier_named(const std::string& tier) const {
    if constexpr (requires { game_.solve_roots(tier); }) {
      const auto roots = game_.solve_roots(tier);
      if (roots.size() == 1) return roots.front();
      throw InputError("'" + tier + "' is not one tier of " + name());
    } else {
      for (const auto& t : tiers_of(""))
        if (game_.tier_name(t) == tier) return t;
      throw InputError("unknown tier '" + tier + "' of " + name());
    }
  }

  // How the whole game is solved when a table it needs is missing (set by the table part:
  // api/session_tables.hpp), called with the solve mutex held.
  void on_demand_solver(std::function<void(const SolveRequest&)> solve) { solve_locked_ = std::move(solve); }

  // Runs f; a missing table is solved on demand when the game allows it (then f runs
  // again), or reported with the command that builds it (or the tables of `material`). A
  // position no table covers becomes the results layer's own error (errors.hpp).
  template <class F>
  decltype(auto) with_tables(F&& f, const std::string& material = "") const {
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
    for (const auto& o : info_.options) {
      const std::string& v = game_.rules().find(o.name)->second;
      if (v != o.default_value) command += " --rule " + o.name + "=" + v;
    }
    if (!material.empty()) command += " --material " + material;
    return command + " --data " + data_dir_.string();
  }

 private:
  // The slots of every table a solve on demand would build.
  std::uint64_t on_demand_slots() const {
    std::uint64_t slots = 0;
    for (const auto& t : tiers_of("")) slots += game_.tier_size(t);
    return slots;
  }

  void solve_on_demand() const {
    std::lock_guard lock(solve_mutex_);
    bool complete = true;
    for (const auto& t : tiers_of("")) complete = complete && store_->exists(t);
    if (complete) return;  // another caller solved it meanwhile
    if (options_.notice)
      options_.notice("no " + name() + " tables in " + store_->directory().string() +
                      " yet: solving the whole game now (" + solve_command("") + ")");
    SolveRequest request;
    request.progress = options_.progress;
    solve_locked_(request);
  }

  GameInfo info_;
  G game_;
  std::filesystem::path data_dir_;
  SessionOptions options_;
  std::unique_ptr<Store> store_;
  mutable std::mutex solve_mutex_;
  std::function<void(const SolveRequest&)> solve_locked_;
};

}  // namespace zz::api
