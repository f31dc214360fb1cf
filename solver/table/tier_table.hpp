#pragma once
// The solved values of one tier: one code per index (codes.hpp), held the way its table
// file stores them, 1 or 2 bytes per code, little-endian. The bytes live in memory (after
// a solve, or a table read into memory) or are mapped from the file; a mapped table checks
// each block of its payload against the file's block checksums the first time the block
// is read, so a query touches only the pages it needs.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "solver/table/codes.hpp"
#include "solver/table/mapped_payload.hpp"

namespace zz {

struct TierStats {
  std::uint64_t entries = 0;  // index slots, used or not
  std::uint64_t wins = 0, losses = 0, draws = 0;
  int longest_win = -1, longest_loss = -1;  // remoteness in plies, -1 when none
  // Entries by remoteness: [r] counts the wins (losses) in r plies, up to the longest.
  std::vector<std::uint64_t> wins_by_remoteness, losses_by_remoteness;
  std::uint64_t positions() const { return wins + losses + draws; }
  friend bool operator==(const TierStats&, const TierStats&) = default;
};

// Computes its per-tier counts for the table's whole payload (one parallel pass).
TierStats count_stats(std::span<const std::uint8_t> payload, int width);

class TierTable {
 public:
  TierTable() = default;
  // Packs codes into the narrowest width that holds them.
  explicit TierTable(std::span<const Code> codes);
  // A table read from a file: its payload, the width of its codes, and the counts its
  // header states.
  TierTable(std::vector<std::uint8_t> payload, int width, const TierStats& stats);
  TierTable(std::shared_ptr<const MappedPayload> mapped, int width, const TierStats& stats);

  TierTable(TierTable&&) noexcept = default;
  TierTable& operator=(TierTable&&) noexcept = default;
  TierTable(const TierTable&) = delete;
  TierTable& operator=(const TierTable&) = delete;

  std::uint64_t size() const { return size_; }
  int width() const { return width_; }
  Code code(std::uint64_t i) const {
    if (mapped_) mapped_->check(i * width_);
    return width_ == 1 ? data_[i] : static_cast<Code>(data_[2 * i] | data_[2 * i + 1] << 8);
  }
  bool used(std::uint64_t i) const { return code(i) != kUnusedCode; }
  // Starts reading entry i from disk, for a caller about to read many (MappedPayload::prefetch).
  void prefetch(std::uint64_t i) const {
    if (mapped_) mapped_->prefetch(i * width_);
  }
  Outcome outcome(std::uint64_t i) const { return decode(code(i)); }
  // The payload as a table file stores it (for a mapped table: every block checked first).
  std::span<const std::uint8_t> bytes() const;
  bool mapped() const { return mapped_ != nullptr; }

  const TierStats& stats() const { return stats_; }

 private:
  const std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
  int width_ = 1;
  std::vector<std::uint8_t> owned_;
  std::shared_ptr<const MappedPayload> mapped_;
  TierStats stats_;
};

}  // namespace zz
