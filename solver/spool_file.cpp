#include "solver/spool_file.hpp"

#include "solver/file_io.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace zz {
namespace {

std::runtime_error failure(const char* what, const std::filesystem::path& path) {
  return std::runtime_error(std::string(what) + " " + path.string() + ": " + std::strerror(errno));
}

}  // namespace

SpoolFile::SpoolFile(std::filesystem::path path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw failure("cannot create the scratch file", path_);
}

SpoolFile::SpoolFile(std::filesystem::path path, std::uint64_t size) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CLOEXEC);
  if (fd_ < 0) throw failure("cannot open the scratch file", path_);
  struct stat st;
  if (::fstat(fd_, &st) != 0 || static_cast<std::uint64_t>(st.st_size) < size || ::ftruncate(fd_, static_cast<off_t>(size)) != 0) {
    ::close(fd_);
    throw failure("scratch file shorter than its checkpoint says", path_);
  }
  end_ = size;
  written_.reset(size);
}

SpoolFile::~SpoolFile() {
  ::close(fd_);
  if (keep_) return;
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

void SpoolFile::sync() {
  if (::fsync(fd_) != 0) throw failure("cannot sync the scratch file", path_);
}

std::uint64_t SpoolFile::append(std::span<const std::uint8_t> bytes) {
  const std::uint64_t at = end_.fetch_add(bytes.size(), std::memory_order_relaxed);
  if (!write_all_at(fd_, bytes, at)) throw failure("cannot write the scratch file", path_);
  written_.wrote_up_to(fd_, at + bytes.size());
  bytes_written_.fetch_add(bytes.size(), std::memory_order_relaxed);
  return at;
}

void SpoolFile::read(std::uint64_t offset, std::span<std::uint8_t> out) const {
  if (!read_all_at(fd_, out, offset)) throw failure("cannot read the scratch file", path_);
  bytes_read_.fetch_add(out.size(), std::memory_order_relaxed);
}

}  // namespace zz
