#include "tools/cli/plugin.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "core/common/error.hpp"

namespace zz::cli {
namespace {

std::vector<std::filesystem::path> candidates(const PluginSpec& spec) {
  std::vector<std::filesystem::path> paths;
  if (const char* p = std::getenv(spec.env_override); p && *p) paths.emplace_back(p);
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto prefix = self.parent_path().parent_path();
    paths.push_back(self.parent_path() / spec.file);
    paths.push_back(prefix / "lib" / "zugzwang" / spec.file);
    paths.push_back(prefix / "lib64" / "zugzwang" / spec.file);
  }
  return paths;
}

}  // namespace

void* load_plugin(const PluginSpec& spec, int flags) {
  std::string tried;
  for (const auto& path : candidates(spec)) {
    if (!std::filesystem::exists(path)) {
      tried += (tried.empty() ? "" : ", ") + path.string();
      continue;
    }
    void* plugin = ::dlopen(path.c_str(), flags);
    if (!plugin) throw InputError("cannot load the plugin " + path.string() + ": " + ::dlerror());
    return plugin;
  }
  throw InputError(std::string(spec.what) + " needs the plugin " + spec.file + ", which this build does not have (looked for " +
                   tried + "; " + spec.how_to_build + ")");
}

void* plugin_symbol(void* plugin, const PluginSpec& spec, const char* name) {
  void* symbol = ::dlsym(plugin, name);
  if (!symbol) throw InputError(std::string("the plugin ") + spec.file + " lacks its entry point " + name);
  return symbol;
}

}  // namespace zz::cli
