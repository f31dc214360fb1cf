#pragma once
// The decoded blocks of compressed tables, shared by every table and thread of the process
// and bounded in bytes: a probe decodes a block once, and later probes of the same block
// (a query's many children, a server's many requests) read it from here. Least recently
// used blocks are dropped first. Thread-safe; the lock is per shard, so threads probing
// different blocks rarely meet.
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace zz {

// One decoded block: its codes laid out as a format-2 payload (1 or 2 bytes each).
using DecodedBlock = std::vector<std::uint8_t>;

class BlockCache {
 public:
  static constexpr std::uint64_t kDefaultBytes = std::uint64_t{256} << 20;

  explicit BlockCache(std::uint64_t capacity_bytes = kDefaultBytes);
  ~BlockCache();
  BlockCache(const BlockCache&) = delete;
  BlockCache& operator=(const BlockCache&) = delete;

  // The block (owner, block), decoded by `decode` if it is not held. `owner` is a number no
  // other table shares (new_owner()). Exceptions from `decode` pass through; nothing is kept.
  std::shared_ptr<const DecodedBlock> get(std::uint64_t owner, std::uint64_t block,
                                          const std::function<DecodedBlock()>& decode);

  // Changes the bound; blocks beyond it are dropped now.
  void set_capacity(std::uint64_t bytes);
  std::uint64_t capacity() const;
  std::uint64_t held_bytes() const;
  // Forgets every block of an owner (a table that closes).
  void forget(std::uint64_t owner);

  static std::uint64_t new_owner();

 private:
  struct Shard;
  static constexpr int kShards = 16;
  std::unique_ptr<Shard[]> shards_;
};

// The process's cache (ZUGZWANG_CACHE_MB, if set, gives its first capacity in MiB).
BlockCache& block_cache();

}  // namespace zz
