#pragma once
// The wire format of the Tablut Challenge server: each message is a 4-byte big-endian length
// (a Java int) followed by that many bytes of UTF-8 JSON.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace zz::protocol {

// The peer reset or closed the connection under a read or a write (a runtime_error: callers
// that do not care treat it like any lost connection).
struct ConnectionClosed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Larger lengths are refused as malformed: a server message (one board) is about 1 KB.
inline constexpr std::uint32_t kMaxMessageBytes = 1u << 20;

// An open TCP connection; closes on destruction.
class Socket {
 public:
  explicit Socket(int fd) : fd_(fd) {}
  Socket(Socket&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  ~Socket();

  int fd() const { return fd_; }

 private:
  int fd_;
};

// Throws std::runtime_error when the host is unknown or nothing listens there.
Socket connect_to(const std::string& host, int port);

// Throws ConnectionClosed when the peer has closed or reset the connection, std::runtime_error
// on other failures.
void send_message(int fd, std::string_view payload);

// The next message, or nullopt when the peer closed the connection between messages. A length
// out of range or a connection closed inside a message throws zz::InputError; a reset between
// messages throws ConnectionClosed.
std::optional<std::string> receive_message(int fd);

}  // namespace zz::protocol
