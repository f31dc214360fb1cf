#pragma once
// The payload of a compressed table file (format 3), mapped read-only: the stored slots cut
// into blocks of `block_entries` codes, each block coded on its own (block_codec.hpp) as
// symbols that a small table maps back to codes. A code is read by decoding its block once
// into the process's block cache (block_cache.hpp); each block's checksum is checked before
// it is decoded, so a corrupt block is refused by number and never reaches the decoder.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "solver/table/axis_order.hpp"
#include "solver/table/block_cache.hpp"
#include "solver/table/block_codec.hpp"
#include "solver/table/codes.hpp"
#include "solver/table/mapped_range.hpp"

namespace zz {

// What the header says about the payload.
struct PackedLayout {
  Codec codec = Codec::Lzma;
  std::uint64_t entries = 0;          // slots of the whole table
  std::uint64_t first = 0, end = 0;   // the slots the file stores: [first, end)
  int block_shift = 15;               // a block holds 2^block_shift stored slots
  int width = 1;                      // bytes per decoded code (as format 2 would store it)
  std::vector<Code> symbols;          // symbol s decodes to symbols[s]; at most 65536
  // Symbols of 2 bits, four to a byte, the first in the low bits (at most 4 symbols): a
  // values-only table's. Otherwise 1 byte each, or 2 when there are more than 256.
  bool two_bit_symbols = false;
  // The codes say win, draw or loss only (1 draw, 2 loss, 3 win): no distance to the end.
  bool values_only = false;
  bool unused_filled = false;         // unused slots hold an arbitrary code (the reader asks the game)
  bool exits_implied = false;         // a used slot holding code 0 takes the value its exits imply
  std::uint64_t dictionary_bytes = 0; // zstd dictionary before the blocks (0: none)
  std::uint64_t area_bytes = 0;       // the coded blocks, together
  // The order the stored slots are kept in (axis_order.hpp): slot i at position
  // axes.position(i - first). Without axes the index's own order; a file written by a packer
  // that chose an order names its axes even when it kept the index's.
  AxisOrder axes;

  std::uint64_t block_entries() const { return std::uint64_t{1} << block_shift; }
  std::uint64_t blocks() const { return (end - first + block_entries() - 1) >> block_shift; }
  int symbol_bytes() const { return symbols.size() > 256 ? 2 : 1; }
  // Bytes of n decoded symbols.
  std::uint64_t symbol_area_bytes(std::uint64_t n) const { return two_bit_symbols ? (n + 3) / 4 : n * symbol_bytes(); }
  // Bytes from the payload's start: block offsets (blocks + 1) and block checksums (blocks).
  std::uint64_t index_bytes() const { return 16 * blocks() + 8; }
  std::uint64_t payload_bytes() const { return index_bytes() + dictionary_bytes + area_bytes; }
};

class PackedPayload {
 public:
  // Maps the payload of `file` at `offset`; reads the block index and checks it against
  // `index_checksum` and the layout (offsets ascending, ending at area_bytes). Throws
  // InputError naming the file.
  PackedPayload(const std::filesystem::path& file, std::uint64_t offset, PackedLayout layout,
                std::uint64_t index_checksum, std::uint64_t dictionary_checksum);
  ~PackedPayload();
  PackedPayload(const PackedPayload&) = delete;
  PackedPayload& operator=(const PackedPayload&) = delete;

  const PackedLayout& layout() const { return layout_; }
  bool stores(std::uint64_t i) const { return i >= layout_.first && i < layout_.end; }

  // The stored code of slot i (stores(i) must hold), through the block cache. The cache
  // holds a block's symbols as the codec gives them back (checked to be in range), mapped to
  // codes here: a cold probe then costs the decompression alone.
  Code code(std::uint64_t i) const {
    const std::uint64_t k = layout_.axes.position(i - layout_.first);
    const DecodedBlock& block = cached(k >> layout_.block_shift);
    const std::uint64_t j = k & (layout_.block_entries() - 1);
    return layout_.symbols[symbol_at(block.data(), j)];
  }
  // Block b's symbols, each below the alphabet's size; throws InputError naming the file and
  // the block when it is corrupt.
  DecodedBlock decode_symbols(std::uint64_t b) const;
  // Block b decoded into the codes of a whole table laid out `width` bytes each (a format-2
  // payload): each code at its slot, which for a file stored in another axis order is not
  // one run of slots. Blocks decoded in parallel write disjoint slots.
  void decode_into(std::uint64_t b, std::span<std::uint8_t> table) const;
  std::uint64_t compressed_size(std::uint64_t b) const { return offsets_[b + 1] - offsets_[b]; }
  // Asks the kernel to read the block holding slot i, for a caller about to read many.
  void prefetch(std::uint64_t i) const;

 private:
  const DecodedBlock& cached(std::uint64_t b) const;
  void decompress_checked(std::uint64_t b, std::span<std::uint8_t> symbols) const;
  std::uint64_t block_size(std::uint64_t b) const;  // entries of block b
  // Symbol j of a decoded block.
  std::size_t symbol_at(const std::uint8_t* block, std::uint64_t j) const {
    if (layout_.two_bit_symbols) return block[j >> 2] >> (2 * (j & 3)) & 3;
    return symbol_bytes_ == 1 ? block[j] : (block[2 * j] | std::size_t{block[2 * j + 1]} << 8);
  }

  std::filesystem::path file_;
  PackedLayout layout_;
  std::unique_ptr<MappedRange> map_;
  const std::uint8_t* dictionary_ = nullptr;
  const std::uint8_t* area_ = nullptr;
  std::vector<std::uint64_t> offsets_, sums_;
  std::uint64_t owner_ = BlockCache::new_owner();
  int symbol_bytes_ = 1;
};

}  // namespace zz
