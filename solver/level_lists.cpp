#include "solver/level_lists.hpp"

// What runs between the compact solver's passes (sealing, checkpoints, freeing) names no
// game: compiled here once rather than in every game's session unit (docs/build-time.md).
// Adding an index, the passes' work, stays inline in the header.
namespace zz {

void SlotList::seal(SpoolFile* spool) {
  if (!spool || !open_) return;
  open_ = false;
  SlotChunk& c = chunks_.back();
  if (c.bytes.empty()) return;  // a single index: its `first` says all
  c.size = static_cast<std::uint32_t>(c.bytes.size());
  c.offset = spool->append(c.bytes);
  release_memory(c.bytes);
}

void SlotList::adopt(std::vector<SlotChunk> chunks) {
  chunks_.insert(chunks_.end(), std::make_move_iterator(chunks.begin()), std::make_move_iterator(chunks.end()));
}

std::uint64_t SlotList::memory_bytes() const {
  std::uint64_t n = chunks_.capacity() * sizeof(SlotChunk);
  for (const SlotChunk& c : chunks_) n += c.bytes.capacity();
  return n;
}

void LevelLists::seal(int level) {
  for (auto& mine : parts_)
    if (mine.size() > static_cast<std::size_t>(level))
      for (auto& list : mine[static_cast<std::size_t>(level)]) list.seal(spool_);
}

void LevelLists::seal_all() {
  for (auto& mine : parts_)
    for (auto& level : mine)
      for (auto& list : level) list.seal(spool_);
}

std::vector<std::uint64_t> LevelLists::describe() const {
  std::size_t levels = 0;
  for (const auto& mine : parts_) levels = std::max(levels, mine.size());
  std::vector<std::uint64_t> out{levels};
  for (std::size_t level = 0; level < levels; ++level)
    for (std::size_t kind = 0; kind < 2; ++kind) {
      const std::size_t at = out.size();
      out.push_back(0);
      for (const auto& mine : parts_) {
        if (mine.size() <= level) continue;
        for (const SlotChunk& c : mine[level][kind].chunks()) {
          out.insert(out.end(), {c.first, c.count, c.size, c.offset, c.lo, c.hi});
          ++out[at];
        }
      }
    }
  return out;
}

bool LevelLists::restore(const std::vector<std::uint64_t>& d, std::uint64_t spool_size) {
  std::size_t at = 0;
  const auto next = [&](std::uint64_t& v) {
    if (at >= d.size()) return false;
    v = d[at++];
    return true;
  };
  std::uint64_t levels = 0;
  if (!next(levels) || levels > static_cast<std::uint64_t>(kMaxLevels)) return false;
  auto& mine = parts_.local();
  mine.resize(std::max<std::size_t>(mine.size(), levels));
  for (std::uint64_t level = 0; level < levels; ++level)
    for (std::size_t kind = 0; kind < 2; ++kind) {
      std::uint64_t chunks = 0;
      if (!next(chunks) || chunks > d.size()) return false;
      std::vector<SlotChunk> list(chunks);
      for (SlotChunk& c : list) {
        std::uint64_t count = 0, size = 0;
        if (!next(c.first) || !next(count) || !next(size) || !next(c.offset) || !next(c.lo) || !next(c.hi))
          return false;
        if (count == 0 || count > (1u << 16) || size > (std::uint64_t{5} << 16) || c.offset + size > spool_size ||
            (count > 1) != (size > 0) || c.lo > c.first || c.first > c.hi)
          return false;
        c.count = static_cast<std::uint32_t>(count);
        c.size = static_cast<std::uint32_t>(size);
      }
      mine[level][kind].adopt(std::move(list));
    }
  return at == d.size();
}

void LevelLists::drop(int level) {
  for (auto& mine : parts_)
    if (mine.size() > static_cast<std::size_t>(level)) mine[static_cast<std::size_t>(level)] = {};
}

std::uint64_t LevelLists::memory_bytes() const {
  std::uint64_t n = 0;
  for (const auto& mine : parts_)
    for (const auto& level : mine)
      for (const auto& list : level) n += list.memory_bytes();
  return n;
}

}  // namespace zz
