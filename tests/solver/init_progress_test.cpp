// InitProgress (solver/init_progress.hpp): a tier's initialization reported a tenth of its
// slots at a time, from the worker threads that pass them, one report at a time and each
// larger than the last; nothing for a small tier or without a progress callback.
#include <doctest/doctest.h>

#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "solver/init_progress.hpp"

namespace {

struct Reports {
  std::mutex lock;
  std::vector<std::uint64_t> done;
  int inside = 0, overlapped = 0;  // reports running at once
};

zz::SolveOptions recording(Reports& r) {
  zz::SolveOptions o;
  o.progress = [&r](const zz::SolveProgress& p) {
    {
      std::lock_guard g(r.lock);
      r.overlapped += r.inside++ > 0;
      CHECK(p.initializing);
      CHECK(p.tier == "T");
      CHECK(p.size == std::uint64_t{1} << 26);
      r.done.push_back(p.initialized);
    }
    std::this_thread::yield();
    std::lock_guard g(r.lock);
    --r.inside;
  };
  return o;
}

}  // namespace

TEST_CASE("a large tier is reported a tenth at a time, in order, from several threads") {
  Reports r;
  const zz::SolveOptions o = recording(r);
  const std::uint64_t slots = std::uint64_t{1} << 26;
  zz::InitProgress progress(o, "T", slots);
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t)
    workers.emplace_back([&] {
      for (std::uint64_t k = 0; k < slots / 4; k += 4096) progress.add(4096);
    });
  for (auto& w : workers) w.join();
  CHECK(r.overlapped == 0);
  REQUIRE(r.done.size() >= 5);
  CHECK(r.done.size() <= 9);  // the last tenth is left to the levels' first report
  for (std::size_t k = 0; k < r.done.size(); ++k) {
    if (k > 0) CHECK(r.done[k] > r.done[k - 1]);
    CHECK(r.done[k] < slots);
  }
  CHECK(r.done.front() >= slots / 10);
}

TEST_CASE("a small tier, or a solve without progress, reports nothing") {
  Reports r;
  const zz::SolveOptions o = recording(r);
  zz::InitProgress small(o, "T", zz::InitProgress::kSmallestReported - 1);
  for (int k = 0; k < 100; ++k) small.add(zz::InitProgress::kSmallestReported / 100);
  CHECK(r.done.empty());
  const zz::SolveOptions silent;
  zz::InitProgress quiet(silent, "T", std::uint64_t{1} << 26);
  quiet.add(std::uint64_t{1} << 25);  // would be a report with a callback
  CHECK(r.done.empty());
}
