#include "solver/table/block_cache.hpp"

#include <atomic>
#include <cstdlib>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

namespace zz {

struct BlockCache::Shard {
  struct Entry {
    std::uint64_t owner, block;
    std::shared_ptr<const DecodedBlock> data;
  };
  mutable std::mutex mutex;
  std::list<Entry> lru;  // most recent first
  std::unordered_map<std::uint64_t, std::list<Entry>::iterator> where;  // key(owner, block)
  std::uint64_t bytes = 0, capacity = 0;

  static std::uint64_t key(std::uint64_t owner, std::uint64_t block) { return owner << 40 ^ block; }

  void trim() {
    while (bytes > capacity && !lru.empty()) {
      bytes -= lru.back().data->size();
      where.erase(key(lru.back().owner, lru.back().block));
      lru.pop_back();
    }
  }
};

BlockCache::BlockCache(std::uint64_t capacity_bytes) : shards_(std::make_unique<Shard[]>(kShards)) {
  set_capacity(capacity_bytes);
}

BlockCache::~BlockCache() = default;

std::shared_ptr<const DecodedBlock> BlockCache::get(std::uint64_t owner, std::uint64_t block,
                                                    const std::function<DecodedBlock()>& decode) {
  const std::uint64_t key = Shard::key(owner, block);
  Shard& s = shards_[(key * 0x9e3779b97f4a7c15ull) >> 60];
  {
    std::lock_guard lock(s.mutex);
    if (auto it = s.where.find(key); it != s.where.end()) {
      s.lru.splice(s.lru.begin(), s.lru, it->second);
      return it->second->data;
    }
  }
  // Decoded outside the lock: two threads may decode one block at once, and the second
  // keeps the first's copy.
  auto data = std::make_shared<const DecodedBlock>(decode());
  std::lock_guard lock(s.mutex);
  if (auto it = s.where.find(key); it != s.where.end()) return it->second->data;
  s.lru.push_front({owner, block, data});
  s.where.emplace(key, s.lru.begin());
  s.bytes += data->size();
  s.trim();
  return data;
}

void BlockCache::set_capacity(std::uint64_t bytes) {
  for (int k = 0; k < kShards; ++k) {
    std::lock_guard lock(shards_[k].mutex);
    shards_[k].capacity = bytes / kShards;
    shards_[k].trim();
  }
}

std::uint64_t BlockCache::capacity() const {
  std::uint64_t total = 0;
  for (int k = 0; k < kShards; ++k) {
    std::lock_guard lock(shards_[k].mutex);
    total += shards_[k].capacity;
  }
  return total;
}

std::uint64_t BlockCache::held_bytes() const {
  std::uint64_t total = 0;
  for (int k = 0; k < kShards; ++k) {
    std::lock_guard lock(shards_[k].mutex);
    total += shards_[k].bytes;
  }
  return total;
}

void BlockCache::forget(std::uint64_t owner) {
  for (int k = 0; k < kShards; ++k) {
    Shard& s = shards_[k];
    std::lock_guard lock(s.mutex);
    for (auto it = s.lru.begin(); it != s.lru.end();) {
      if (it->owner != owner) {
        ++it;
        continue;
      }
      s.bytes -= it->data->size();
      s.where.erase(Shard::key(it->owner, it->block));
      it = s.lru.erase(it);
    }
  }
}

std::uint64_t BlockCache::new_owner() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

BlockCache& block_cache() {
  static BlockCache cache([] {
    const char* mb = std::getenv("ZUGZWANG_CACHE_MB");
    if (!mb || !*mb) return BlockCache::kDefaultBytes;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(mb, &end, 10);
    return *end == '\0' ? static_cast<std::uint64_t>(v) << 20 : BlockCache::kDefaultBytes;
  }());
  return cache;
}

}  // namespace zz
