#pragma once
// How the registry (registry.cpp) describes a game and opens sessions on it; each game's
// session is compiled in its own file (session_<game>.cpp) so that they build in parallel.
#include "api/session.hpp"

namespace zz::api {

using SessionFactory = std::unique_ptr<Session> (*)(const GameInfo& info, const RuleValues& rules,
                                                    const std::filesystem::path& data_dir, SessionOptions options);

struct RegisteredGame {
  GameInfo info;
  SessionFactory open;
};

RegisteredGame tatedrez_entry();
RegisteredGame taktikl_entry();
RegisteredGame tablut_entry();
RegisteredGame chess_entry();
RegisteredGame dobutsu_entry();
RegisteredGame quixo_entry();
RegisteredGame morris_entry();

}  // namespace zz::api
