#pragma once
// Lists of slot indices filed by level and kind, for the compact retrograde solver: the
// decisions that fall due at a later level, and the log of what each level decided (from
// which the table's remoteness is assembled at the end). Indices are kept as variable-length
// differences from the one before (1-2 bytes each for the mostly ascending lists a level
// pass writes), in chunks that are read in parallel. With a spool file, every full chunk is
// written out and only its place kept (24 bytes per 8,192 indices), so a list of billions
// costs next to no memory.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "solver/spool_file.hpp"

namespace zz {

// A chunk of a list: its first index, how many follow, and the differences, in memory or
// at [offset, offset + size) of the spool.
struct SlotChunk {
  std::uint64_t first = 0;
  std::uint32_t count = 0;
  std::uint32_t size = 0;
  std::uint64_t offset = 0;
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
    if (chunks_.empty() || chunks_.back().count == kChunk) {
      if (!chunks_.empty()) seal(spool);
      chunks_.push_back({i, 1, 0, 0, {}});
    } else {
      SlotChunk& c = chunks_.back();
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

  // Writes the last chunk out to the spool (nothing without one).
  void seal(SpoolFile* spool) {
    if (!spool || chunks_.empty() || chunks_.back().bytes.empty()) return;
    SlotChunk& c = chunks_.back();
    c.size = static_cast<std::uint32_t>(c.bytes.size());
    c.offset = spool->append(c.bytes);
    c.bytes = {};
  }

  const std::vector<SlotChunk>& chunks() const { return chunks_; }
  std::uint64_t memory_bytes() const {
    std::uint64_t n = chunks_.capacity() * sizeof(SlotChunk);
    for (const SlotChunk& c : chunks_) n += c.bytes.capacity();
    return n;
  }

 private:
  static constexpr std::uint32_t kChunk = 8192;
  std::vector<SlotChunk> chunks_;
  std::uint64_t last_ = 0;
};

// Per level and kind (0 or 1), the lists every thread added to. Adding is safe from any
// number of threads at once; the other calls are made between parallel phases.
class LevelLists {
 public:
  explicit LevelLists(SpoolFile* spool = nullptr) : spool_(spool) {}

  void add(int level, int kind, std::uint64_t i) {
    auto& mine = parts_.local();
    if (mine.size() <= static_cast<std::size_t>(level)) mine.resize(static_cast<std::size_t>(level) + 1);
    mine[static_cast<std::size_t>(level)][static_cast<std::size_t>(kind)].add(i, spool_);
  }

  // Writes out what is filed at `level` and still in memory (the level's list is complete).
  void seal(int level) {
    for (auto& mine : parts_)
      if (mine.size() > static_cast<std::size_t>(level))
        for (auto& list : mine[static_cast<std::size_t>(level)]) list.seal(spool_);
  }

  // Calls f(kind, index) for every index filed at `level`, in parallel.
  template <class F>
  void for_each(int level, F&& f) const {
    std::vector<std::pair<int, const SlotChunk*>> chunks;
    for (const auto& mine : parts_) {
      if (mine.size() <= static_cast<std::size_t>(level)) continue;
      for (int kind = 0; kind < 2; ++kind)
        for (const auto& c : mine[static_cast<std::size_t>(level)][static_cast<std::size_t>(kind)].chunks())
          chunks.push_back({kind, &c});
    }
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunks.size(), 1), [&](const auto& r) {
      std::vector<std::uint8_t> scratch;
      for (std::size_t k = r.begin(); k != r.end(); ++k) {
        const int kind = chunks[k].first;
        chunks[k].second->for_each(spool_, scratch, [&](std::uint64_t i) { f(kind, i); });
      }
    });
  }

  // Frees what is filed at `level` (a spool's bytes stay until it ends).
  void drop(int level) {
    for (auto& mine : parts_)
      if (mine.size() > static_cast<std::size_t>(level)) mine[static_cast<std::size_t>(level)] = {};
  }

  std::uint64_t memory_bytes() const {
    std::uint64_t n = 0;
    for (const auto& mine : parts_)
      for (const auto& level : mine)
        for (const auto& list : level) n += list.memory_bytes();
    return n;
  }

 private:
  SpoolFile* spool_;
  tbb::enumerable_thread_specific<std::vector<std::array<SlotList, 2>>> parts_;
};

}  // namespace zz
