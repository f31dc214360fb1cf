#pragma once
// A distributed solve's ranks, through the MPI plugin (tools/mpi/), which the program loads
// only when it runs under an MPI launcher (mpirun, srun) or is told to (--distributed).
#include <memory>
#include <string>

#include "solver/distributed/communicator.hpp"

namespace zz::cli {

class DistributedJob {
 public:
  // The job this process is a rank of: nullptr when it was not launched by MPI and not
  // `required`. Throws InputError when MPI is wanted but this build has no plugin.
  static std::unique_ptr<DistributedJob> start(bool required, int* argc, char*** argv);
  ~DistributedJob();  // MPI_Finalize

  Communicator& comm() { return *comm_; }
  // Ends every rank of the job (a failed rank must not leave the others waiting).
  [[noreturn]] void abort(int code);

 private:
  void* plugin_ = nullptr;
  Communicator* comm_ = nullptr;
  void (*abort_)(int) = nullptr;
  void (*finish_)() = nullptr;
};

// True when an MPI launcher started this process (Open MPI, MPICH/PMI, PMIx, Slurm).
bool launched_by_mpi();

}  // namespace zz::cli
