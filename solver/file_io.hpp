#pragma once
// Positioned reads and writes of whole spans, and the page cache of written data given back.
//
// A solve under a memory cgroup (issue 23's caps) is charged for the page cache of the files
// it writes, and dirty pages cannot be dropped until they are on disk: a large scratch or
// table file written in one go can get the process killed though it never holds the data
// itself. WrittenPages writes such a file back in steps and drops its pages as it goes.
#include <atomic>
#include <cstdint>
#include <span>
#include <string>

namespace zz {

// Whether `pid` (the text after a file or folder name's prefix) names a process that no
// longer runs: what a killed process left behind may then be removed. False for text that
// is not a process id.
bool process_gone(const std::string& pid);

// Writes every byte at `offset` (retrying short writes and EINTR); false with errno set on
// failure.
bool write_all_at(int fd, std::span<const std::uint8_t> bytes, std::uint64_t offset);
// Reads exactly out.size() bytes from `offset`; false with errno set on failure or at the end
// of the file (errno 0).
bool read_all_at(int fd, std::span<std::uint8_t> out, std::uint64_t offset);

// Writes the file's range [offset, offset + length) to disk and asks the kernel to drop its
// pages from the cache. Best effort: pages another thread dirties meanwhile stay cached.
void write_back_and_drop(int fd, std::uint64_t offset, std::uint64_t length);

// Tracks how far a file has been written and gives its pages back every `step` bytes.
// Threads may report their writes concurrently, in any order.
class WrittenPages {
 public:
  static constexpr std::uint64_t kDefaultStep = std::uint64_t{8} << 20;
  explicit WrittenPages(std::uint64_t step = kDefaultStep) : step_(step) {}
  // `end`: the end of a range just written. Writes back and drops [given back, end) once it
  // spans `step` bytes.
  void wrote_up_to(int fd, std::uint64_t end);
  // Restart the count at `offset` (a file cut back or reopened).
  void reset(std::uint64_t offset) { released_.store(offset, std::memory_order_relaxed); }

 private:
  std::uint64_t step_;
  std::atomic<std::uint64_t> released_{0};
};

}  // namespace zz
