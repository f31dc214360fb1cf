#include "solver/table/tier_table.hpp"

#include <algorithm>
#include <stdexcept>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

namespace zz {
namespace {

Code code_at(const std::uint8_t* data, int width, std::uint64_t i) {
  return width == 1 ? data[i] : static_cast<Code>(data[2 * i] | data[2 * i + 1] << 8);
}

}  // namespace

TierStats combine_stats(TierStats a, const TierStats& b) {
  auto merge = [](std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
    if (into.size() < from.size()) into.resize(from.size());
    for (std::size_t r = 0; r < from.size(); ++r) into[r] += from[r];
  };
  a.entries += b.entries;
  a.wins += b.wins;
  a.losses += b.losses;
  a.draws += b.draws;
  a.longest_win = std::max(a.longest_win, b.longest_win);
  a.longest_loss = std::max(a.longest_loss, b.longest_loss);
  merge(a.wins_by_remoteness, b.wins_by_remoteness);
  merge(a.losses_by_remoteness, b.losses_by_remoteness);
  return a;
}

TierStats count_stats(std::span<const std::uint8_t> payload, int width) {
  auto count = [](std::vector<std::uint64_t>& histogram, int r) {
    if (histogram.size() <= static_cast<std::size_t>(r)) histogram.resize(r + 1);
    ++histogram[r];
  };
  const std::uint64_t n = payload.size() / width;
  TierStats s = tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(0, n, 1 << 16), TierStats{},
      [&](const tbb::blocked_range<std::uint64_t>& r, TierStats acc) {
        for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
          const Code c = code_at(payload.data(), width, i);
          if (c == kUnusedCode) continue;
          const Outcome o = decode(c);
          switch (o.value) {
            case Value::Win:
              ++acc.wins;
              acc.longest_win = std::max<int>(acc.longest_win, o.remoteness);
              count(acc.wins_by_remoteness, o.remoteness);
              break;
            case Value::Loss:
              ++acc.losses;
              acc.longest_loss = std::max<int>(acc.longest_loss, o.remoteness);
              count(acc.losses_by_remoteness, o.remoteness);
              break;
            case Value::Draw: ++acc.draws; break;
          }
        }
        return acc;
      },
      combine_stats);
  s.entries = n;
  return s;
}

TierTable::TierTable(std::span<const Code> codes) : size_(codes.size()) {
  const Code widest = codes.empty() ? 0 : *std::max_element(codes.begin(), codes.end());
  width_ = widest < 256 ? 1 : 2;
  owned_.resize(codes.size() * width_);
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, codes.size(), 1 << 16), [&](const auto& r) {
    for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
      owned_[i * width_] = static_cast<std::uint8_t>(codes[i] & 0xFF);
      if (width_ == 2) owned_[i * 2 + 1] = static_cast<std::uint8_t>(codes[i] >> 8);
    }
  });
  data_ = owned_.data();
  stats_ = count_stats(owned_, width_);
}

TierTable::TierTable(std::vector<std::uint8_t> payload, int width, const TierStats& stats)
    : size_(payload.size() / width), width_(width), owned_(std::move(payload)), stats_(stats) {
  data_ = owned_.data();
}

TierTable::TierTable(std::shared_ptr<const MappedPayload> mapped, int width, const TierStats& stats)
    : size_(mapped->bytes().size() / width), width_(width), mapped_(std::move(mapped)), stats_(stats) {
  data_ = mapped_->bytes().data();
}

TierTable::TierTable(std::shared_ptr<const PackedPayload> packed, const TierStats& stats)
    : size_(packed->layout().entries),
      width_(packed->layout().width),
      packed_(std::move(packed)),
      filled_(packed_->layout().unused_filled),
      exits_implied_(packed_->layout().exits_implied),
      values_only_(packed_->layout().values_only),
      stats_(stats) {}

std::span<const std::uint8_t> TierTable::bytes() const {
  if (packed_) throw std::logic_error("bytes() of a compressed table: decode it first");
  if (mapped_) mapped_->check_all();
  return {data_, size_ * width_};
}

bool TierTable::needs_resolver() const {
  return filled_ || exits_implied_ || (packed_ && (packed_->layout().first > 0 || packed_->layout().end < size_));
}

bool TierTable::slot_used(std::uint64_t i) const {
  if (resolver_.used) return resolver_.used(i);
  if (filled_ || exits_implied_ || left_out(i))
    throw std::logic_error("a compressed table's left-out slots read without its game");
  return code(i) != kUnusedCode;
}

Code TierTable::packed_code(std::uint64_t i, bool known_used) const {
  if (!packed_->stores(i)) {
    if (!resolver_.derive) throw std::logic_error("a slot left out of a compressed table read without its game");
    return resolver_.derive(i);
  }
  const Code c = packed_->code(i);
  if (c == kUnusedCode && exits_implied_ && (known_used || slot_used(i))) {
    if (!resolver_.implied) throw std::logic_error("an implied slot of a compressed table read without its game");
    return resolver_.implied(i);
  }
  return filled_ && !known_used && !slot_used(i) ? kUnusedCode : c;
}

std::pair<std::uint64_t, std::uint64_t> TierTable::stored_range() const {
  if (!packed_) return {0, size_};
  return {packed_->layout().first, packed_->layout().end};
}

TierTable TierTable::decoded() const {
  TierTable out;
  out.size_ = size_;
  out.width_ = width_;
  out.filled_ = filled_;
  out.exits_implied_ = exits_implied_;
  out.values_only_ = values_only_;
  out.resolver_ = resolver_;
  out.stats_ = stats_;
  out.owned_.assign(size_ * width_, 0);
  if (packed_) {
    const PackedLayout& l = packed_->layout();
    tbb::parallel_for(std::uint64_t{0}, l.blocks(), [&](std::uint64_t b) { packed_->decode_into(b, out.owned_); });
  } else {
    const auto from = bytes();
    std::copy(from.begin(), from.end(), out.owned_.begin());
  }
  out.data_ = out.owned_.data();
  return out;
}

}  // namespace zz
