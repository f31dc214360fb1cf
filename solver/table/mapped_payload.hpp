#pragma once
// The payload of a table file mapped into memory, with the checksum of each of its blocks.
// A block is checked the first time one of its bytes is read (thread-safe; a bit per block
// remembers it), so a reader pays for the pages it touches and never for the whole file.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "solver/table/mapped_range.hpp"

namespace zz {

class MappedPayload {
 public:
  static constexpr int kBlockShift = 16;  // 64 KiB blocks
  static constexpr std::uint64_t kBlockBytes = std::uint64_t{1} << kBlockShift;

  // Maps `length` bytes of `file` from `offset`; block_sums holds one checksum per block.
  MappedPayload(const std::filesystem::path& file, std::uint64_t offset, std::uint64_t length,
                std::vector<std::uint64_t> block_sums);
  ~MappedPayload();
  MappedPayload(const MappedPayload&) = delete;
  MappedPayload& operator=(const MappedPayload&) = delete;

  // Unchecked: callers check() the bytes they read.
  std::span<const std::uint8_t> bytes() const { return {data_, length_}; }

  // Throws InputError naming the file and block when the block holding `byte` is corrupt.
  void check(std::uint64_t byte) const {
    const std::uint64_t block = byte >> kBlockShift;
    if (!(verified_[block >> 6].load(std::memory_order_acquire) >> (block & 63) & 1)) verify(block);
  }
  void check_all() const;
  // Asks the kernel to start reading the block holding `byte`, if it is not checked yet: a
  // query about to read many blocks of a cold file gets them read together rather than one
  // page fault after another.
  void prefetch(std::uint64_t byte) const;

 private:
  void verify(std::uint64_t block) const;

  std::filesystem::path file_;
  std::unique_ptr<MappedRange> map_;
  const std::uint8_t* data_ = nullptr;
  std::uint64_t length_ = 0;
  std::vector<std::uint64_t> block_sums_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> verified_;
};

// The checksums of the kBlockBytes blocks of a payload (the last one may be shorter).
std::vector<std::uint64_t> block_checksums(std::span<const std::uint8_t> payload);

}  // namespace zz
