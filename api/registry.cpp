// The game registry: adding a game means one line here and one session_<game>.cpp.
#include <cstdlib>

#include "api/registry_entry.hpp"
#include "core/common/error.hpp"

namespace zz::api {
namespace {

const std::vector<RegisteredGame>& registered() {
  static const std::vector<RegisteredGame> all = {tatedrez_entry(), chess_entry(), tablut_entry(), taktikl_entry(),
                                                      dobutsu_entry(), quixo_entry(), morris_entry()};
  return all;
}

const RegisteredGame& find(const std::string& name) {
  for (const auto& g : registered())
    if (g.info.name == name) return g;
  std::string known;
  for (const auto& g : registered()) known += (known.empty() ? "" : ", ") + g.info.name;
  throw InputError("unknown game '" + name + "' (games: " + known + ")");
}

}  // namespace

const std::vector<GameInfo>& games() {
  static const std::vector<GameInfo> all = [] {
    std::vector<GameInfo> infos;
    for (const auto& g : registered()) infos.push_back(g.info);
    return infos;
  }();
  return all;
}

const GameInfo& find_game(const std::string& name) { return find(name).info; }

std::unique_ptr<Session> open_session(const std::string& game, const std::vector<std::string>& rule_assignments,
                                      const std::filesystem::path& data_dir, SessionOptions options) {
  const RegisteredGame& g = find(game);
  return g.open(g.info, parse_rules(g.info.options, rule_assignments), data_dir, std::move(options));
}

std::filesystem::path default_data_dir() {
  if (const char* d = std::getenv("ZUGZWANG_DATA"); d && *d) return d;
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return std::filesystem::path(x) / "zugzwang";
  if (const char* h = std::getenv("HOME"); h && *h) return std::filesystem::path(h) / ".local/share/zugzwang";
  throw InputError("no data directory: pass --data DIR or set ZUGZWANG_DATA");
}

}  // namespace zz::api
