#pragma once
// The solved values of one tier: one code per index (codes.hpp), 1 or 2 bytes per code,
// little-endian. The bytes live in memory (after a solve, or a table decoded into memory),
// are mapped from a format-2 file (each block checked against its checksum the first time
// it is read), or are compressed (a format-3 file: each block decoded into the process's
// block cache when first read). A compressed file may leave slots out: unused slots filled
// with an arbitrary code, and one side to move, whose values follow from their moves. Only
// a reader that knows the game can answer for those, so the table store attaches a
// SlotResolver to every table it opens.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "solver/table/codes.hpp"
#include "solver/table/mapped_payload.hpp"
#include "solver/table/packed_payload.hpp"

namespace zz {

struct TierStats {
  std::uint64_t entries = 0;  // index slots, used or not
  std::uint64_t wins = 0, losses = 0, draws = 0;
  int longest_win = -1, longest_loss = -1;  // remoteness in plies, -1 when none
  // Entries by remoteness: [r] counts the wins (losses) in r plies, up to the longest.
  std::vector<std::uint64_t> wins_by_remoteness, losses_by_remoteness;
  // False for a values-only table: no longest win or loss (-1) and no histograms.
  bool remoteness_known = true;
  std::uint64_t positions() const { return wins + losses + draws; }
  friend bool operator==(const TierStats&, const TierStats&) = default;
};

// Computes its per-tier counts for the table's whole payload (one parallel pass).
TierStats count_stats(std::span<const std::uint8_t> payload, int width);
// The counts of two parts of one table, together.
TierStats combine_stats(TierStats a, const TierStats& b);

// Answers for the slots a compressed table file leaves out.
struct SlotResolver {
  std::function<bool(std::uint64_t)> used;    // the slot stands for a position (the game's unrank)
  std::function<Code(std::uint64_t)> derive;  // the code of a slot not stored: from its moves, 0 if unused
  // The code a used slot stored as 0 stands for (PackedLayout::exits_implied): the value of
  // its exits.
  std::function<Code(std::uint64_t)> implied;
};

class TierTable {
 public:
  TierTable() = default;
  // Packs codes into the narrowest width that holds them.
  explicit TierTable(std::span<const Code> codes);
  // A table read from a file: its payload, the width of its codes, and the counts its
  // header states.
  TierTable(std::vector<std::uint8_t> payload, int width, const TierStats& stats);
  TierTable(std::shared_ptr<const MappedPayload> mapped, int width, const TierStats& stats);
  TierTable(std::shared_ptr<const PackedPayload> packed, const TierStats& stats);

  TierTable(TierTable&&) noexcept = default;
  TierTable& operator=(TierTable&&) noexcept = default;
  TierTable(const TierTable&) = delete;
  TierTable& operator=(const TierTable&) = delete;

  std::uint64_t size() const { return size_; }
  int width() const { return width_; }
  // The code of slot i: kUnusedCode for an unused slot.
  Code code(std::uint64_t i) const {
    if (!data_) return packed_code(i, false);
    if (mapped_) mapped_->check(i * width_);
    const Code c = width_ == 1 ? data_[i] : static_cast<Code>(data_[2 * i] | data_[2 * i + 1] << 8);
    return filled_ && !slot_used(i) ? kUnusedCode : c;
  }
  // The code of a slot known to stand for a position (the rank of one): skips the test for
  // unused slots, which a filled table would ask the game for. The solver's lookups.
  Code code_of_used(std::uint64_t i) const {
    if (!data_) return packed_code(i, true);
    if (mapped_) mapped_->check(i * width_);
    return width_ == 1 ? data_[i] : static_cast<Code>(data_[2 * i] | data_[2 * i + 1] << 8);
  }
  bool used(std::uint64_t i) const { return code(i) != kUnusedCode; }
  // Whether slot i is one the file leaves out (a compressed table storing one side to move):
  // code() asks the resolver to derive it.
  bool left_out(std::uint64_t i) const { return packed_ && !packed_->stores(i); }
  // Whether slot i stands for a position: the game's answer for a table whose unused slots
  // hold arbitrary codes, else whether its code says so.
  bool slot_used(std::uint64_t i) const;
  // Starts reading entry i from disk, for a caller about to read many (MappedPayload::prefetch).
  void prefetch(std::uint64_t i) const {
    if (mapped_) mapped_->prefetch(i * width_);
    if (packed_) packed_->prefetch(i);
  }
  // Starts loading the code of slot i into the cache, for a caller about to read several
  // at random (a table in memory; a compressed one is left alone).
  void prefetch_code(std::uint64_t i) const {
    if (data_) __builtin_prefetch(data_ + i * width_);
  }
  // The outcome a code of this table stands for: a values-only table's wins and losses have
  // no distance (kUnknownRemoteness).
  Outcome outcome_of(Code c) const {
    Outcome o = decode(c);
    if (values_only_ && o.value != Value::Draw) o.remoteness = kUnknownRemoteness;
    return o;
  }
  Outcome outcome(std::uint64_t i) const { return outcome_of(code(i)); }
  // The payload as a format-2 file stores it (for a mapped table: every block checked
  // first). Not for a compressed table: decoded() first.
  std::span<const std::uint8_t> bytes() const;
  bool mapped() const { return mapped_ != nullptr; }
  bool compressed() const { return packed_ != nullptr; }
  // Unused slots hold arbitrary codes (code() asks the resolver; bytes() shows them as stored).
  bool filled() const { return filled_; }
  const PackedPayload* packed() const { return packed_.get(); }
  // Whether some slots can be read only through a resolver (a compressed file left them out).
  bool needs_resolver() const;
  // Whether a used slot may hold code 0 for the value its exits imply (a compressed file's
  // `implied`); code() then asks the resolver, and a decoded table is completed by the store.
  bool exits_implied() const { return exits_implied_; }
  // Whether the codes hold values only (1 draw, 2 loss, 3 win): a win or a loss whose
  // distance to the end is not known (PackedLayout::values_only).
  bool values_only() const { return values_only_; }
  void set_resolver(SlotResolver resolver) { resolver_ = std::move(resolver); }

  // The table with every stored code in memory: a compressed table's blocks decoded (each
  // checked), in parallel. Slots its file left out of the stored range, and implied slots
  // (exits_implied), read as unused until set() fills them and implied_filled() says so (the
  // store's load_decoded); filled unused slots stay as they are (and code() still asks the
  // resolver about them). Any other table is copied.
  TierTable decoded() const;
  // Slots [first, end) that decoded() could not fill: those a compressed file leaves out.
  std::pair<std::uint64_t, std::uint64_t> stored_range() const;
  // Writes the code of slot i of a table held in memory (decoded() then derive the rest).
  void set(std::uint64_t i, Code c) {
    if (width_ == 1) {
      owned_[i] = static_cast<std::uint8_t>(c);
    } else {
      owned_[2 * i] = static_cast<std::uint8_t>(c);
      owned_[2 * i + 1] = static_cast<std::uint8_t>(c >> 8);
    }
  }

  // Every implied slot of a decoded table has been set to its code.
  void implied_filled() { exits_implied_ = false; }

  const TierStats& stats() const { return stats_; }
  // The bytes of codes the table holds in memory of its own (none for a mapped or a
  // compressed table, whose pages the kernel may drop).
  std::uint64_t memory_bytes() const { return owned_.size(); }

 private:
  Code packed_code(std::uint64_t i, bool known_used) const;

  const std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
  int width_ = 1;
  std::vector<std::uint8_t> owned_;
  std::shared_ptr<const MappedPayload> mapped_;
  std::shared_ptr<const PackedPayload> packed_;
  bool filled_ = false;  // unused slots hold arbitrary codes: the resolver tells them
  bool exits_implied_ = false;
  bool values_only_ = false;
  SlotResolver resolver_;
  TierStats stats_;
};

}  // namespace zz
