#include "solver/table/packed_payload.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/common/error.hpp"
#include "solver/table/checksum.hpp"

namespace zz {
namespace {

std::uint64_t u64_at(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int k = 0; k < 8; ++k) v |= std::uint64_t{p[k]} << (8 * k);
  return v;
}

// The blocks this thread read last, direct-mapped by (table, block): repeated probes of a
// few blocks (a query's children, export's sequential reads, a small table probed at random)
// skip the shared cache's lock and its reference count. Few enough entries that what they
// keep alive beyond the shared cache's bound stays small (16 blocks a thread).
struct RecentBlocks {
  struct Entry {
    std::uint64_t owner = 0, block = 0;
    std::shared_ptr<const DecodedBlock> data;
  };
  std::array<Entry, 16> entries;
  Entry& slot(std::uint64_t owner, std::uint64_t block) {
    return entries[((owner * 0x9e3779b97f4a7c15ull) ^ block) & (entries.size() - 1)];
  }
};
thread_local RecentBlocks recent_blocks;

}  // namespace

PackedPayload::PackedPayload(const std::filesystem::path& file, std::uint64_t offset, PackedLayout layout,
                             std::uint64_t index_checksum, std::uint64_t dictionary_checksum)
    : file_(file), layout_(std::move(layout)) {
  symbol_bytes_ = layout_.symbol_bytes();
  auto refuse = [&](const std::string& why) { throw InputError("table " + file_.string() + ": " + why); };
  map_ = std::make_unique<MappedRange>(file, offset, layout_.payload_bytes());
  const std::uint8_t* payload = map_->data();
  const std::uint64_t blocks = layout_.blocks();
  if (checksum(std::as_bytes(std::span(payload, layout_.index_bytes()))) != index_checksum)
    refuse("checksum mismatch (corrupt block index)");
  offsets_.resize(blocks + 1);
  sums_.resize(blocks);
  for (std::uint64_t b = 0; b <= blocks; ++b) offsets_[b] = u64_at(payload + 8 * b);
  for (std::uint64_t b = 0; b < blocks; ++b) sums_[b] = u64_at(payload + 8 * (blocks + 1) + 8 * b);
  if (offsets_[0] != 0 || offsets_[blocks] != layout_.area_bytes) refuse("corrupt block index (offsets)");
  for (std::uint64_t b = 0; b < blocks; ++b)
    if (offsets_[b + 1] < offsets_[b]) refuse("corrupt block index (offsets)");
  dictionary_ = payload + layout_.index_bytes();
  area_ = dictionary_ + layout_.dictionary_bytes;
  if (checksum(std::as_bytes(std::span(dictionary_, layout_.dictionary_bytes))) != dictionary_checksum)
    refuse("checksum mismatch (corrupt dictionary)");
}

PackedPayload::~PackedPayload() {
  block_cache().forget(owner_);
}

// Decompresses block b into `symbols` (its size: the block's entries times the symbol
// width) and checks that every symbol names a code.
void PackedPayload::decompress_checked(std::uint64_t b, std::span<std::uint8_t> symbols) const {
  auto refuse = [&](const std::string& why) {
    throw InputError("table " + file_.string() + ": " + why + " in block " + std::to_string(b));
  };
  const std::span<const std::uint8_t> coded(area_ + offsets_[b], offsets_[b + 1] - offsets_[b]);
  if (checksum(std::as_bytes(coded)) != sums_[b]) refuse("checksum mismatch (corrupt payload)");
  const std::span<const std::uint8_t> dictionary(dictionary_, layout_.dictionary_bytes);
  if (auto why = decompress_block(layout_.codec, dictionary, coded, symbols)) refuse("corrupt data (" + *why + ")");
  if (layout_.two_bit_symbols) {
    // Every 2-bit symbol names a code, and the bits past the block's last symbol are 0.
    const std::uint64_t n = block_size(b);
    if (layout_.symbols.size() < 4)
      for (std::uint64_t j = 0; j < n; ++j)
        if (symbol_at(symbols.data(), j) >= layout_.symbols.size())
          refuse("corrupt data (symbol " + std::to_string(symbol_at(symbols.data(), j)) + " out of range)");
    if (n % 4 != 0 && symbols.back() >> (2 * (n % 4)) != 0) refuse("corrupt data (bits after the last symbol)");
    return;
  }
  // The largest symbol, in a loop the compiler vectorizes.
  std::size_t largest = 0;
  if (symbol_bytes_ == 1) {
    std::uint8_t m = 0;
    for (const std::uint8_t s : symbols) m = std::max(m, s);
    largest = m;
  } else {
    for (std::size_t j = 0; j + 1 < symbols.size(); j += 2)
      largest = std::max(largest, symbols[j] | std::size_t{symbols[j + 1]} << 8);
  }
  if (largest >= layout_.symbols.size()) refuse("corrupt data (symbol " + std::to_string(largest) + " out of range)");
}

std::uint64_t PackedPayload::block_size(std::uint64_t b) const {
  const std::uint64_t begin = b << layout_.block_shift;
  return std::min(layout_.block_entries(), layout_.end - layout_.first - begin);
}

void PackedPayload::decode_into(std::uint64_t b, std::span<std::uint8_t> table) const {
  const std::uint64_t n = block_size(b);
  thread_local std::vector<std::uint8_t> symbols;
  symbols.resize(layout_.symbol_area_bytes(n));
  decompress_checked(b, symbols);
  // One loop per symbol width, so that the per-slot loop tests none.
  const auto place = [&](auto symbol_of) {
    const int width = layout_.width;
    AxisOrder::Walk walk(layout_.axes, b << layout_.block_shift);
    for (std::uint64_t j = 0; j < n; ++j, walk.next()) {
      const Code c = layout_.symbols[symbol_of(j)];
      const std::uint64_t at = (layout_.first + walk.offset()) * width;
      if (width == 1) {
        table[at] = static_cast<std::uint8_t>(c);
      } else {
        table[at] = static_cast<std::uint8_t>(c);
        table[at + 1] = static_cast<std::uint8_t>(c >> 8);
      }
    }
  };
  const std::uint8_t* s = symbols.data();
  if (layout_.two_bit_symbols) place([s](std::uint64_t j) { return std::size_t{s[j >> 2]} >> (2 * (j & 3)) & 3; });
  else if (symbol_bytes_ == 1) place([s](std::uint64_t j) { return std::size_t{s[j]}; });
  else place([s](std::uint64_t j) { return s[2 * j] | std::size_t{s[2 * j + 1]} << 8; });
}

DecodedBlock PackedPayload::decode_symbols(std::uint64_t b) const {
  DecodedBlock out(layout_.symbol_area_bytes(block_size(b)));
  decompress_checked(b, out);
  return out;
}

const DecodedBlock& PackedPayload::cached(std::uint64_t b) const {
  RecentBlocks::Entry& e = recent_blocks.slot(owner_, b);
  if (e.owner != owner_ || e.block != b || !e.data) {
    e.data = block_cache().get(owner_, b, [this, b] { return decode_symbols(b); });
    e.owner = owner_;
    e.block = b;
  }
  return *e.data;
}

void PackedPayload::prefetch(std::uint64_t i) const {
  if (!stores(i)) return;
  const std::uint64_t b = layout_.axes.position(i - layout_.first) >> layout_.block_shift;
  static const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto first = reinterpret_cast<std::uintptr_t>(area_ + offsets_[b]);
  const auto last = reinterpret_cast<std::uintptr_t>(area_ + offsets_[b + 1]);
  const std::uintptr_t start = first / page * page;
  if (last > start) ::madvise(reinterpret_cast<void*>(start), last - start, MADV_WILLNEED);
}

}  // namespace zz
