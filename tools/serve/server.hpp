#pragma once
// `zugzwang serve`: an HTTP server inside the program, answering the JSON API (the same
// documents as the command line's --json, from the same results layer) and serving the
// analysis board page. Binds 127.0.0.1 unless told otherwise.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/session.hpp"

namespace zz::serve {

struct Options {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  std::filesystem::path data_dir;
  // Serve the page from this folder instead of the copy built into the program (for work
  // on the page; nothing outside it is read).
  std::optional<std::filesystem::path> web_dir;
  // Connections served at once: a connection holds its thread while it is open, so slow
  // clients cost threads; the read timeout bounds how long.
  int threads = 32;
  int max_jobs = 2;                      // analyze jobs running at once
  std::size_t max_body = 256 * 1024;     // bytes of a request body
  int max_perft_depth = 5;
  double max_analyze_seconds = 600;
  std::int64_t max_export_rows = 100000;  // rows of one /api/export answer
  bool log = false;                      // one line per request on stderr
  // Games opened before the server starts (games written in Python, --game-file), served
  // beside the built-in ones under their names, listed first.
  std::vector<std::shared_ptr<api::Session>> sessions;
  // Told the address once the server listens (the port chosen when port was 0).
  std::function<void(const std::string& url)> listening;
};

// Serves until SIGINT or SIGTERM; returns the exit code. Throws InputError when the
// address cannot be bound.
int run(const Options& options);

}  // namespace zz::serve
