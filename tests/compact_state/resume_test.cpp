// Checkpoints of the compact state: solves killed with SIGKILL at random moments, each
// started again over what the last one left, end with the same table files as one solve in
// memory; at least one of them resumed from a checkpoint instead of starting the tier over.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <csignal>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/cli/cli_runner.hpp"

using cli_test::run;
using cli_test::slurp;

namespace {

// Starts the command line with `args`, its standard error to `err`; returns its pid.
pid_t spawn(const std::vector<std::string>& args, const std::filesystem::path& err) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 2);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    std::vector<char*> argv{const_cast<char*>(ZZ_CLI_PATH)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(ZZ_CLI_PATH, argv.data());
    ::_exit(127);
  }
  return pid;
}

// The first level the progress lines of `table` report, or -1.
int first_level(const std::string& log, const std::string& table) {
  const auto at = log.find("] " + table + " level ");
  if (at == std::string::npos) return -1;
  return std::stoi(log.substr(at + table.size() + 9));
}

}  // namespace

TEST_CASE("compact solves killed at random moments resume from their checkpoints to the same tables") {
  cli_test::TempDir reference, killed;
  const std::string table = "K1W2B";
  const auto args = [&](const cli_test::TempDir& dir, const char* state) {
    return std::vector<std::string>{"solve", "tablut", "--material", table, "--data", dir.path.string(),
                                    "--working-state", state, "--threads", "1", "--checkpoint-every", "0",
                                    "--progress", "lines", "--no-counts"};
  };
  REQUIRE(run(args(reference, "memory")).code == 0);

  std::random_device seed_source;
  const unsigned seed = seed_source();
  CAPTURE(seed);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> delay_ms(0, 800);
  const auto err = killed.path / "stderr";
  int kills = 0, resumed = 0;
  bool done = false;
  for (int attempt = 0; attempt < 30 && !done; ++attempt) {
    const bool had_checkpoint =
        std::filesystem::exists(killed.path / "tablut" / "default" / (".compact-" + table + ".checkpoint"));
    std::filesystem::remove(err);  // not to read the last run's lines
    const pid_t pid = spawn(args(killed, "compact"), err);
    // Every other run is killed at a random moment from its start (often while the smaller
    // tables are solved and written); the others at a random moment once the table's levels
    // have begun.
    int status = 0;
    pid_t ended = 0;
    const auto wait_until = [&](auto&& ready) {
      while ((ended = ::waitpid(pid, &status, WNOHANG)) == 0 && !ready())
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    };
    if (attempt % 2 == 1) wait_until([&] { return first_level(slurp(err), table) >= 0; });
    if (ended == 0) {
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(delay_ms(rng));
      wait_until([&] { return std::chrono::steady_clock::now() >= deadline; });
    }
    if (ended == 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      ++kills;
    } else {
      REQUIRE(WIFEXITED(status));
      REQUIRE(WEXITSTATUS(status) == 0);
      done = true;
    }
    // A run started over a checkpoint of this table picks up after level 1.
    const int first = first_level(slurp(err), table);
    if (had_checkpoint && first > 1) ++resumed;
  }
  if (!done) REQUIRE(run(args(killed, "compact")).code == 0);
  CHECK(kills >= 1);
  CHECK(resumed >= 1);
  const auto tables = reference.path / "tablut" / "default";
  for (const auto& f : std::filesystem::directory_iterator(tables)) {
    CAPTURE(f.path().filename().string());
    CHECK(slurp(f.path()) == slurp(killed.path / "tablut" / "default" / f.path().filename()));
  }
  // Nothing of the checkpoints is left once the tables are whole.
  for (const auto& f : std::filesystem::directory_iterator(killed.path / "tablut" / "default")) {
    CAPTURE(f.path().filename().string());
    CHECK(f.path().filename().string().rfind(".compact-", 0) != 0);
  }
}
