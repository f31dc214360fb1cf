// zugzwang: strong solver and analysis tool for board games. Results go to stdout,
// diagnostics to stderr; exit 0 on success, 2 on bad usage or input, 1 on failure.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "tools/cli/command.hpp"

namespace {

void usage() {
  std::puts("usage: zugzwang COMMAND [ARGS] (--help on each command)\n\ncommands:");
  for (const auto& c : zz::cli::commands()) std::printf("  %s\n", c.synopsis);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs("zugzwang: missing command (see zugzwang --help)\n", stderr);
    return 2;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    usage();
    return 0;
  }
  if (name == "--version") {
    std::puts("zugzwang " ZUGZWANG_VERSION);
    return 0;
  }
  try {
    for (const auto& c : zz::cli::commands())
      if (name == c.name) return c.run(std::vector<std::string>(argv + 2, argv + argc));
    std::fprintf(stderr, "zugzwang: unknown command '%s' (see zugzwang --help)\n", name.c_str());
    return 2;
  } catch (const zz::InputError& e) {
    std::fprintf(stderr, "zugzwang %s: %s\n", name.c_str(), e.what());
    return 2;
  } catch (const boost::program_options::error& e) {
    std::fprintf(stderr, "zugzwang %s: %s (see zugzwang %s --help)\n", name.c_str(), e.what(), name.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zugzwang %s: error: %s\n", name.c_str(), e.what());
    return 1;
  }
}
