#pragma once
// A checkpoint: the state of a long solve written as a list of sections, each with its
// length and checksum, under a temporary name and renamed when whole. A reader takes it
// whole or not at all: a missing, truncated, damaged or foreign file reads as no checkpoint.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace zz {

namespace table_file_parts {
class TempFile;
}

class CheckpointWriter {
 public:
  // `kind` names what the file holds (a reader for another kind refuses it).
  CheckpointWriter(const std::filesystem::path& file, std::string_view kind);
  ~CheckpointWriter();

  void section(std::span<const std::uint8_t> bytes);
  template <class T>
  void values(const std::vector<T>& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    section({reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * sizeof(T)});
  }
  // Synced and renamed to the file's name: from here on it is the checkpoint.
  void commit();

 private:
  std::filesystem::path file_;
  std::unique_ptr<table_file_parts::TempFile> out_;
};

class CheckpointReader {
 public:
  CheckpointReader(const std::filesystem::path& file, std::string_view kind);

  // False (for this and every later call) once the file is missing or not sound.
  bool good() const { return good_; }
  bool section(std::vector<std::uint8_t>& out);
  // A section of exactly out.size() bytes, into out.
  bool section_into(std::span<std::uint8_t> out);
  template <class T>
  bool values(std::vector<T>& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    std::vector<std::uint8_t> bytes;
    if (!section(bytes) || bytes.size() % sizeof(T) != 0) return good_ = false;
    v.resize(bytes.size() / sizeof(T));
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<std::uint8_t*>(v.data()));
    return true;
  }

 private:
  bool read_length(std::uint64_t& length);
  bool check(std::span<const std::uint8_t> bytes);
  std::ifstream in_;
  std::uint64_t file_size_ = 0;
  bool good_ = false;
};

}  // namespace zz
