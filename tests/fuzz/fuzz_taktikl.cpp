// Fuzzes the taktikl position and move parsers (see game_checks.hpp for what must hold).
#include "core/taktikl/game.hpp"
#include "core/common/rules.hpp"
#include "tests/fuzz/game_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const zz::taktikl::TakTikl game{zz::parse_rules(zz::taktikl::TakTikl::rule_options(), {})};
  zz_fuzz::check_game(game, zz_fuzz::as_text(data, size));
  return 0;
}
