// A process killed at any moment never leaves a table file that loads as complete: every
// .zzt file found afterwards loads in full and holds what an uninterrupted run writes, and
// a rerun completes the job with identical tables.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <random>
#include <thread>

#include "../cli/cli_runner.hpp"
#include "core/common/error.hpp"
#include "solver/table/table_file.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace {

// Starts argv, kills it with SIGKILL after `delay` (unless it ended first); true if killed.
bool run_and_kill(const std::vector<std::string>& args, std::chrono::microseconds delay) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  REQUIRE(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  const auto deadline = std::chrono::steady_clock::now() + delay;
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline)
  {
    if (::waitpid(pid, &status, WNOHANG) == pid) return false;  // ended by itself
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return WIFSIGNALED(status);
}

std::map<std::string, std::string> table_files(const fs::path& dir) {
  std::map<std::string, std::string> files;
  if (!fs::exists(dir)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".zzt")
      files[fs::relative(e.path(), dir).string()] = cli_test::slurp(e.path());
  return files;
}

double seconds_of(const std::vector<std::string>& args) {
  const auto start = std::chrono::steady_clock::now();
  REQUIRE_FALSE(run_and_kill(args, std::chrono::minutes(10)) );
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("a solve killed at random moments leaves only complete tables, and a rerun finishes it") {
  // Four chess tables (KvK, KQvK, KRvK, KQvKR) written one after the other over about 2 s.
  cli_test::TempDir reference;
  auto solve = [](const fs::path& data) {
    return std::vector<std::string>{ZZ_CLI_PATH, "solve", "chess", "--material", "KQvKR", "--data", data.string()};
  };
  REQUIRE(cli_test::run({"solve", "chess", "--material", "KQvKR", "--data", reference.path.string()}).code == 0);
  const auto complete = table_files(reference.path);
  REQUIRE(complete.size() == 4);
  const double duration = seconds_of(solve(reference.path / "timing"));

  std::mt19937 random(20261201);
  int killed = 0, partial = 0;
  for (int run = 0; run < 10; ++run) {
    cli_test::TempDir data;
    auto delay = std::chrono::microseconds(
        std::uniform_int_distribution<long>(0, static_cast<long>(duration * 1e6))(random));
    // A solve faster than the timed one (the machine's load changes) ends before its kill:
    // it is run again, killed sooner, so that every run is an interrupted one.
    bool was_killed = false;
    for (int attempt = 0; attempt < 8 && !was_killed; ++attempt, delay /= 2) {
      fs::remove_all(data.path);
      fs::create_directories(data.path);
      CAPTURE(delay.count());
      was_killed = run_and_kill(solve(data.path), delay);
    }
    killed += was_killed;
    const auto found = table_files(data.path);
    partial += found.size() < complete.size();
    // Every file that exists is whole: identical to the uninterrupted run's, and it loads.
    for (const auto& [name, bytes] : found) {
      CAPTURE(name);
      CHECK(bytes == complete.at(name));
    }
    // The rerun reads what is there and builds the rest.
    REQUIRE(cli_test::run({"solve", "chess", "--material", "KQvKR", "--data", data.path.string()}).code == 0);
    CHECK(table_files(data.path) == complete);
  }
  MESSAGE(killed << " of 10 solves killed, " << partial << " with tables missing");
  CHECK(killed == 10);
}

TEST_CASE("a table write killed at any moment leaves no file or a complete one") {
  cli_test::TempDir dir;
  const fs::path file = dir.path / "big.zzt";
  const std::vector<std::string> write = {ZZ_TABLE_WRITER, file.string(), "20000000"};
  const double duration = seconds_of(write);
  const zz::TableIdentity id{"test", {}, "tier", 20000000};
  CHECK(zz::read_table(file, id).size() == 20000000);

  std::mt19937 random(7);
  int absent = 0, whole = 0;
  for (int run = 0; run < 10; ++run) {
    fs::remove(file);
    const auto delay = std::chrono::microseconds(
        std::uniform_int_distribution<long>(0, static_cast<long>(duration * 1e6))(random));
    CAPTURE(delay.count());
    run_and_kill(write, delay);
    if (!fs::exists(file)) {
      ++absent;
      continue;
    }
    CHECK_NOTHROW(zz::read_table(file, id));
    ++whole;
  }
  // Temporaries of killed writers are removed by the next write to the same table.
  REQUIRE_FALSE(run_and_kill(write, std::chrono::minutes(10)));
  for (const auto& e : fs::directory_iterator(dir.path)) CHECK(e.path().filename() == "big.zzt");
  MESSAGE(absent << " runs left no file, " << whole << " a complete one");
}
