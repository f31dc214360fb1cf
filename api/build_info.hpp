#pragma once
// What this program is: version, the commit it was built from, how it was built, and the
// table file format it writes (`zugzwang --version`).
#include <string>

namespace zz::api {

struct BuildInfo {
  std::string version;
  std::string commit;      // "unknown" outside a git checkout; "-modified" with uncommitted changes
  std::string build_type;  // Release, Debug, ...
  std::string compiler;
  int table_format = 0;
};

const BuildInfo& build_info();

}  // namespace zz::api
