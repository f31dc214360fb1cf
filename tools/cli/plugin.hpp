#pragma once
// Faces the program loads only when a command needs them (the HTTP server, MPI), built as
// shared objects beside it, so that every other command neither links nor starts them: a
// cold query does not pay for TLS libraries or MPI, and tools/run does not build them.
#include <string>

namespace zz::cli {

struct PluginSpec {
  const char* file;          // e.g. "libzugzwang_serve.so"
  const char* env_override;  // a variable naming another path to load instead
  const char* what;          // for messages: who needs it ("the HTTP server")
  const char* how_to_build;  // for messages: the command or package that provides it
};

// Where the plugin may be: $env_override, beside the program (a build tree), or in the
// installed lib/zugzwang/. dlopen()s the first that exists with `flags`; throws InputError
// naming every place tried when none does, or dlerror() when loading fails.
void* load_plugin(const PluginSpec& spec, int flags);

// The entry point `name` of a loaded plugin; throws InputError when it is missing.
void* plugin_symbol(void* plugin, const PluginSpec& spec, const char* name);

}  // namespace zz::cli
