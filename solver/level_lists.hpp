#pragma once
// Lists of slot indices filed by level and kind, for the compact retrograde solver: the
// decisions that fall due at a later level, and the log of what each level decided (from
// which the table's remoteness is assembled at the end). Indices are kept as variable-length
// differences from the one before (1-2 bytes each for the mostly ascending lists a level
// pass writes), in chunks that are read in parallel. With a spool file, every full chunk is
// written out and only its place kept (40 bytes per 8,192 indices), so a list of billions
// costs next to no memory.
#include <algorithm>
#include <array>
#include <iterator>
#include <cstdint>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/common/release_memory.hpp"
#include "solver/spool_file.hpp"

namespace zz {

// A chunk of a list: its first index, how many follow, and the differences, in memory or
// at [offset, offset + size) of the spool.
struct SlotChunk {
  std::uint64_t first = 0;
  std::uint32_t count = 0;
  std::uint32_t size = 0;
  std::uint64_t offset = 0;
  std::uint64_t lo = 0, hi = 0;     // the smallest and largest index
  std::vector<std::uint8_t> bytes;  // empty once spooled

  // Calls f(index) for each index in order; `scratch` holds spooled bytes read back.
  template <class F>
  void for_each(const SpoolFile* spool, std::vector<std::uint8_t>& scratch, F&& f) const {
    const std::uint8_t* at = bytes.data();
    if (count > 1 && bytes.empty()) {
      scratch.resize(size);
      spool->read(offset, scratch);
      at = scratch.data();
    }
    std::uint64_t i = first;
    f(i);
    for (std::uint32_t k = 1; k < count; ++k) {
      std::uint64_t z = 0;
      int shift = 0;
      std::uint8_t b;
      do {
        b = *at++;
        z |= static_cast<std::uint64_t>(b & 0x7F) << shift;
        shift += 7;
      } while (b & 0x80);
      i += static_cast<std::uint64_t>(static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1));
      f(i);
    }
  }
};

// One thread's list: indices in the order added.
class SlotList {
 public:
  void add(std::uint64_t i, SpoolFile* spool) {
    if (!open_ || chunks_.back().count == kChunk) {
      seal(spool);
      chunks_.push_back({i, 1, 0, 0, i, i, {}});
      open_ = true;
    } else {
      SlotChunk& c = chunks_.back();
      c.lo = std::min(c.lo, i);
      c.hi = std::max(c.hi, i);
      const std::int64_t delta = static_cast<std::int64_t>(i - last_);
      // Zigzag: small differences of either sign take few bytes.
      std::uint64_t z = (static_cast<std::uint64_t>(delta) << 1) ^ static_cast<std::uint64_t>(delta >> 63);
      while (z >= 0x80) {
        c.bytes.push_back(static_cast<std::uint8_t>(z | 0x80));
        z >>= 7;
      }
      c.bytes.push_back(static_cast<std::uint8_t>(z));
      ++c.count;
    }
    last_ = i;
  }

  // Writes the last chunk out to the spool and closes it (nothing without a spool).
  void seal(SpoolFile* spool);

  const std::vector<SlotChunk>& chunks() const { return chunks_; }
  // Takes sealed chunks (a checkpoint's); the next index starts a chunk of its own.
  void adopt(std::vector<SlotChunk> chunks);
  std::uint64_t memory_bytes() const;

 private:
  static constexpr std::uint32_t kChunk = 8192;
  std::vector<SlotChunk> chunks_;
  bool open_ = false;  // chunks_.back() takes more indices (in memory)
  std::uint64_t last_ = 0;
};

// Per level and kind (0 or 1), the lists every thread added to. Adding is safe from any
// number of threads at once; the other calls are made between parallel phases.
class LevelLists {
 public:
  static constexpr int kMaxLevels = 1 << 15;  // past any remoteness (codes.hpp)

  // Where full chunks go from now on (nullptr: they stay in memory).
  void use(SpoolFile* spool) { spool_ = spool; }
  void clear() { parts_.clear(); }

  void add(int level, int kind, std::uint64_t i) {
    auto& mine = parts_.local();
    if (mine.size() <= static_cast<std::size_t>(level)) mine.resize(static_cast<std::size_t>(level) + 1);
    mine[static_cast<std::size_t>(level)][static_cast<std::size_t>(kind)].add(i, spool_);
  }

  // Writes out what is filed at `level` and still in memory (the level's list is complete).
  void seal(int level);

  // Writes out everything still in memory (before a checkpoint).
  void seal_all();

  // Every chunk's place, after seal_all: per level, per kind, the number of chunks and
  // each one's first index, count, size, offset, smallest and largest index.
  std::vector<std::uint64_t> describe() const;

  // Takes back what describe() gave, for a spool `spool_size` bytes long; false if it does
  // not make sense.
  bool restore(const std::vector<std::uint64_t>& d, std::uint64_t spool_size);

  // Calls f(kind, chunk) for every chunk filed at `level`.
  template <class F>
  void for_each_chunk(int level, F&& f) const {
    for (const auto& mine : parts_) {
      if (mine.size() <= static_cast<std::size_t>(level)) continue;
      for (int kind = 0; kind < 2; ++kind)
        for (const auto& c : mine[static_cast<std::size_t>(level)][static_cast<std::size_t>(kind)].chunks()) f(kind, c);
    }
  }
  const SpoolFile* spool() const { return spool_; }

  // Calls f(kind, index) for every index filed at `level`, in parallel.
  template <class F>
  void for_each(int level, F&& f) const {
    std::vector<std::pair<int, const SlotChunk*>> chunks;
    for_each_chunk(level, [&](int kind, const SlotChunk& c) { chunks.push_back({kind, &c}); });
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunks.size(), 1), [&](const auto& r) {
      std::vector<std::uint8_t> scratch;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        const int kind = chunks[k].first;
        chunks[k].second->for_each(spool_, scratch, [&](std::uint64_t i) { f(kind, i); });
      }
    });
  }

  // Frees what is filed at `level` (a spool's bytes stay until it ends).
  void drop(int level);

  std::uint64_t memory_bytes() const;

 private:
  SpoolFile* spool_ = nullptr;
  tbb::enumerable_thread_specific<std::vector<std::array<SlotList, 2>>> parts_;
};

}  // namespace zz
