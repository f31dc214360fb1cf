#include "solver/table/mapped_payload.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tbb/parallel_for.h>

#include "core/common/error.hpp"
#include "solver/table/checksum.hpp"

namespace zz {
namespace {

std::span<const std::byte> block_of(std::span<const std::uint8_t> payload, std::uint64_t block) {
  const std::uint64_t begin = block * MappedPayload::kBlockBytes;
  const std::uint64_t end = std::min<std::uint64_t>(payload.size(), begin + MappedPayload::kBlockBytes);
  return std::as_bytes(payload.subspan(begin, end - begin));
}

std::uint64_t block_count(std::uint64_t length) {
  return (length + MappedPayload::kBlockBytes - 1) >> MappedPayload::kBlockShift;
}

}  // namespace

std::vector<std::uint64_t> block_checksums(std::span<const std::uint8_t> payload) {
  std::vector<std::uint64_t> sums(block_count(payload.size()));
  tbb::parallel_for(std::size_t{0}, sums.size(), [&](std::size_t b) { sums[b] = checksum(block_of(payload, b)); });
  return sums;
}

MappedPayload::MappedPayload(const std::filesystem::path& file, std::uint64_t offset, std::uint64_t length,
                             std::vector<std::uint64_t> block_sums)
    : file_(file), length_(length), block_sums_(std::move(block_sums)) {
  if (block_sums_.size() != block_count(length)) throw std::logic_error("block checksums do not fit the payload");
  const std::size_t words = (block_sums_.size() + 63) / 64;
  verified_ = std::make_unique<std::atomic<std::uint64_t>[]>(words);
  for (std::size_t w = 0; w < words; ++w) verified_[w].store(0, std::memory_order_relaxed);
  map_ = std::make_unique<MappedRange>(file, offset, length);
  data_ = map_->data();
}

MappedPayload::~MappedPayload() = default;

void MappedPayload::verify(std::uint64_t block) const {
  if (checksum(block_of(bytes(), block)) != block_sums_[block])
    throw InputError("table " + file_.string() + ": checksum mismatch in block " + std::to_string(block) +
                     " (corrupt payload)");
  verified_[block >> 6].fetch_or(std::uint64_t{1} << (block & 63), std::memory_order_release);
}

void MappedPayload::prefetch(std::uint64_t byte) const {
  if (!map_ || byte >= length_) return;
  const std::uint64_t block = byte >> kBlockShift;
  if (verified_[block >> 6].load(std::memory_order_acquire) >> (block & 63) & 1) return;
  static const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto first = reinterpret_cast<std::uintptr_t>(data_ + (block << kBlockShift));
  const auto last = reinterpret_cast<std::uintptr_t>(data_ + std::min(length_, (block + 1) << kBlockShift));
  const std::uintptr_t start = first / page * page;
  ::madvise(reinterpret_cast<void*>(start), last - start, MADV_WILLNEED);  // a hint: failure costs nothing
}

void MappedPayload::check_all() const {
  tbb::parallel_for(std::uint64_t{0}, static_cast<std::uint64_t>(block_sums_.size()),
                    [&](std::uint64_t b) { check(b << kBlockShift); });
}

}  // namespace zz
