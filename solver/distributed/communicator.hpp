#pragma once
// What the retrograde solver needs from the ranks of a distributed job, and nothing of how
// they talk: MPI in tools/mpi/ (a plugin the program loads only under mpirun), one process
// here (LocalCommunicator), or threads of one process in tests. Every call is collective:
// all ranks make it, in the same order, from one thread each.
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace zz {

class Communicator {
 public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;

  // Sends outbox[d] to rank d (one list per rank) and returns what every rank sent to this
  // one, concatenated in rank order; counts[s] tells how many words came from rank s.
  virtual std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& outbox,
                                              std::vector<std::uint64_t>& counts) = 0;
  // Element-wise sums and maxima over all ranks, in place.
  virtual void sum(std::span<std::uint64_t> values) = 0;
  virtual void max(std::span<std::int64_t> values) = 0;
  // Rank `root`'s text on every rank.
  virtual void broadcast(std::string& text, int root) = 0;
  virtual void barrier() = 0;

  std::uint64_t sum(std::uint64_t v) {
    sum(std::span<std::uint64_t>(&v, 1));
    return v;
  }
  std::int64_t max(std::int64_t v) {
    max(std::span<std::int64_t>(&v, 1));
    return v;
  }
};

// A job of one rank: every collective is the identity.
class LocalCommunicator final : public Communicator {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& outbox,
                                      std::vector<std::uint64_t>& counts) override {
    counts.assign(1, outbox.at(0).size());
    return outbox.at(0);
  }
  void sum(std::span<std::uint64_t>) override {}
  void max(std::span<std::int64_t>) override {}
  void broadcast(std::string&, int) override {}
  void barrier() override {}
};

// The slice of a tier's index a rank owns: contiguous, in whole blocks of table checksums
// (65,536 entries, so that each rank checksums its own part of the file), ranks in order.
struct Slice {
  std::uint64_t begin = 0, end = 0;
  std::uint64_t size() const { return end - begin; }
  bool contains(std::uint64_t i) const { return i >= begin && i < end; }
};

inline constexpr std::uint64_t kSliceGrain = std::uint64_t{1} << 16;

inline Slice slice_of(std::uint64_t entries, int rank, int ranks) {
  const std::uint64_t grains = (entries + kSliceGrain - 1) / kSliceGrain;
  auto boundary = [&](int r) { return std::min(entries, grains * r / ranks * kSliceGrain); };
  return {boundary(rank), rank + 1 == ranks ? entries : boundary(rank + 1)};
}

// The rank whose slice holds index i.
inline int owner_of(std::uint64_t i, std::uint64_t entries, int ranks) {
  const std::uint64_t grains = (entries + kSliceGrain - 1) / kSliceGrain;
  const std::uint64_t g = i / kSliceGrain;
  // Rank r starts at grain grains * r / ranks: the owner is the last r starting at or
  // before g (ranks with empty slices start where the next one does).
  int r = static_cast<int>(std::min<std::uint64_t>(ranks - 1, g * ranks / grains));
  while (r > 0 && grains * r / ranks > g) --r;
  while (r + 1 < ranks && grains * (r + 1) / ranks <= g) ++r;
  return r;
}

}  // namespace zz
