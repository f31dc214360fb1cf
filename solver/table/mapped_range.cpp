#include "solver/table/mapped_range.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

#include "core/common/error.hpp"

namespace zz {

MappedRange::MappedRange(const std::filesystem::path& file, std::uint64_t offset, std::uint64_t length) {
  if (length == 0) return;
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError("table " + file.string() + ": cannot open (" + std::strerror(errno) + ")");
  const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  const std::uint64_t start = offset / page * page;
  map_length_ = static_cast<std::size_t>(offset - start + length);
  map_ = ::mmap(nullptr, map_length_, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(start));
  ::close(fd);
  if (map_ == MAP_FAILED) {
    map_ = nullptr;
    throw std::runtime_error("table " + file.string() + ": cannot map (" + std::strerror(errno) + ")");
  }
  data_ = static_cast<const std::uint8_t*>(map_) + (offset - start);
}

MappedRange::~MappedRange() {
  if (map_) ::munmap(map_, map_length_);
}

}  // namespace zz
