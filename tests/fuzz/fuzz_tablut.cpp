// Fuzzes both Tablut position notations (the FEN-like text and the server's 81-character
// board) and the move notation (see game_checks.hpp for what must hold); a parsed position
// also survives the trip through the server's form.
#include "core/common/rules.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "tests/fuzz/game_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const zz::tablut::Tablut game{zz::parse_rules(zz::tablut::Tablut::rule_options(), {})};
  const std::string_view input = zz_fuzz::as_text(data, size);
  zz_fuzz::check_game(game, input);
  try {
    const auto p = game.parse(input.substr(0, input.find('\n')));
    FUZZ_REQUIRE(game.parse(zz::tablut::format_server_board(p)) == p);
  } catch (const zz::InputError&) {
  }
  return 0;
}
