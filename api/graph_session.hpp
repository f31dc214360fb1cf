#pragma once
// Sessions on games defined at run time (api/graph_game.hpp): the same Session, with the
// same results, as a built-in game's.
#include <filesystem>
#include <memory>
#include <string>

#include "api/graph_game.hpp"
#include "api/session.hpp"

namespace zz::api {

std::unique_ptr<Session> open_graph_session(GraphGame game, std::string summary, const std::filesystem::path& data_dir,
                                            SessionOptions options = {});

}  // namespace zz::api
