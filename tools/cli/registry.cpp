// The game registry: adding a game means one line here.
#include "core/chess/game.hpp"
#include "core/common/error.hpp"
#include "core/tablut/game.hpp"
#include "core/taktikl/game.hpp"
#include "core/tatedrez/game.hpp"
#include "tools/cli/driver_impl.hpp"

namespace zz::cli {
namespace {

template <Game G>
GameEntry entry(std::string summary) {
  const auto options = G::rule_options();
  return {std::string(G::name()), std::move(summary), {options.begin(), options.end()}, &Driver<G>::make};
}

}  // namespace

const std::vector<GameEntry>& games() {
  static const std::vector<GameEntry> all = {
      entry<tatedrez::TateDrez>("3x3, rook bishop knight each: placement, then chess moves to make a line"),
      entry<chess::Chess>("8x8, FIDE rules: perft, moves, endgame tables by material"),
      entry<tablut::Tablut>("9x9 Ashton rules of the Bologna competition: the king escapes or is captured"),
      entry<taktikl::TakTikl>("4x4, four pieces each stepping orthogonally to make three in a row; no-return rule"),
  };
  return all;
}

const GameEntry& find_game(const std::string& name) {
  for (const auto& g : games())
    if (g.name == name) return g;
  std::string known;
  for (const auto& g : games()) known += (known.empty() ? "" : ", ") + g.name;
  throw InputError("unknown game '" + name + "' (games: " + known + ")");
}

}  // namespace zz::cli
