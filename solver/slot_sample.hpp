#pragma once
// A uniform random sample of a tier's index slots that every machine draws alike, for
// `verify --sample N`: a check of a table too large to verify whole in the time there is.
//
// Slot i of [0, size) gets the key splitmix64 gives as its (i + 1)-th output when started at
// the seed: key(i) = mix64(seed + (i + 1) * 0x9e3779b97f4a7c15). The sample is the n slots
// of smallest key. splitmix64 is a bijection of 64-bit integers, so no two slots of a tier
// share a key and the n smallest are one set, the same on every machine (integer arithmetic
// only: no floating point, no std::uniform_int_distribution, whose output the standard
// leaves to each library). With keys as good as random, every set of n slots is equally
// likely: a uniform sample without replacement. n >= size takes every slot.
//
// Finding the n-th smallest key costs two passes over the index (a histogram of the keys'
// top bits, then the keys of the one bucket the n-th falls in), and membership is a key
// compared with it, so the sample is never listed: while it is drawn it holds 512 KiB per
// thread and the keys of one bucket (about size / 65,536 of them: 3 MB for K1W5B's 24.2 G
// slots), after that a few words, whatever n; a check walks it in index order, in parallel,
// range by range (contains). Measured: 4.2 CPU-s per 10^9 slots to draw, 1.6 to walk.
#include <cstdint>

#include "core/common/hash.hpp"

namespace zz {

class SlotSample {
 public:
  static constexpr std::uint64_t kGamma = 0x9e3779b97f4a7c15ULL;  // splitmix64's increment

  // The n slots of [0, size) of smallest key under `seed` (every slot when n >= size).
  SlotSample(std::uint64_t size, std::uint64_t n, std::uint64_t seed);

  static constexpr std::uint64_t key(std::uint64_t seed, std::uint64_t i) { return mix64(seed + (i + 1) * kGamma); }

  bool contains(std::uint64_t i) const { return i < size_ && drawn_ && (all_ || key(seed_, i) <= last_key_); }
  // How many slots the sample holds: min(n, size).
  std::uint64_t drawn() const { return drawn_; }
  bool whole() const { return all_; }
  std::uint64_t size() const { return size_; }
  std::uint64_t seed() const { return seed_; }

 private:
  std::uint64_t size_, seed_, drawn_;
  bool all_;
  std::uint64_t last_key_ = 0;  // the largest key in the sample
};

}  // namespace zz
