#pragma once
// The solved values of one tier in memory: one code per index.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "solver/table/codes.hpp"

namespace zz {

struct TierStats {
  std::uint64_t entries = 0;  // index slots, used or not
  std::uint64_t wins = 0, losses = 0, draws = 0;
  int longest_win = -1, longest_loss = -1;  // remoteness in plies, -1 when none
  std::uint64_t positions() const { return wins + losses + draws; }
};

class TierTable {
 public:
  TierTable() = default;
  explicit TierTable(std::vector<Code> codes) : codes_(std::move(codes)) {}

  std::uint64_t size() const { return codes_.size(); }
  bool used(std::uint64_t i) const { return codes_[i] != kUnusedCode; }
  Outcome outcome(std::uint64_t i) const { return decode(codes_[i]); }
  std::span<const Code> codes() const { return codes_; }

  TierStats stats() const;

 private:
  std::vector<Code> codes_;
};

}  // namespace zz
