#include "solver/slot_sample.hpp"

#include <algorithm>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

namespace zz {

namespace {

constexpr int kBucketBits = 16;  // a histogram of 65,536 counts: 512 KiB per thread
constexpr std::uint64_t kGrain = std::uint64_t{1} << 16;

std::uint64_t bucket(std::uint64_t key) { return key >> (64 - kBucketBits); }

}  // namespace

SlotSample::SlotSample(std::uint64_t size, std::uint64_t n, std::uint64_t seed)
    : size_(size), seed_(seed), drawn_(std::min(n, size)), all_(n >= size) {
  if (all_ || n == 0) return;  // n == 0: drawn_ is 0 and contains() false everywhere
  // Pass 1: how many keys fall in each bucket of their top bits.
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> histograms(
      [] { return std::vector<std::uint64_t>(std::size_t{1} << kBucketBits); });
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, size, kGrain), [&](const auto& r) {
    auto& h = histograms.local();
    for (std::uint64_t i = r.begin(); i != r.end(); ++i) ++h[bucket(key(seed, i))];
  });
  std::vector<std::uint64_t> counts(std::size_t{1} << kBucketBits);
  for (const auto& h : histograms)
    for (std::size_t b = 0; b < counts.size(); ++b) counts[b] += h[b];
  // The bucket of the n-th smallest key, and its rank within the bucket.
  std::uint64_t below = 0, b = 0;
  while (below + counts[b] < n) below += counts[b++];
  const std::uint64_t rank = n - below;  // 1..counts[b]
  // Pass 2: that bucket's keys, and the rank-th smallest of them.
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> found;
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, size, kGrain), [&](const auto& r) {
    auto& mine = found.local();
    for (std::uint64_t i = r.begin(); i != r.end(); ++i)
      if (const std::uint64_t k = key(seed, i); bucket(k) == b) mine.push_back(k);
  });
  std::vector<std::uint64_t> keys;
  keys.reserve(counts[b]);
  for (const auto& mine : found) keys.insert(keys.end(), mine.begin(), mine.end());
  std::nth_element(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(rank - 1), keys.end());
  last_key_ = keys[rank - 1];
}

}  // namespace zz
