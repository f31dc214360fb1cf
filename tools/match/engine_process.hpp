#pragma once
// An engine under test as a separate process, started the way a competitor's player is:
// its command line plus `--color C --port P --time S --host 127.0.0.1`. Its standard output
// and error go to a log file; it may be pinned to one CPU (so that two engines share the
// same core fairly on a busy machine). The process is ended (by its own pid) when the object
// goes, if it has not exited by itself.
#include <sched.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace zz::match {

// Splits a command line on whitespace (no quoting: engine paths and options have no spaces).
inline std::vector<std::string> split_command(const std::string& command) {
  std::istringstream in(command);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

class EngineProcess {
 public:
  EngineProcess(const std::vector<std::string>& argv, const std::string& log_file, int cpu) {
    if (argv.empty()) throw std::invalid_argument("empty engine command");
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("cannot start " + argv[0]);
    if (pid_ == 0) {
      if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        ::sched_setaffinity(0, sizeof set, &set);
      }
      const int fd = ::open(log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (fd >= 0) {
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::close(fd);
      }
      ::execvp(args[0], args.data());
      ::_exit(127);
    }
  }
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess() { finish(std::chrono::seconds(5)); }

  // Waits up to `grace` for the process to exit, then kills it; its exit status (-1 if killed).
  int finish(std::chrono::milliseconds grace) {
    if (pid_ <= 0) return status_;
    const auto until = std::chrono::steady_clock::now() + grace;
    for (;;) {
      int st = 0;
      const pid_t r = ::waitpid(pid_, &st, WNOHANG);
      if (r == pid_) {
        status_ = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        pid_ = 0;
        return status_;
      }
      if (std::chrono::steady_clock::now() >= until) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = 0;
    status_ = -1;
    return status_;
  }

 private:
  pid_t pid_ = 0;
  int status_ = -1;
};

}  // namespace zz::match
