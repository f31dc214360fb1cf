#include "tools/bench/chess/stockfish.hpp"

#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace zz::bench {

std::optional<Stockfish> Stockfish::start(const std::string& path) {
  if (access(path.c_str(), X_OK) != 0) return std::nullopt;
  // An engine that dies mid-run should end in "no answer", not in a fatal SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  int down[2], up[2];
  if (pipe(down) != 0) return std::nullopt;
  if (pipe(up) != 0) {
    close(down[0]);
    close(down[1]);
    return std::nullopt;
  }
  const pid_t pid = fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    dup2(down[0], STDIN_FILENO);
    dup2(up[1], STDOUT_FILENO);
    close(down[0]);
    close(down[1]);
    close(up[0]);
    close(up[1]);
    execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(down[0]);
  close(up[1]);
  Stockfish engine(pid, fdopen(down[1], "w"), fdopen(up[0], "r"));
  engine.send("uci");
  if (!engine.wait_for("uciok")) return std::nullopt;
  engine.send("setoption name Threads value 1");
  engine.send("isready");
  if (!engine.wait_for("readyok")) return std::nullopt;
  return engine;
}

Stockfish::Stockfish(Stockfish&& other) noexcept
    : pid_(other.pid_), to_(other.to_), from_(other.from_) {
  other.pid_ = -1;
  other.to_ = nullptr;
  other.from_ = nullptr;
}

Stockfish::~Stockfish() {
  if (to_) {
    std::fputs("quit\n", to_);
    std::fclose(to_);
  }
  if (from_) std::fclose(from_);
  if (pid_ > 0) waitpid(pid_, nullptr, 0);
}

void Stockfish::send(const std::string& line) {
  std::fputs((line + "\n").c_str(), to_);
  std::fflush(to_);
}

std::optional<std::string> Stockfish::wait_for(const std::string& prefix) {
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, from_)) {
    const std::string line(buffer);
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return std::nullopt;
}

std::optional<Stockfish::PerftResult> Stockfish::perft(const std::string& fen, int depth) {
  send("position fen " + fen);
  send("isready");
  if (!wait_for("readyok")) return std::nullopt;
  const auto started = std::chrono::steady_clock::now();
  send("go perft " + std::to_string(depth));
  const auto line = wait_for("Nodes searched:");
  const auto stopped = std::chrono::steady_clock::now();
  if (!line) return std::nullopt;
  return PerftResult{std::stoull(line->substr(line->find(':') + 1)),
                     std::chrono::duration<double>(stopped - started).count()};
}

}  // namespace zz::bench
