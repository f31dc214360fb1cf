// Fuzzes the quixo position and move parsers on 4x4 (see game_checks.hpp for what must hold).
#include "core/quixo/game.hpp"
#include "core/common/rules.hpp"
#include "tests/fuzz/game_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::string> rules{"size=4"};
  static const zz::quixo::Quixo game{zz::parse_rules(zz::quixo::Quixo::rule_options(), rules)};
  zz_fuzz::check_game(game, zz_fuzz::as_text(data, size));
  return 0;
}
