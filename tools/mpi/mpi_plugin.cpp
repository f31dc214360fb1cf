// The MPI plugin: the Communicator of solver/distributed/ over Open MPI (or any MPI), in a
// shared object the program loads only when it runs under an MPI launcher, so that the
// program itself neither links nor starts MPI (a cold query pays nothing for it).
// Only the calling thread talks to MPI (MPI_THREAD_FUNNELED): the solver's TBB threads
// never do.
#include <mpi.h>

#include <time.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "solver/distributed/communicator.hpp"

namespace {

// Waits for a collective where ranks wait for one another (the end of a rank's share of a
// level) without spinning: a blocking MPI call polls at full speed, and with more ranks
// than cores (or beside other work) the waiting rank takes the core from the rank still
// working. Naps grow from 1 us to 250 us, so a dedicated core loses at most a quarter of a
// millisecond per wait. Bulk transfers stay blocking: by then every rank has arrived.
void wait_gently(MPI_Request& request) {
  int done = 0;
  MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  for (long nap = 1000; !done; nap = std::min(nap * 2, 250'000L)) {
    const timespec pause{0, nap};
    ::nanosleep(&pause, nullptr);
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  }
}

class MpiCommunicator final : public zz::Communicator {
 public:
  MpiCommunicator() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void exchange(const std::vector<std::vector<std::uint64_t>>& outbox, std::vector<std::uint64_t>& inbox,
                std::vector<std::uint64_t>& counts) override {
    exchange_words(outbox, inbox, counts, MPI_UINT64_T);
  }
  void exchange(const std::vector<std::vector<std::uint32_t>>& outbox, std::vector<std::uint32_t>& inbox,
                std::vector<std::uint64_t>& counts) override {
    exchange_words(outbox, inbox, counts, MPI_UINT32_T);
  }

  void sum(std::span<std::uint64_t> values) override {
    MPI_Request request;
    MPI_Iallreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, MPI_SUM,
                   MPI_COMM_WORLD, &request);
    wait_gently(request);
  }
  void max(std::span<std::int64_t> values) override {
    MPI_Request request;
    MPI_Iallreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_INT64_T, MPI_MAX,
                   MPI_COMM_WORLD, &request);
    wait_gently(request);
  }
  void broadcast(std::string& text, int root) override {
    std::uint64_t length = text.size();
    MPI_Request request;
    MPI_Ibcast(&length, 1, MPI_UINT64_T, root, MPI_COMM_WORLD, &request);
    wait_gently(request);
    text.resize(length);
    MPI_Bcast(text.data(), static_cast<int>(length), MPI_CHAR, root, MPI_COMM_WORLD);
  }
  void barrier() override {
    MPI_Request request;
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    wait_gently(request);
  }

 private:
  // The counts first (a rank may wait here for the others to finish their share of a
  // level), then one message per pair of ranks, straight from and into the caller's buffers.
  template <class Word>
  void exchange_words(const std::vector<std::vector<Word>>& outbox, std::vector<Word>& inbox,
                      std::vector<std::uint64_t>& counts, MPI_Datatype type) {
    std::vector<std::uint64_t> send_counts(size_);
    for (int d = 0; d < size_; ++d) send_counts[d] = outbox[d].size();
    counts.assign(size_, 0);
    MPI_Request request;
    MPI_Ialltoall(send_counts.data(), 1, MPI_UINT64_T, counts.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD, &request);
    wait_gently(request);
    std::uint64_t received = 0;
    for (int s = 0; s < size_; ++s) {
      if (counts[s] > INT_MAX || send_counts[s] > INT_MAX)
        throw std::runtime_error("a message batch of more than 2^31 words: lower the batch size");
      received += counts[s];
    }
    inbox.resize(received);
    requests_.clear();
    std::uint64_t offset = 0;
    for (int s = 0; s < size_; ++s) {
      if (s == rank_) {
        std::copy(outbox[s].begin(), outbox[s].end(), inbox.begin() + static_cast<std::ptrdiff_t>(offset));
      } else if (counts[s] > 0) {
        requests_.emplace_back();
        MPI_Irecv(inbox.data() + offset, static_cast<int>(counts[s]), type, s, kExchangeTag, MPI_COMM_WORLD,
                  &requests_.back());
      }
      offset += counts[s];
    }
    for (int d = 0; d < size_; ++d) {
      if (d == rank_ || outbox[d].empty()) continue;
      requests_.emplace_back();
      MPI_Isend(outbox[d].data(), static_cast<int>(outbox[d].size()), type, d, kExchangeTag, MPI_COMM_WORLD,
                &requests_.back());
    }
    MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  }

  static constexpr int kExchangeTag = 1;
  int rank_ = 0, size_ = 1;
  std::vector<MPI_Request> requests_;
};

}  // namespace

extern "C" {

// Starts MPI (once) and returns the job's communicator; null if MPI cannot give the thread
// support the solver needs.
zz::Communicator* zugzwang_mpi_start(int* argc, char*** argv) {
  static MpiCommunicator* comm = nullptr;
  if (comm) return comm;
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED) return nullptr;
  comm = new MpiCommunicator();
  return comm;
}

// Ends every rank of the job with `code`: a rank that failed must not leave the others
// waiting in a collective.
void zugzwang_mpi_abort(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

void zugzwang_mpi_finish() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}
}
