#include "api/analysis_tablut.hpp"
#include "api/game_entry.hpp"
#include "core/tablut/game.hpp"

namespace zz::api {

RegisteredGame tablut_entry() {
  return game_entry<tablut::Tablut, TablutAnalysisTools>("9x9 Ashton rules of the Bologna competition: the king escapes or is captured",
                                    OnDemand::No);
}

}  // namespace zz::api
