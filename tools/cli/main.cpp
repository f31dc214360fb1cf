// zugzwang: strong solver and analysis tool for board games. Results go to stdout,
// diagnostics to stderr; exit 0 on success, 2 on bad usage or input, 1 on failure.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "api/build_info.hpp"
#include "api/errors.hpp"
#include "core/common/error.hpp"
#include "tools/cli/command.hpp"

namespace {

void usage() {
  std::puts("usage: zugzwang COMMAND [ARGS] (--help on each command; zugzwang --version)\n\ncommands:");
  for (const auto& c : zz::cli::commands()) std::printf("  %s\n", c.synopsis);
}

void version() {
  const auto& b = zz::api::build_info();
  std::printf("zugzwang %s\ncommit %s\nbuild %s, %s\ntable format %d\n", b.version.c_str(), b.commit.c_str(),
              b.build_type.c_str(), b.compiler.c_str(), b.table_format);
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
  if (name == "--version" || name == "version") {
    version();
    return 0;
  }
  using zz::cli::one_line;
  const std::string shown = one_line(name);
  try {
    for (const auto& c : zz::cli::commands())
      if (name == c.name) return c.run(std::vector<std::string>(argv + 2, argv + argc));
    std::fprintf(stderr, "zugzwang: unknown command '%s' (see zugzwang --help)\n", shown.c_str());
    return 2;
  } catch (const zz::api::NotCovered& e) {
    std::fprintf(stderr, "zugzwang %s: not covered by the tables: %s\n", shown.c_str(), one_line(e.what()).c_str());
    return 2;
  } catch (const zz::InputError& e) {
    std::fprintf(stderr, "zugzwang %s: %s\n", shown.c_str(), one_line(e.what()).c_str());
    return 2;
  } catch (const boost::program_options::error& e) {
    std::fprintf(stderr, "zugzwang %s: %s (see zugzwang %s --help)\n", shown.c_str(), one_line(e.what()).c_str(),
                 shown.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zugzwang %s: error: %s\n", shown.c_str(), one_line(e.what()).c_str());
    return 1;
  }
}
