#pragma once
// Builds the registry entry of one game type: its description, capabilities and the
// factory of its sessions. Included only by the session_<game>.cpp files.
#include "api/registry_entry.hpp"
#include "api/session_impl.hpp"

namespace zz::api {

enum class OnDemand { No, Yes };

// AnalysisTools: what `analyze` and review search with (api/analysis_search.hpp).
template <Game G, class AnalysisTools = GenericAnalysisTools<G>>
RegisteredGame game_entry(std::string summary, OnDemand on_demand) {
  static_assert(requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
    { g.view(p) } -> std::same_as<BoardView>;
    { g.view_move(p, m) } -> std::same_as<MoveView>;
  }, "a game describes its board for the page: view() and view_move() (core/common/board_view.hpp)");
  const G game{parse_rules(G::rule_options(), {})};
  GameInfo info;
  info.name = std::string(G::name());
  info.summary = std::move(summary);
  const auto options = G::rule_options();
  info.options.assign(options.begin(), options.end());
  if constexpr (requires { G::start_text(); })
    info.start = std::string(G::start_text());  // building a position may cost (chess: the attack tables)
  else
    info.start = game.format(game.start());
  info.tables = Enumerable<G>;
  info.tables_by_material = requires(const std::string& m) { game.solve_roots(m); };
  info.solves_on_demand = Enumerable<G> && on_demand == OnDemand::Yes;
  info.search = Hashable<G>;
  info.repetition_draw = requires { typename G::History; };
  return {std::move(info), [](const GameInfo& i, const RuleValues& rules, const std::filesystem::path& data_dir,
                              SessionOptions session_options) -> std::unique_ptr<Session> {
            return std::make_unique<GameSession<G, AnalysisTools>>(i, rules, data_dir, std::move(session_options));
          }};
}

}  // namespace zz::api
