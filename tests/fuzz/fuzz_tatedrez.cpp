// Fuzzes the tatedrez position and move parsers (see game_checks.hpp for what must hold).
#include "core/tatedrez/game.hpp"
#include "core/common/rules.hpp"
#include "tests/fuzz/game_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const zz::tatedrez::TateDrez game{zz::parse_rules(zz::tatedrez::TateDrez::rule_options(), {})};
  zz_fuzz::check_game(game, zz_fuzz::as_text(data, size));
  return 0;
}
