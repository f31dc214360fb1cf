// Fuzzes the competition protocol's messages: a server state that parses encodes back to a
// state that parses to the same turn and board; bad JSON or a bad board throws InputError.
#include "core/common/error.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tools/protocol/messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  zz::protocol::ServerState state;
  try {
    state = zz::protocol::parse_state(zz_fuzz::as_text(data, size));
  } catch (const zz::InputError&) {
    return 0;
  }
  if (state.finished()) return 0;
  const auto again = zz::protocol::parse_state(zz::protocol::encode_state(state.position, state.turn));
  FUZZ_REQUIRE(again.turn == state.turn);
  FUZZ_REQUIRE(again.position == state.position);
  return 0;
}
