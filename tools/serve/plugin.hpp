#pragma once
// The entry points of libzugzwang_serve.so, the HTTP server as a plugin: `zugzwang serve`
// loads it, every other command never does (tools/cli/plugin.hpp says why).
#include <string>

#include "tools/serve/server.hpp"

namespace zz::serve {

// Raised whenever Options or the entry points change, so that a program never runs a plugin
// built against another layout of them.
inline constexpr int kPluginAbi = 2;

}  // namespace zz::serve

extern "C" {
// kPluginAbi as the plugin was built.
int zugzwang_serve_abi();
// The commit the plugin was built from (zugzwang --version's), so that a stale plugin from
// an older build is named rather than run.
const char* zugzwang_serve_commit();
// Runs the server: returns its exit code, or -2 with *error the reason the input was refused
// (an address that cannot be bound...), or -1 with *error what failed.
int zugzwang_serve_run(const zz::serve::Options* options, std::string* error);
}
