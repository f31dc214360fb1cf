#include "tools/cli/distributed.hpp"

#include <dlfcn.h>

#include <cstdlib>

#include "core/common/error.hpp"
#include "tools/cli/plugin.hpp"

namespace zz::cli {
namespace {

const PluginSpec kMpiPlugin{"libzugzwang_mpi.so", "ZUGZWANG_MPI_PLUGIN", "a distributed solve",
                            "rebuild with libopenmpi-dev installed"};

}  // namespace

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
    if (const char* v = std::getenv(name); v && *v) return true;
  return false;
}

std::unique_ptr<DistributedJob> DistributedJob::start(bool required, int* argc, char*** argv) {
  if (!required && !launched_by_mpi()) return nullptr;
  // RTLD_GLOBAL: MPI loads components of its own that expect its symbols to be global.
  void* plugin = load_plugin(kMpiPlugin, RTLD_NOW | RTLD_GLOBAL);
  auto job = std::unique_ptr<DistributedJob>(new DistributedJob());
  job->plugin_ = plugin;
  auto start = reinterpret_cast<Communicator* (*)(int*, char***)>(plugin_symbol(plugin, kMpiPlugin, "zugzwang_mpi_start"));
  job->abort_ = reinterpret_cast<void (*)(int)>(plugin_symbol(plugin, kMpiPlugin, "zugzwang_mpi_abort"));
  job->finish_ = reinterpret_cast<void (*)()>(plugin_symbol(plugin, kMpiPlugin, "zugzwang_mpi_finish"));
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
