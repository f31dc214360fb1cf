#pragma once
// Turns a solved table into the parts of a compressed table file (format 3), making its
// codes compressible before coding them:
//   - one side to move may be left out (when the game says where its slots lie): a reader
//     derives those values from the moves, one ply, as Syzygy's DTZ tables do; the side
//     whose codes compress worse is the one left out;
//   - unused slots may be given whatever code compresses best (the previous slot's): the
//     reader knows them from the game's index;
//   - a slot whose value its exits imply (the best of its moves into other tiers, or the
//     game's own result if it is over) may be stored as code 0: a reader that knows the game
//     values it from those moves, which are few (a capture, a promotion) and lead to smaller
//     tables;
//   - codes are renumbered by frequency, most frequent first, as 1- or 2-byte symbols;
//   - or, for a table of values only, each code cut to its value (win, draw, loss) and
//     stored as a 2-bit symbol, four to a byte;
//   - the stored slots may be kept in another order of the index's axes (axis_order.hpp),
//     the one that codes a sample of blocks smallest;
//   - the stored slots are cut into blocks coded independently (block_codec.hpp).
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "solver/table/block_codec.hpp"
#include "solver/table/packed_payload.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

struct PackOptions {
  CodecSettings codec{Codec::Lzma, 9, false};
  // Code a sample of the blocks (one in 16, at most 64) with LZMA2 9 and zstd 19 and use the
  // coder that made them smaller (chess tables favour LZMA, Tablut's zstd); `codec` is then
  // ignored.
  bool choose_codec = false;
  // With choose_codec and an LZMA `codec`: the cheapest of a few faster LZMA searches
  // (cheaper_lzma_settings) whose sample of blocks codes within this share of `codec`'s
  // bytes on the same sample is used instead, e.g. 0.03 for 3 % (0: always `codec`). The
  // search only changes how hard the coder looks for matches: a reader needs nothing new.
  double cheaper_within = 0;
  int block_shift = 17;  // 131,072 codes: docs/solver-design.md, "Block size"
  // Only for a reader that knows the game (the table store, which sets it): others could
  // not tell unused slots.
  bool fill_unused = false;
  bool remap_by_frequency = true;  // false: symbol = code (to measure what renumbering gains)
  // Slots [0, side_split) hold one side to move and [side_split, entries) the other, and no
  // move stays inside either part: the file then stores only one part.
  std::optional<std::uint64_t> side_split;
  // Only for a reader that knows the game (the table store, which sets it): the code slot i's
  // exits imply (above), kUnusedCode when it has none. A used slot whose code equals it is
  // stored as code 0.
  std::function<Code(std::uint64_t)> exits_value;
  std::size_t zstd_dictionary_bytes = 0;  // zstd only: train a dictionary of at most this size
  // Store each slot's value alone (1 draw, 2 loss, 3 win: no distance to the end) as 2-bit
  // symbols: a strong solution in a fifth of the bytes or less, which no solver can build
  // on and no line can follow. Both sides to move are stored, so side_split must be unset,
  // and exits_value too: a slot is implied only by all_implied.
  bool values_only = false;
  // Every used slot is stored as 0, implied by its exits (PackedLayout::exits_implied): for
  // a tier whose every move leaves it, where the caller vouches that the reader's exits
  // give each slot the value it has (a values-only set: the best of its children's values).
  bool all_implied = false;
  // The axes of the stored slots in the index's order, outermost first (the game's, for one
  // side to move when the table is split): every order of them is tried on a sample of
  // blocks and the slots are stored in the one that codes smallest. Empty, or not spanning
  // the stored slots: the index's order.
  std::vector<std::uint64_t> axes;
  // Bytes the block coders may hold at once (0: no limit): as many coders run in parallel as
  // this holds (coder_memory_bytes each, with their block's symbols), at least one. A solve
  // under --memory gives the writer a share of it: two zstd 19 coders of 1 M-code blocks
  // hold 36 MB, more than K1W3B's compact levels needed beside its cells under a 64 MiB cap.
  // Each block is coded alone, so the file is the same whatever runs at once.
  std::uint64_t coder_memory = 0;
};

struct PackedTable {
  PackedLayout layout;
  std::vector<std::uint8_t> index;       // block offsets and checksums, as stored
  std::vector<std::uint8_t> dictionary;  // empty without one
  std::vector<std::vector<std::uint8_t>> blocks;
  std::uint64_t index_checksum = 0, dictionary_checksum = 0;
  CodecSettings codec;  // what coded the blocks (the file records the codec, not its search)
};

// The LZMA searches choose_codec tries before `base` when PackOptions::cheaper_within is set,
// cheapest first: shorter matches worth stopping at, fewer candidates looked at, no extreme
// mode. Measured on the five-piece chess tables (bench_block_coder, every 64th block), they
// code in 23 %, 37 %, 56 % and 68 % of LZMA2 9e's CPU time.
std::vector<CodecSettings> cheaper_lzma_settings(const CodecSettings& base);

// The blocks those searches are tried on: one in 32, at least 4 but at most one in 8, each in
// the middle of its share of the table. A sample that starts at block 0 misjudged KBPvKP:
// 1.034 of LZMA2 9e's bytes at the fastest search on blocks 0, 64, 128 and 192, 1.062 on all.
std::vector<std::uint64_t> cheaper_search_sample(std::uint64_t blocks);

// `table` holds every code in memory or mapped (not itself compressed).
PackedTable pack_table(const TierTable& table, const PackOptions& options);

// A compressed table coded again from its own symbols: the same stored slots, order, symbol
// table, unused and implied slots, in blocks of 2^options.block_shift codes (at least the
// old blocks': each new block is whole old blocks) with the options' codec. No slot is
// modelled again, so it needs neither the table's codes nor its exits' tables. Each new
// block is decoded again and compared with the old blocks' symbols before it is kept.
PackedTable recode_packed(const PackedPayload& from, const PackOptions& options);

// The block size (a power of two) the writer's choices sample, whatever the file's blocks:
// the side to store, the axis order, where the fill of unused slots restarts. A table packed
// with blocks of at least this size is then the same as one recoded from such blocks.
inline constexpr int kChoiceBlockShift = 17;

// Tables of at least this many slots (every five-piece chess table; no smaller one) get
// large blocks and LZMA's slower search: on the five-piece set they save about 8 % of the
// bytes for a cold probe that decodes 1 M codes instead of 128 K (docs/solver-design.md, "Large tables").
// A faster search is taken where it costs at most 3 % of a table's bytes on a sample
// (PackOptions::cheaper_within).
inline constexpr std::uint64_t kLargeTableSlots = std::uint64_t{1} << 25;

// The options the solver and `zugzwang compress` use by default for a table of `entries`
// slots (docs/solver-design.md says why: measured on the chess and Tablut tables).
PackOptions default_pack_options(std::uint64_t entries = 0);

}  // namespace zz
