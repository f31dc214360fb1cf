#pragma once
// The ranks of a distributed job played by threads of one process, for tests: each thread
// holds one ThreadRank, and every collective meets at a barrier, reads what the others
// posted, and meets again before anything posted may change.
#include <barrier>
#include <functional>
#include <thread>
#include <vector>

#include "solver/distributed/communicator.hpp"

namespace zz_test {

class ThreadRanks {
 public:
  explicit ThreadRanks(int ranks) : posted_(ranks), meet_(ranks) {}
  int size() const { return static_cast<int>(posted_.size()); }

  // Runs body(rank communicator) on one thread per rank and waits for all.
  void run(const std::function<void(zz::Communicator&)>& body);

 private:
  class Rank;
  std::vector<const void*> posted_;
  std::barrier<> meet_;
};

class ThreadRanks::Rank final : public zz::Communicator {
 public:
  Rank(ThreadRanks& job, int rank) : job_(job), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return job_.size(); }

  void exchange(const std::vector<std::vector<std::uint64_t>>& outbox, std::vector<std::uint64_t>& inbox,
                std::vector<std::uint64_t>& counts) override {
    gather(outbox, inbox, counts);
  }
  void exchange(const std::vector<std::vector<std::uint32_t>>& outbox, std::vector<std::uint32_t>& inbox,
                std::vector<std::uint64_t>& counts) override {
    gather(outbox, inbox, counts);
  }
  void sum(std::span<std::uint64_t> values) override {
    combine(values, [](std::uint64_t a, std::uint64_t b) { return a + b; });
  }
  void max(std::span<std::int64_t> values) override {
    combine(values, [](std::int64_t a, std::int64_t b) { return std::max(a, b); });
  }
  void broadcast(std::string& text, int root) override {
    job_.posted_[rank_] = &text;
    job_.meet_.arrive_and_wait();
    std::string copy = *static_cast<const std::string*>(job_.posted_[root]);
    job_.meet_.arrive_and_wait();
    text = std::move(copy);
  }
  void barrier() override { job_.meet_.arrive_and_wait(); }

 private:
  template <class Word>
  void gather(const std::vector<std::vector<Word>>& outbox, std::vector<Word>& inbox,
              std::vector<std::uint64_t>& counts) {
    job_.posted_[rank_] = &outbox;
    job_.meet_.arrive_and_wait();
    inbox.clear();
    counts.assign(size(), 0);
    for (int s = 0; s < size(); ++s) {
      const auto& from = (*static_cast<const std::vector<std::vector<Word>>*>(job_.posted_[s]))[rank_];
      inbox.insert(inbox.end(), from.begin(), from.end());
      counts[s] = from.size();
    }
    job_.meet_.arrive_and_wait();
  }
  template <class T, class Op>
  void combine(std::span<T> values, Op op) {
    job_.posted_[rank_] = values.data();
    job_.meet_.arrive_and_wait();
    std::vector<T> all(values.size());
    for (int s = 0; s < size(); ++s) {
      const T* v = static_cast<const T*>(job_.posted_[s]);
      for (std::size_t k = 0; k < values.size(); ++k) all[k] = s == 0 ? v[k] : op(all[k], v[k]);
    }
    job_.meet_.arrive_and_wait();
    std::copy(all.begin(), all.end(), values.begin());
  }

  ThreadRanks& job_;
  int rank_;
};

inline void ThreadRanks::run(const std::function<void(zz::Communicator&)>& body) {
  std::vector<std::thread> threads;
  for (int r = 0; r < size(); ++r)
    threads.emplace_back([this, r, &body] {
      Rank rank(*this, r);
      body(rank);
    });
  for (auto& t : threads) t.join();
}

}  // namespace zz_test
