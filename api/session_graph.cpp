#include "api/graph_session.hpp"
#include "api/session_impl.hpp"

namespace zz::api {

std::unique_ptr<Session> open_graph_session(GraphGame game, std::string summary, const std::filesystem::path& data_dir,
                                            SessionOptions options) {
  GameInfo info;
  info.name = std::string(game.name());
  info.summary = std::move(summary);
  info.start = game.format(game.start());
  info.tables = true;
  info.solves_on_demand = true;  // the graph is in memory already: solving it costs less than enumerating it
  return std::make_unique<GameSession<GraphGame>>(info, std::move(game), data_dir, std::move(options));
}

}  // namespace zz::api
