#pragma once
// Stockfish as a child process spoken to over UCI, to time its `go perft` in the same run.
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <sys/types.h>

namespace zz::bench {

class Stockfish {
 public:
  // Starts the engine and waits until it is ready; nullopt if it cannot be started.
  static std::optional<Stockfish> start(const std::string& path);
  Stockfish(Stockfish&& other) noexcept;
  Stockfish(const Stockfish&) = delete;
  Stockfish& operator=(const Stockfish&) = delete;
  Stockfish& operator=(Stockfish&&) = delete;
  ~Stockfish();

  struct PerftResult {
    std::uint64_t nodes;
    double seconds;  // from sending "go perft" to reading its node count
  };
  std::optional<PerftResult> perft(const std::string& fen, int depth);

 private:
  Stockfish(pid_t pid, std::FILE* to, std::FILE* from) : pid_(pid), to_(to), from_(from) {}
  void send(const std::string& line);
  // Reads lines until one starts with prefix and returns it; nullopt at end of output.
  std::optional<std::string> wait_for(const std::string& prefix);

  pid_t pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
};

}  // namespace zz::bench
