#include "solver/table/table_shelf.hpp"

#include <algorithm>
#include <exception>
#include <system_error>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"

namespace zz {

const TierTable& TableShelf::keep(const std::string& name, std::unique_ptr<TierTable> table) {
  std::lock_guard lock(mutex_);
  auto& slot = cache_[name];
  if (slot) replaced_.push_back(std::move(slot));
  slot = std::move(table);
  generation_.fetch_add(1, std::memory_order_release);
  std::uint64_t held = 0;
  for (const auto& [kept_name, kept] : cache_) held += kept->memory_bytes();
  peak_held_bytes_ = std::max(peak_held_bytes_, held);
  return *slot;
}

void TableShelf::keep_decoded_copies() {
  if (!copies_) copies_ = std::make_unique<DecodedCopies>(dir_);
}

void TableShelf::keep_decoded_across_runs() {
  if (!copies_ || !copies_->kept()) copies_ = std::make_unique<DecodedCopies>(dir_, DecodedCopies::Lifetime::kept);
}

std::filesystem::path TableShelf::kept_copy(const std::string& name) const {
  const std::filesystem::path source = file(name);
  try {
    const nlohmann::json header = read_table_header(source);
    const auto sum = header.find("checksum");
    if (sum == header.end() || !sum->is_string()) return {};
    return copies_->file(name, sum->get<std::string>() + "-" + std::to_string(std::filesystem::file_size(source)));
  } catch (const std::exception&) {
    return {};
  }
}

const TierTable* TableShelf::map_kept_copy(const std::string& name, std::uint64_t entries) {
  if (!keeps_copies_across_runs()) return nullptr;
  const std::filesystem::path copy = kept_copy(name);
  std::error_code ec;
  if (copy.empty() || !std::filesystem::exists(copy, ec)) return nullptr;
  try {
    auto table = std::make_unique<TierTable>(open_table(copy, identity(name, entries)));
    kept_copies_read_.fetch_add(1, std::memory_order_relaxed);
    return &keep(name, std::move(table));
  } catch (const InputError&) {
    std::filesystem::remove(copy, ec);
    return nullptr;
  }
}

void TableShelf::write_kept_copy(const std::filesystem::path& copy, const std::string& name, const TierTable& decoded) {
  std::error_code ec;
  if (copy.empty() || std::filesystem::exists(copy, ec)) return;
  write_uncompressed_table(copy, identity(name, decoded.size()), decoded);
}

void TableShelf::write_kept_copy_of(const std::string& name) {
  if (!keeps_copies_across_runs()) return;
  const TierTable* held = nullptr;
  {
    std::lock_guard lock(mutex_);
    const auto it = cache_.find(name);
    if (it == cache_.end() || it->second->compressed() || it->second->memory_bytes() == 0) return;
    held = it->second.get();
  }
  write_kept_copy(kept_copy(name), name, *held);
}

void TableShelf::set_aside(const std::string& name) {
  const TierTable* held = nullptr;
  {
    std::lock_guard lock(mutex_);
    const auto it = cache_.find(name);
    if (it == cache_.end()) return;
    held = it->second.get();
  }
  if (!copies_ || held->memory_bytes() == 0) return release(name);
  const TableIdentity id = identity(name, held->size());
  std::filesystem::path copy = copies_->file(name);
  if (copies_->kept()) {
    copy = kept_copy(name);
    if (copy.empty()) return release(name);  // no file to name it after
    write_kept_copy(copy, name, *held);
  } else {
    write_uncompressed_table(copy, id, *held);
  }
  auto mapped = std::make_unique<TierTable>(open_table(copy, id));
  std::lock_guard lock(mutex_);
  cache_[name] = std::move(mapped);
  generation_.fetch_add(1, std::memory_order_release);  // threads' lists may point to the old one
}

void TableShelf::release(const std::string& name) {
  std::lock_guard lock(mutex_);
  cache_.erase(name);
  if (copies_) copies_->remove(name);
  generation_.fetch_add(1, std::memory_order_release);  // threads' lists may point to it
}

bool TableShelf::held_decoded(const std::string& name) {
  std::lock_guard lock(mutex_);
  const auto it = cache_.find(name);
  return it != cache_.end() && !it->second->compressed();
}

std::uint64_t TableShelf::held_bytes(const std::string& name) {
  std::lock_guard lock(mutex_);
  const auto it = cache_.find(name);
  return it == cache_.end() ? 0 : it->second->memory_bytes();
}

std::uint64_t TableShelf::peak_held_bytes() {
  std::lock_guard lock(mutex_);
  return peak_held_bytes_;
}

std::uint64_t TableShelf::held_bytes_total() {
  std::uint64_t total = 0;
  for (const auto& [name, bytes] : held_memory()) total += bytes;
  return total;
}

std::vector<std::pair<std::string, std::uint64_t>> TableShelf::held_memory() {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, std::uint64_t>> held;
  for (const auto& [name, table] : cache_) held.emplace_back(name, table->memory_bytes());
  return held;
}

std::size_t TableShelf::tables_held() {
  std::lock_guard lock(mutex_);
  return cache_.size();
}

}  // namespace zz
