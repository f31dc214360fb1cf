#include "tools/protocol/framing.hpp"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "core/common/error.hpp"

namespace zz::protocol {
namespace {

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what + ": " + std::strerror(errno)); }

// Reads exactly size bytes; false if the peer closed the connection before the first byte.
bool read_exactly(int fd, char* data, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::recv(fd, data + done, size - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == ECONNRESET && done == 0)
        throw ConnectionClosed(std::string("the server reset the connection: ") + std::strerror(errno));
      fail("cannot read from the server");
    }
    if (n == 0) {
      if (done == 0) return false;
      throw InputError("server message truncated: the connection closed after " + std::to_string(done) + " of " +
                       std::to_string(size) + " bytes");
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

Socket::~Socket() {
  if (fd_ >= 0) ::close(fd_);
}

Socket connect_to(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0)
    throw std::runtime_error("cannot resolve " + host + ": " + ::gai_strerror(rc));
  int saved_errno = 0;
  for (addrinfo* a = found; a; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) {
      saved_errno = errno;
      continue;
    }
    if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
      ::freeaddrinfo(found);
      // Moves are single small messages; Nagle's delay would only eat into the move time.
      const int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      return Socket(fd);
    }
    saved_errno = errno;
    ::close(fd);
  }
  ::freeaddrinfo(found);
  errno = saved_errno;
  fail("cannot connect to " + host + ":" + service);
}

void send_message(int fd, std::string_view payload) {
  if (payload.size() > kMaxMessageBytes) throw std::runtime_error("message too long to send");
  const auto size = static_cast<std::uint32_t>(payload.size());
  std::string frame = {static_cast<char>(size >> 24), static_cast<char>(size >> 16), static_cast<char>(size >> 8),
                       static_cast<char>(size)};
  frame += payload;
  std::size_t done = 0;
  while (done < frame.size()) {
    // MSG_NOSIGNAL: a server that went away must give an error here, not kill the process.
    const ssize_t n = ::send(fd, frame.data() + done, frame.size() - done, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EPIPE || errno == ECONNRESET)
        throw ConnectionClosed(std::string("the server closed the connection: ") + std::strerror(errno));
      fail("cannot write to the server");
    }
    done += static_cast<std::size_t>(n);
  }
}

std::optional<std::string> receive_message(int fd) {
  std::array<unsigned char, 4> header{};
  if (!read_exactly(fd, reinterpret_cast<char*>(header.data()), header.size())) return std::nullopt;
  const std::uint32_t size = std::uint32_t{header[0]} << 24 | std::uint32_t{header[1]} << 16 |
                             std::uint32_t{header[2]} << 8 | std::uint32_t{header[3]};
  if (size > kMaxMessageBytes)
    throw InputError("server message length " + std::to_string(static_cast<std::int32_t>(size)) +
                     " is out of range (0 to " + std::to_string(kMaxMessageBytes) + " bytes)");
  std::string payload(size, '\0');
  if (size > 0 && !read_exactly(fd, payload.data(), size))
    throw InputError("server message truncated: the connection closed after its length");
  return payload;
}

}  // namespace zz::protocol
