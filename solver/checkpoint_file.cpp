#include "solver/checkpoint_file.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <system_error>

#include "solver/table/checksum.hpp"
#include "solver/table/table_file_parts.hpp"

namespace zz {
namespace {

constexpr char kCheckpointMagic[8] = {'Z', 'Z', 'C', 'K', 'P', 'T', '1', '\n'};

std::uint64_t section_sum(std::span<const std::uint8_t> bytes) {
  return checksum({reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()});
}

}  // namespace

CheckpointWriter::CheckpointWriter(const std::filesystem::path& file, std::string_view kind)
    : file_(file), out_(std::make_unique<table_file_parts::TempFile>(file)) {
  out_->write(kCheckpointMagic, sizeof kCheckpointMagic);
  section({reinterpret_cast<const std::uint8_t*>(kind.data()), kind.size()});
}

CheckpointWriter::~CheckpointWriter() = default;

void CheckpointWriter::section(std::span<const std::uint8_t> bytes) {
  const std::uint64_t length = bytes.size(), check = section_sum(bytes);
  out_->write(&length, sizeof length);
  out_->write(bytes.data(), bytes.size());
  out_->write(&check, sizeof check);
}

void CheckpointWriter::commit() { out_->commit(file_); }

CheckpointReader::CheckpointReader(const std::filesystem::path& file, std::string_view kind) {
  std::error_code error;
  file_size_ = std::filesystem::file_size(file, error);
  if (error) return;
  in_.open(file, std::ios::binary);
  char magic[sizeof kCheckpointMagic];
  if (!in_.read(magic, sizeof magic) || std::memcmp(magic, kCheckpointMagic, sizeof magic) != 0) return;
  good_ = true;
  std::vector<std::uint8_t> stored;
  if (!section(stored) || std::string_view(reinterpret_cast<const char*>(stored.data()), stored.size()) != kind)
    good_ = false;
}

bool CheckpointReader::read_length(std::uint64_t& length) {
  if (!good_ || !in_.read(reinterpret_cast<char*>(&length), sizeof length)) return good_ = false;
  // A damaged length must not make us allocate more than the file holds.
  const auto at = static_cast<std::uint64_t>(in_.tellg());
  if (length > file_size_ - std::min(file_size_, at)) return good_ = false;
  return true;
}

bool CheckpointReader::check(std::span<const std::uint8_t> bytes) {
  std::uint64_t stored = 0;
  if (!in_.read(reinterpret_cast<char*>(&stored), sizeof stored) || stored != section_sum(bytes)) return good_ = false;
  return true;
}

bool CheckpointReader::section(std::vector<std::uint8_t>& out) {
  std::uint64_t length = 0;
  if (!read_length(length)) return false;
  out.resize(length);
  if (!in_.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(length))) return good_ = false;
  return check(out);
}

bool CheckpointReader::section_into(std::span<std::uint8_t> out) {
  std::uint64_t length = 0;
  if (!read_length(length) || length != out.size()) return good_ = false;
  if (!in_.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(length))) return good_ = false;
  return check(out);
}

}  // namespace zz
