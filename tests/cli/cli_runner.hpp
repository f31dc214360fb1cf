#pragma once
// Runs the zugzwang binary as a user would and captures what it prints and its exit code.
#include <sys/wait.h>

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cli_test {

struct Result {
  int code = -1;
  std::string out, err;
};

inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A fresh directory under the system temp folder, removed when the object goes.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "zugzwang-test-XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

inline Result run(const std::vector<std::string>& args, const std::string& input = "") {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const auto out = dir / ("zz-out-" + tag), err = dir / ("zz-err-" + tag), in = dir / ("zz-in-" + tag);
  std::ofstream(in) << input;
  std::string cmd = quote(ZZ_CLI_PATH);
  for (const auto& a : args) cmd += " " + quote(a);
  cmd += " <" + quote(in.string()) + " >" + quote(out.string()) + " 2>" + quote(err.string());
  const int status = std::system(cmd.c_str());
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  std::filesystem::remove(in);
  return r;
}

// Bad input: exit code 2 and exactly one line on stderr, saying something.
inline bool refused_in_one_line(const Result& r) {
  return r.code == 2 && !r.err.empty() && r.err.find('\n') == r.err.size() - 1 && r.out.empty();
}

// Runs the command and checks it is refused in one line whose reason contains `reason`.
inline void expect_refused(const std::vector<std::string>& args, const std::string& reason) {
  const auto r = run(args);
  std::string joined;
  for (const auto& a : args) joined += a + " ";
  CAPTURE(joined);
  CAPTURE(r.err);
  CHECK(refused_in_one_line(r));
  CHECK(r.err.find(reason) != std::string::npos);
}

}  // namespace cli_test
