#include "tools/cli/game_file.hpp"

#include <dlfcn.h>

#include <stdexcept>

#include "api/build_info.hpp"
#include "core/common/error.hpp"
#include "python/embed/plugin.hpp"
#include "tools/cli/plugin.hpp"

namespace zz::cli {
namespace {

const PluginSpec kPythonPlugin{"libzugzwang_python.so", "ZUGZWANG_PYTHON_PLUGIN", "a game written in Python (--game-file)",
                               "build it with python3-dev and pybind11-dev installed: cmake --build BUILD --target "
                               "zugzwang_python_embed"};

}  // namespace

std::unique_ptr<api::Session> open_game_file(const std::string& spec, const std::filesystem::path& data_dir,
                                             std::uint64_t memory, api::SessionOptions options) {
  void* plugin = load_plugin(kPythonPlugin, RTLD_NOW | RTLD_LOCAL);
  auto abi = reinterpret_cast<int (*)()>(plugin_symbol(plugin, kPythonPlugin, "zugzwang_python_abi"));
  auto commit = reinterpret_cast<const char* (*)()>(plugin_symbol(plugin, kPythonPlugin, "zugzwang_python_commit"));
  auto open = reinterpret_cast<int (*)(const python_embed::OpenRequest*, std::unique_ptr<api::Session>*, std::string*)>(
      plugin_symbol(plugin, kPythonPlugin, "zugzwang_python_open"));
  const std::string ours = api::build_info().commit;
  if (abi() != python_embed::kPluginAbi || ours != commit())
    throw InputError(std::string("the plugin libzugzwang_python.so was built from commit ") + commit() +
                     ", this program from " + ours + ": rebuild it (cmake --build BUILD --target zugzwang_python_embed)");
  python_embed::OpenRequest request{spec, data_dir, memory, std::move(options)};
  std::unique_ptr<api::Session> session;
  std::string error;
  const int code = open(&request, &session, &error);
  if (code == -2) throw InputError(error);
  if (code != 0) throw std::runtime_error(error);
  return session;
}

}  // namespace zz::cli
