// Fuzzes the competition protocol's framing: the input is what the server sends on the
// socket (one end of a local socket pair here). Each message read is whole and no longer than the limit; a bad
// length or a message cut short throws InputError, nothing else; the messages read, framed
// again, are a prefix of the input.
#include <sys/socket.h>
#include <unistd.h>

#include <string>

#include "core/common/error.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tools/protocol/framing.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 60000) return 0;  // the socket's buffer holds it without a reader
  int fds[2];
  FUZZ_REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
  FUZZ_REQUIRE(::write(fds[1], data, size) == static_cast<ssize_t>(size));
  ::close(fds[1]);
  std::string reframed;
  try {
    while (auto message = zz::protocol::receive_message(fds[0])) {
      FUZZ_REQUIRE(message->size() <= zz::protocol::kMaxMessageBytes);
      const auto n = static_cast<std::uint32_t>(message->size());
      reframed += {static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8),
                   static_cast<char>(n)};
      reframed += *message;
    }
    FUZZ_REQUIRE(reframed.size() == size);  // the whole input was messages
  } catch (const zz::InputError&) {
  }
  FUZZ_REQUIRE(reframed == zz_fuzz::as_text(data, size).substr(0, reframed.size()));
  ::close(fds[0]);
  return 0;
}
