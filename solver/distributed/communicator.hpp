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

  // Sends outbox[d] to rank d (one list per rank) and fills `inbox` with what every rank
  // sent to this one, concatenated in rank order; counts[s] tells how many words came from
  // rank s. The caller owns the buffers and should keep them from one exchange to the next:
  // with fresh pages for every exchange Open MPI's shared-memory transfers ran 15 times
  // slower on the development machine (docs/large-tables.md).
  virtual void exchange(const std::vector<std::vector<std::uint64_t>>& outbox, std::vector<std::uint64_t>& inbox,
                        std::vector<std::uint64_t>& counts) = 0;
  virtual void exchange(const std::vector<std::vector<std::uint32_t>>& outbox, std::vector<std::uint32_t>& inbox,
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
  void exchange(const std::vector<std::vector<std::uint64_t>>& outbox, std::vector<std::uint64_t>& inbox,
                std::vector<std::uint64_t>& counts) override {
    keep(outbox, inbox, counts);
  }
  void exchange(const std::vector<std::vector<std::uint32_t>>& outbox, std::vector<std::uint32_t>& inbox,
                std::vector<std::uint64_t>& counts) override {
    keep(outbox, inbox, counts);
  }
  void sum(std::span<std::uint64_t>) override {}
  void max(std::span<std::int64_t>) override {}
  void broadcast(std::string&, int) override {}
  void barrier() override {}

 private:
  template <class Word>
  static void keep(const std::vector<std::vector<Word>>& outbox, std::vector<Word>& inbox,
                   std::vector<std::uint64_t>& counts) {
    counts.assign(1, outbox.at(0).size());
    inbox.assign(outbox.at(0).begin(), outbox.at(0).end());
  }
};

// The slots of a tier's index a rank owns. The index is cut into grains of 65,536 entries
// (whole blocks of table checksums, so that each rank checksums its own part of the file),
// dealt out in turn: grain g belongs to rank g mod N. A rank keeps its grains one after the
// other in its arrays, so it holds about 1/N of the tier.
//
// Why dealt out and not one contiguous slice per rank: the indices of chess and Tablut put
// the side to move first, and a level's positions that un-move and the predecessors they
// reach have opposite sides to move. With contiguous slices each rank owned mostly one side,
// so at every level one rank generated un-moves while the other waited for them, and nearly
// every predecessor was a message. Dealt grains give every rank its share of both sides and
// of every other region of the index (measured: docs/large-tables.md).
class Ownership {
 public:
  static constexpr int kGrainShift = 16;
  static constexpr std::uint64_t kGrain = std::uint64_t{1} << kGrainShift;

  Ownership(std::uint64_t entries, int rank, int ranks) : rank_(rank), ranks_(ranks) {
    const std::uint64_t grains = (entries + kGrain - 1) >> kGrainShift;
    const std::uint64_t mine = grains > static_cast<std::uint64_t>(rank) ? (grains - rank + ranks - 1) / ranks : 0;
    size_ = mine << kGrainShift;
    // Only the tier's last grain may be short; it is the last of its owner's grains.
    if (mine > 0 && (grains - 1) % ranks == static_cast<std::uint64_t>(rank)) size_ -= (grains << kGrainShift) - entries;
  }

  // Slots this rank holds.
  std::uint64_t size() const { return size_; }
  static std::uint64_t grain_of(std::uint64_t i) { return i >> kGrainShift; }

  // The rank holding index i and where in its arrays i lies.
  struct Place {
    int owner;
    std::uint64_t slot;
  };
  Place place(std::uint64_t i) const {
    const std::uint64_t g = grain_of(i), n = static_cast<std::uint64_t>(ranks_);
    return {static_cast<int>(g % n), (g / n) << kGrainShift | (i & (kGrain - 1))};
  }
  // The same, one part at a time; a job of one rank skips the division.
  int owner(std::uint64_t i) const { return place(i).owner; }
  bool owns(std::uint64_t i) const { return ranks_ == 1 || owner(i) == rank_; }
  std::uint64_t local(std::uint64_t i) const { return ranks_ == 1 ? i : place(i).slot; }
  // The index of this rank's local slot l.
  std::uint64_t global(std::uint64_t l) const {
    return ((l >> kGrainShift) * static_cast<std::uint64_t>(ranks_) + static_cast<std::uint64_t>(rank_))
               << kGrainShift |
           (l & (kGrain - 1));
  }

 private:
  std::uint64_t size_ = 0;
  int rank_ = 0, ranks_ = 1;
};

}  // namespace zz
