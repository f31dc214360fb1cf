#include "tools/cli/distributed.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

#include "core/common/error.hpp"

namespace zz::cli {
namespace {

// Where the plugin may be: $ZUGZWANG_MPI_PLUGIN, beside the program (a build tree), or in
// the installed lib/zugzwang/.
std::vector<std::filesystem::path> plugin_candidates() {
  std::vector<std::filesystem::path> paths;
  if (const char* p = std::getenv("ZUGZWANG_MPI_PLUGIN"); p && *p) paths.emplace_back(p);
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    paths.push_back(self.parent_path() / "libzugzwang_mpi.so");
    paths.push_back(self.parent_path().parent_path() / "lib" / "zugzwang" / "libzugzwang_mpi.so");
    paths.push_back(self.parent_path().parent_path() / "lib64" / "zugzwang" / "libzugzwang_mpi.so");
  }
  return paths;
}

}  // namespace

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
    if (const char* v = std::getenv(name); v && *v) return true;
  return false;
}

std::unique_ptr<DistributedJob> DistributedJob::start(bool required, int* argc, char*** argv) {
  if (!required && !launched_by_mpi()) return nullptr;
  void* plugin = nullptr;
  std::string tried;
  for (const auto& path : plugin_candidates()) {
    if (!std::filesystem::exists(path)) {
      tried += (tried.empty() ? "" : ", ") + path.string();
      continue;
    }
    // RTLD_GLOBAL: MPI loads components of its own that expect its symbols to be global.
    plugin = ::dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (!plugin) throw InputError(std::string("cannot load the MPI plugin: ") + ::dlerror());
    break;
  }
  if (!plugin)
    throw InputError("a distributed solve needs the MPI plugin, which this build does not have (looked for " + tried +
                     "; rebuild with libopenmpi-dev installed)");
  auto job = std::unique_ptr<DistributedJob>(new DistributedJob());
  job->plugin_ = plugin;
  auto start = reinterpret_cast<Communicator* (*)(int*, char***)>(::dlsym(plugin, "zugzwang_mpi_start"));
  job->abort_ = reinterpret_cast<void (*)(int)>(::dlsym(plugin, "zugzwang_mpi_abort"));
  job->finish_ = reinterpret_cast<void (*)()>(::dlsym(plugin, "zugzwang_mpi_finish"));
  if (!start || !job->abort_ || !job->finish_) throw InputError("the MPI plugin lacks its entry points");
  job->comm_ = start(argc, argv);
  if (!job->comm_) throw InputError("MPI cannot give the thread support a distributed solve needs (FUNNELED)");
  return job;
}

DistributedJob::~DistributedJob() {
  if (finish_) finish_();
}

void DistributedJob::abort(int code) {
  abort_(code);
  std::_Exit(code);  // MPI_Abort does not return; should it, this rank still ends
}

}  // namespace zz::cli
