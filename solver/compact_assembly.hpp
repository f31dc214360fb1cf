#pragma once
// CompactRetrogradeSolver's last job (compact_retrograde.hpp): the table, from the lists
// alone. The cells are freed first, so that the solve never holds them and the table at
// once. Every slot starts drawn (undecided at the end, or settled so); the unused ones and
// each level's decisions are written over it. With a spool directory the table is written
// to a scratch file a window at a time and mapped.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/common/release_memory.hpp"
#include "solver/compact_tier.hpp"
#include "solver/table/mapped_payload.hpp"

namespace zz::compact_detail {

template <Unmovable G>
class CompactAssembler {
 public:
  explicit CompactAssembler(CompactTier<G>& t) : t_(t) {}

  TierTable run() {
    release_memory(t_.cells);
    release_memory(t_.recounted_blocks);
    release_memory(t_.decided_in_block);
    const int width = t_.widest < 256 ? 1 : 2;
    const std::vector<CodedChunk> chunks = coded_chunks();
    if (t_.spool && t_.n > 0) return to_file(chunks, width);
    std::vector<std::uint8_t> payload(t_.n * static_cast<std::uint64_t>(width), 0);
    fill_window(chunks, 0, t_.n, payload, width);
    for (LevelLists* lists : {&t_.decided, &t_.unused}) lists->clear();
    const TierStats stats = count_stats(payload, width);
    return TierTable(std::move(payload), width, stats);
  }

 private:
  // A chunk of a list and the code every index in it gets.
  struct CodedChunk {
    Code code;
    const SlotChunk* chunk;
  };

  // Every chunk of the unused slots and of each level's decisions, by smallest index.
  std::vector<CodedChunk> coded_chunks() const {
    std::vector<CodedChunk> chunks;
    t_.unused.for_each_chunk(0, [&](int, const SlotChunk& c) { chunks.push_back({kUnusedCode, &c}); });
    for (int level = 0; level <= t_.last_level; ++level)
      t_.decided.for_each_chunk(level, [&](int kind, const SlotChunk& c) {
        chunks.push_back({encode(kind == 0 ? Outcome::win(level) : Outcome::loss(level)), &c});
      });
    std::sort(chunks.begin(), chunks.end(), [](const CodedChunk& x, const CodedChunk& y) { return x.chunk->lo < y.chunk->lo; });
    return chunks;
  }

  // The codes of slots [a, b) into part: drawn, unless a chunk holding the slot says else.
  void fill_window(const std::vector<CodedChunk>& chunks, std::uint64_t a, std::uint64_t b, std::span<std::uint8_t> part,
                   int width) const {
    const auto put = [&](std::uint64_t i, Code c) {
      part[(i - a) * width] = static_cast<std::uint8_t>(c & 0xFF);
      if (width == 2) part[(i - a) * 2 + 1] = static_cast<std::uint8_t>(c >> 8);
    };
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(a, b, 1 << 16), [&](const auto& r) {
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) put(i, kDrawCode);
    });
    // The chunks holding indices of [a, b): sorted by their smallest, they start before b.
    const auto end = std::lower_bound(chunks.begin(), chunks.end(), b,
                                      [](const CodedChunk& c, std::uint64_t x) { return c.chunk->lo < x; });
    std::vector<const CodedChunk*> hits;
    for (auto it = chunks.begin(); it != end; ++it)
      if (it->chunk->hi >= a) hits.push_back(&*it);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, hits.size(), 1), [&](const auto& r) {
      std::vector<std::uint8_t> scratch;
      for (std::size_t k = r.begin(); k != r.end(); ++k)
        hits[k]->chunk->for_each(t_.spool.get(), scratch, [&](std::uint64_t i) {
          if (i >= a && i < b) put(i, hits[k]->code);
        });
    });
  }

  TierTable to_file(const std::vector<CodedChunk>& chunks, int width) {
    // Whole 64 KiB blocks per window, so that each window's block checksums are the file's.
    // A window's buffer takes at most a sixteenth of the memory budget.
    constexpr std::uint64_t kRound = std::uint64_t{1} << 16;
    const std::uint64_t n = t_.n;
    const std::uint64_t wanted = std::min(t_.options.assembly_window_slots, memory_budget(t_.options) / 16 / width);
    const std::uint64_t window = std::max(kRound, (wanted + kRound - 1) / kRound * kRound);
    const std::filesystem::path path = t_.scratch_path(".codes");
    SpoolFile file(path);  // removed when this ends: the mapping outlives the name
    std::vector<std::uint8_t> buffer(std::min(window, n) * width);
    std::vector<std::uint64_t> sums;
    TierStats stats;
    for (std::uint64_t a = 0; a < n; a += window) {
      t_.check_stop();
      const std::uint64_t b = std::min(n, a + window);
      const std::span<std::uint8_t> part(buffer.data(), (b - a) * width);
      fill_window(chunks, a, b, part, width);
      file.append(part);
      const auto part_sums = block_checksums(part);
      sums.insert(sums.end(), part_sums.begin(), part_sums.end());
      stats = combine_stats(std::move(stats), count_stats(part, width));
    }
    file.sync();
    release_memory(buffer);
    for (LevelLists* lists : {&t_.decided, &t_.unused}) lists->clear();
    auto mapped = std::make_shared<const MappedPayload>(path, 0, n * width, std::move(sums));
    return TierTable(std::move(mapped), width, stats);
  }

  CompactTier<G>& t_;
};

}  // namespace zz::compact_detail
