#include <dlfcn.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "api/build_info.hpp"
#include "core/common/error.hpp"
#include "core/common/byte_size.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/game_file.hpp"
#include "tools/cli/plugin.hpp"
#include "tools/serve/plugin.hpp"

extern char** environ;

namespace zz::cli {

namespace {

const PluginSpec kServePlugin{"libzugzwang_serve.so", "ZUGZWANG_SERVE_PLUGIN", "the HTTP server",
                              "build it with libcpp-httplib-dev installed: cmake --build BUILD --target zugzwang_serve"};

// The server, from its plugin, refusing one built against other Options or another commit.
int run_server_plugin(const serve::Options& options) {
  void* plugin = load_plugin(kServePlugin, RTLD_NOW | RTLD_LOCAL);
  auto abi = reinterpret_cast<int (*)()>(plugin_symbol(plugin, kServePlugin, "zugzwang_serve_abi"));
  auto commit = reinterpret_cast<const char* (*)()>(plugin_symbol(plugin, kServePlugin, "zugzwang_serve_commit"));
  auto run = reinterpret_cast<int (*)(const serve::Options*, std::string*)>(
      plugin_symbol(plugin, kServePlugin, "zugzwang_serve_run"));
  const std::string ours = api::build_info().commit;
  if (abi() != serve::kPluginAbi || ours != commit())
    throw InputError(std::string("the plugin libzugzwang_serve.so was built from commit ") + commit() +
                     ", this program from " + ours + ": rebuild it (cmake --build BUILD --target zugzwang_serve)");
  std::string error;
  const int code = run(&options, &error);
  if (code == -2) throw InputError(error);
  if (code == -1) throw std::runtime_error(error);
  return code;
}

// Opens the page in the desktop's browser, if there is one; never fails the server.
void open_browser(const std::string& url) {
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  pid_t pid;
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0) {
    std::fprintf(stderr, "zugzwang serve: open %s in a browser (no xdg-open here)\n", url.c_str());
  }
}

}  // namespace

int run_serve(const std::vector<std::string>& args) {
  serve::Options options;
  std::string data, web, memory;
  std::vector<std::string> game_files;
  bool open = false;
  int cache_mb = 0;
  po::options_description description("options");
  description.add_options()("host", po::value(&options.host), "address to listen on (default 127.0.0.1: this machine only)")(
      "port", po::value(&options.port), "port (default 8080; 0 picks a free one)")(
      "data", po::value(&data), "table directory (default: $ZUGZWANG_DATA, else $XDG_DATA_HOME/zugzwang, else "
                                "~/.local/share/zugzwang)")(
      "open", po::bool_switch(&open), "open the page in the desktop's browser")(
      "threads", po::value(&options.threads), "connections served at once (default 32)")(
      "max-jobs", po::value(&options.max_jobs), "analyses running at once (default 2)")(
      "web", po::value(&web), "serve the page from this folder instead of the built-in copy")(
      "cache-mb", po::value(&cache_mb), "decoded blocks of compressed tables kept, shared by every request (default 256)")(
      "log", po::bool_switch(&options.log), "one line per request on stderr")(
      "game-file", po::value(&game_files)->composing(),
      "FILE.py[:NAME]: serve a game written in Python too (repeatable; docs/python-games.md)")(
      "memory", po::value(&memory), "memory the states of each --game-file may take, e.g. 2G (default: no limit)");
  po::variables_map vm;
  if (!parse_command(args, "zugzwang serve [--host 127.0.0.1] [--port 8080] [--data DIR] [--open] [--game-file FILE.py[:NAME]]...", description, {}, vm))
    return 0;
  if (options.port < 0 || options.port > 65535) throw InputError("--port must be between 0 and 65535");
  require_positive(vm, "threads");
  require_positive(vm, "max-jobs");
  require_positive(vm, "cache-mb");
  // The plugin holds its own copy of the block cache, which takes its size from here.
  if (vm.count("cache-mb")) ::setenv("ZUGZWANG_CACHE_MB", std::to_string(cache_mb).c_str(), 1);
  GameOptions paths;
  paths.data = data;
  options.data_dir = paths.data_dir();
  if (!web.empty()) options.web_dir = web;
  api::SessionOptions game_options;
  game_options.notice = [](const std::string& text) { std::fprintf(stderr, "zugzwang serve: %s\n", text.c_str()); };
  for (const auto& file : game_files)
    options.sessions.push_back(
        open_game_file(file, options.data_dir, memory.empty() ? 0 : parse_byte_size(memory), game_options));
  options.listening = [open](const std::string& url) {
    std::printf("zugzwang serve: listening on %s (Ctrl-C stops)\n", url.c_str());
    std::fflush(stdout);
    if (open) open_browser(url);
  };
  return run_server_plugin(options);
}

}  // namespace zz::cli
