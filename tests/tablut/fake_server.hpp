#pragma once
// A fake competition server for tests: listens on an ephemeral loopback port; serve()
// accepts one client in a thread and runs a script on that connection. Failures inside the
// script are kept and returned by finish().
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <thread>

#include "tools/protocol/framing.hpp"

namespace zz::tablut::test {

class FakeServer {
 public:
  FakeServer() : listener_(::socket(AF_INET, SOCK_STREAM, 0)) {
    REQUIRE(listener_.fd() >= 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    REQUIRE(::bind(listener_.fd(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    REQUIRE(::listen(listener_.fd(), 1) == 0);
    socklen_t len = sizeof addr;
    REQUIRE(::getsockname(listener_.fd(), reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    port_ = ntohs(addr.sin_port);
  }
  ~FakeServer() {
    if (thread_.joinable()) thread_.join();
  }

  int port() const { return port_; }

  void serve(std::function<void(int fd)> script) {
    thread_ = std::thread([this, script = std::move(script)] {
      zz::protocol::Socket client(::accept(listener_.fd(), nullptr, nullptr));
      try {
        if (client.fd() < 0) throw std::runtime_error("accept failed");
        script(client.fd());
      } catch (const std::exception& e) {
        error_ = e.what();
      }
    });
  }

  // Joins the server thread; the script's failure, if any.
  std::string finish() {
    if (thread_.joinable()) thread_.join();
    return error_;
  }

 private:
  zz::protocol::Socket listener_;
  int port_ = 0;
  std::thread thread_;
  std::string error_;
};

}  // namespace zz::tablut::test
