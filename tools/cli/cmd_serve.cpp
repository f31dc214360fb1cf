#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <spawn.h>
#include <sys/wait.h>

#include "core/common/error.hpp"
#include "tools/cli/command.hpp"

#ifdef ZUGZWANG_SERVE
#include "tools/serve/server.hpp"
#endif

extern char** environ;

namespace zz::cli {

#ifdef ZUGZWANG_SERVE
namespace {

// Opens the page in the desktop's browser, if there is one; never fails the server.
void open_browser(const std::string& url) {
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  pid_t pid;
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0) {
    std::fprintf(stderr, "zugzwang serve: open %s in a browser (no xdg-open here)\n", url.c_str());
  }
}

}  // namespace
#endif

int run_serve(const std::vector<std::string>& args) {
#ifdef ZUGZWANG_SERVE
  serve::Options options;
  std::string data, web;
  bool open = false;
  po::options_description description("options");
  description.add_options()("host", po::value(&options.host), "address to listen on (default 127.0.0.1: this machine only)")(
      "port", po::value(&options.port), "port (default 8080; 0 picks a free one)")(
      "data", po::value(&data), "table directory (default: $ZUGZWANG_DATA, else $XDG_DATA_HOME/zugzwang, else "
                                "~/.local/share/zugzwang)")(
      "open", po::bool_switch(&open), "open the page in the desktop's browser")(
      "threads", po::value(&options.threads), "connections served at once (default 32)")(
      "max-jobs", po::value(&options.max_jobs), "analyses running at once (default 2)")(
      "web", po::value(&web), "serve the page from this folder instead of the built-in copy")(
      "log", po::bool_switch(&options.log), "one line per request on stderr");
  po::variables_map vm;
  if (!parse_command(args, "zugzwang serve [--host 127.0.0.1] [--port 8080] [--data DIR] [--open]", description, {}, vm))
    return 0;
  if (options.port < 0 || options.port > 65535) throw InputError("--port must be between 0 and 65535");
  require_positive(vm, "threads");
  require_positive(vm, "max-jobs");
  GameOptions paths;
  paths.data = data;
  options.data_dir = paths.data_dir();
  if (!web.empty()) options.web_dir = web;
  options.listening = [open](const std::string& url) {
    std::printf("zugzwang serve: listening on %s (Ctrl-C stops)\n", url.c_str());
    std::fflush(stdout);
    if (open) open_browser(url);
  };
  return serve::run(options);
#else
  (void)args;
  throw InputError("this build has no HTTP server (rebuild with libcpp-httplib-dev installed)");
#endif
}

}  // namespace zz::cli
