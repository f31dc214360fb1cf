#include "solver/file_io.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace zz {

bool write_all_at(int fd, std::span<const std::uint8_t> bytes, std::uint64_t offset) {
  std::uint64_t done = 0;
  while (done < bytes.size()) {
    const std::size_t chunk = std::min<std::uint64_t>(bytes.size() - done, std::uint64_t{1} << 30);
    const ssize_t n = ::pwrite(fd, bytes.data() + done, chunk, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::uint64_t>(n);
  }
  return true;
}

bool read_all_at(int fd, std::span<std::uint8_t> out, std::uint64_t offset) {
  std::uint64_t done = 0;
  while (done < out.size()) {
    const std::size_t chunk = std::min<std::uint64_t>(out.size() - done, std::uint64_t{1} << 30);
    const ssize_t n = ::pread(fd, out.data() + done, chunk, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = 0;
    if (n <= 0) return false;
    done += static_cast<std::uint64_t>(n);
  }
  return true;
}

void write_back_and_drop(int fd, std::uint64_t offset, std::uint64_t length) {
  if (length == 0) return;
  // Start and wait for the writeback of the range, so that its pages are clean when the
  // kernel is asked to drop them (it keeps dirty ones).
  ::sync_file_range(fd, static_cast<off_t>(offset), static_cast<off_t>(length),
                    SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
  ::posix_fadvise(fd, static_cast<off_t>(offset), static_cast<off_t>(length), POSIX_FADV_DONTNEED);
}

void WrittenPages::wrote_up_to(int fd, std::uint64_t end) {
  std::uint64_t from = released_.load(std::memory_order_relaxed);
  if (end < from + step_) return;
  // One thread gives the range back; the others go on writing.
  if (released_.compare_exchange_strong(from, end, std::memory_order_relaxed)) write_back_and_drop(fd, from, end - from);
}

bool process_gone(const std::string& pid) {
  if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 9) return false;
  return ::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH;
}

}  // namespace zz
