#pragma once
// A read-only mapping of `length` bytes of a file from `offset`: the mapping starts on the
// page boundary before it, and data() points at the offset. The payloads of both table
// formats are read this way, so that a probe reads only the pages it touches.
#include <cstdint>
#include <filesystem>

namespace zz {

class MappedRange {
 public:
  MappedRange() = default;
  // Throws InputError naming the file when it cannot be opened, runtime_error when it cannot
  // be mapped. A length of 0 maps nothing.
  MappedRange(const std::filesystem::path& file, std::uint64_t offset, std::uint64_t length);
  ~MappedRange();
  MappedRange(const MappedRange&) = delete;
  MappedRange& operator=(const MappedRange&) = delete;

  const std::uint8_t* data() const { return data_; }

 private:
  void* map_ = nullptr;
  std::size_t map_length_ = 0;
  const std::uint8_t* data_ = nullptr;
};

}  // namespace zz
