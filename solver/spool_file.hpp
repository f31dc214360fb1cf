#pragma once
// A scratch file that lists too large for memory are written to in pieces and read back
// from: shared by threads (each piece at its own offset), removed when the object ends,
// whatever ends it, unless kept for a checkpoint that names it. What is appended is written
// back and dropped from the page cache every 8 MiB (file_io.hpp: a memory cap counts it).
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <span>

#include "solver/file_io.hpp"

namespace zz {

class SpoolFile {
 public:
  // Creates (or empties) the file; throws std::runtime_error with the reason if it cannot.
  explicit SpoolFile(std::filesystem::path path);
  // Opens the existing file, cut back to `size` bytes (what a checkpoint recorded; anything
  // after was written since). Throws std::runtime_error if it is missing or shorter.
  SpoolFile(std::filesystem::path path, std::uint64_t size);
  ~SpoolFile();
  // Whether the file outlives the object (a stopped solve resumes from it).
  void keep(bool keep) { keep_ = keep; }
  // Flushes what was appended to the disk, before a checkpoint counts on it.
  void sync();
  SpoolFile(const SpoolFile&) = delete;
  SpoolFile& operator=(const SpoolFile&) = delete;

  // Writes the bytes after everything written so far; returns where they start.
  std::uint64_t append(std::span<const std::uint8_t> bytes);
  // Reads out.size() bytes from offset.
  void read(std::uint64_t offset, std::span<std::uint8_t> out) const;
  std::uint64_t size() const { return end_.load(std::memory_order_relaxed); }
  // Bytes written to and read from the file by this object (progress reports).
  std::uint64_t bytes_written() const { return bytes_written_.load(std::memory_order_relaxed); }
  std::uint64_t bytes_read() const { return bytes_read_.load(std::memory_order_relaxed); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  bool keep_ = false;
  std::atomic<std::uint64_t> end_{0};
  std::atomic<std::uint64_t> bytes_written_{0};
  mutable std::atomic<std::uint64_t> bytes_read_{0};
  WrittenPages written_;  // the page cache of what was appended, given back as it goes
};

}  // namespace zz
