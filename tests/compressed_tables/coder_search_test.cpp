// The writer's choice of LZMA search (PackOptions::cheaper_within): a faster search than the
// options' own is used exactly when, on the sample of blocks, it codes within the allowed
// share of the options' bytes, the cheapest such first; and whatever is chosen, every
// block reads back as the same symbols. The expectation is recomputed here from the
// sample's symbols with the block coder alone.
#include <doctest/doctest.h>

#include <span>

#include "core/chess/game.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/block_codec.hpp"
#include "solver/table/table_packer.hpp"
#include "solved_once.hpp"

namespace {

bool same_settings(const zz::CodecSettings& a, const zz::CodecSettings& b) {
  return a.codec == b.codec && a.level == b.level && a.extreme == b.extreme && a.lc == b.lc && a.lp == b.lp &&
         a.pb == b.pb && a.nice_len == b.nice_len && a.depth == b.depth;
}

// Block b's symbols, decoded from a table packed with one LZMA setting.
std::vector<std::uint8_t> block_symbols(const zz::PackedTable& p, std::uint64_t b) {
  const zz::PackedLayout& l = p.layout;
  const std::uint64_t stored = l.end - l.first;
  const std::uint64_t codes = std::min(l.block_entries(), stored - b * l.block_entries());
  std::vector<std::uint8_t> out(codes * static_cast<std::uint64_t>(l.symbol_bytes()));
  REQUIRE_FALSE(zz::decompress_block(l.codec, p.dictionary, p.blocks[b], out));
  return out;
}

std::uint64_t coded_bytes(const zz::CodecSettings& s, const std::vector<std::vector<std::uint8_t>>& sample) {
  std::uint64_t bytes = 0;
  for (const auto& symbols : sample) bytes += zz::compress_block(s, {}, symbols).size();
  return bytes;
}

const zz::TierTable& kqvkr() {
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KQvKR")};
  return compressed_test::solved_once<zz::chess::Chess>(roots).at("KQvKR");
}

}  // namespace

TEST_CASE("a faster LZMA search is used exactly when its sample codes within the allowed share") {
  const zz::TierTable& table = kqvkr();
  const zz::CodecSettings base{zz::Codec::Lzma, 9, true, -1, 0, 0};
  zz::PackOptions fixed;
  fixed.block_shift = 14;  // about 240 blocks of 16,384 codes: a sample of 8
  fixed.codec = base;
  const zz::PackedTable reference = zz::pack_table(table, fixed);
  const std::uint64_t blocks = reference.layout.blocks();
  const auto at = zz::cheaper_search_sample(blocks);
  REQUIRE(at.size() == (blocks + 31) / 32);
  std::vector<std::vector<std::uint8_t>> sample;
  for (std::uint64_t b : at) sample.push_back(block_symbols(reference, b));
  const std::uint64_t base_bytes = coded_bytes(base, sample);
  REQUIRE(coded_bytes({zz::Codec::Zstd, 19, false}, sample) > base_bytes);  // LZMA's table, not zstd's
  const auto rungs = zz::cheaper_lzma_settings(base);
  REQUIRE(rungs.size() == 4);
  std::vector<double> share;  // of the base's bytes, per rung
  for (const auto& r : rungs) share.push_back(static_cast<double>(coded_bytes(r, sample)) / static_cast<double>(base_bytes));
  MESSAGE("sample bytes against LZMA2 9e's, fastest first: " << share[0] << " " << share[1] << " " << share[2] << " "
                                                              << share[3]);

  int distinct_choices = 0;
  zz::CodecSettings previous{zz::Codec::Zstd, 1, false};
  for (double within : {0.0, 0.001, 0.01, 0.03, 0.1, 10.0}) {
    CAPTURE(within);
    zz::PackOptions o = fixed;
    o.choose_codec = true;
    o.cheaper_within = within;
    const zz::PackedTable packed = zz::pack_table(table, o);
    zz::CodecSettings expected = base;
    for (std::size_t k = 0; within > 0 && k < rungs.size(); ++k)
      if (share[k] <= 1 + within) {
        expected = rungs[k];
        break;
      }
    CHECK(same_settings(packed.codec, expected));
    distinct_choices += !same_settings(packed.codec, previous);
    previous = packed.codec;
    // Other bytes, the same symbols in every block.
    REQUIRE(packed.layout.blocks() == blocks);
    std::uint64_t differ = 0;
    for (std::uint64_t b = 0; b < blocks; ++b) differ += block_symbols(packed, b) != block_symbols(reference, b);
    CHECK(differ == 0);
  }
  // The base with nothing allowed, the fastest search with anything allowed: at least two.
  CHECK(distinct_choices >= 2);
  CHECK(same_settings(previous, rungs[0]));
}

TEST_CASE("the faster searches are those the base does not already use, fastest first") {
  const auto from_9e = zz::cheaper_lzma_settings({zz::Codec::Lzma, 9, true, -1, 0, 0});
  REQUIRE(from_9e.size() == 4);
  CHECK((!from_9e[0].extreme && from_9e[0].nice_len == 16 && from_9e[0].depth == 8));
  CHECK((!from_9e[1].extreme && from_9e[1].nice_len == 32 && from_9e[1].depth == 16));
  CHECK((!from_9e[2].extreme && from_9e[2].nice_len == -1 && from_9e[2].depth == -1));
  CHECK((from_9e[3].extreme && from_9e[3].nice_len == -1 && from_9e[3].depth == 16));
  for (const auto& s : from_9e) CHECK((s.level == 9 && s.lp == 0 && s.pb == 0));  // what a reader needs is unchanged
  // LZMA2 9's own search is not a cheaper one for a base of 9.
  CHECK(zz::cheaper_lzma_settings({zz::Codec::Lzma, 9, false}).size() == 3);
}

TEST_CASE("only tables of 2^25 slots or more may take a faster search, within 3 %") {
  CHECK(zz::default_pack_options(zz::kLargeTableSlots).cheaper_within == doctest::Approx(0.03));
  CHECK(zz::default_pack_options(zz::kLargeTableSlots - 1).cheaper_within == 0);
  // The sample: one block in 32, at least 4, at most one in 8, inside the table, ascending.
  CHECK(zz::cheaper_search_sample(339).size() == 11);
  CHECK(zz::cheaper_search_sample(64).size() == 4);
  CHECK(zz::cheaper_search_sample(16).size() == 2);
  CHECK(zz::cheaper_search_sample(3).size() == 1);
  CHECK(zz::cheaper_search_sample(0).empty());
  for (std::uint64_t blocks : {1, 7, 16, 33, 339, 5000}) {
    const auto at = zz::cheaper_search_sample(blocks);
    for (std::size_t k = 0; k < at.size(); ++k) {
      CHECK(at[k] < blocks);
      if (k > 0) CHECK(at[k] > at[k - 1]);
    }
  }
}

TEST_CASE("a setting's name says what it searches and reads back as the same setting") {
  const zz::CodecSettings base9e = zz::default_pack_options(zz::kLargeTableSlots).codec;
  CHECK(zz::settings_name(base9e) == "lzma9e-lp0-pb0");
  const std::vector<std::string> cheaper = {"lzma9-nice16-depth8-lp0-pb0", "lzma9-nice32-depth16-lp0-pb0",
                                            "lzma9-lp0-pb0", "lzma9e-depth16-lp0-pb0"};
  const auto searches = zz::cheaper_lzma_settings(base9e);
  REQUIRE(searches.size() == cheaper.size());
  for (std::size_t k = 0; k < searches.size(); ++k) CHECK(zz::settings_name(searches[k]) == cheaper[k]);
  CHECK(zz::settings_name({zz::Codec::Zstd, 19, false}) == "zstd19");
  CHECK(zz::settings_name(zz::default_pack_options().codec) == "lzma9");
  std::vector<zz::CodecSettings> all = searches;
  all.insert(all.end(), {base9e, {zz::Codec::Zstd, 19, false}, {zz::Codec::Zstd, 3, false}, {zz::Codec::Lzma, 6, false, 3, 1, 2}});
  for (const auto& s : all) {
    CAPTURE(zz::settings_name(s));
    const auto back = zz::settings_from_name(zz::settings_name(s));
    REQUIRE(back);
    CHECK(same_settings(*back, s));
  }
  for (const std::string bad : {"", "lz", "lzma", "lzma10", "zstd0", "zstd23", "zstd19e", "zstd19-nice16", "lzma9x",
                                "lzma9-nice1", "lzma9-nice274", "lzma9-depth0", "lzma9-depth8-nice16", "lzma9-lc4-lp1",
                                "lzma9-pb5", "lzma9-nice16-", "lzma9--depth8", "lzma99999999", "brotli9"}) {
    CAPTURE(bad);
    CHECK_FALSE(zz::settings_from_name(bad));
  }
}

// A solve under --memory runs only as many block coders at once as its writer's share holds
// (PackOptions::coder_memory): fewer at once must not change a byte, with the coder chosen on
// a sample (LZMA's searches) or given (zstd 19).
TEST_CASE("coders held to a share of memory code the same file") {
  const zz::TierTable& table = kqvkr();
  for (const bool lzma : {true, false}) {
    CAPTURE(lzma);
    zz::PackOptions all_at_once;
    all_at_once.block_shift = 14;
    if (lzma) {
      all_at_once.choose_codec = true;
      all_at_once.cheaper_within = 0.03;
      all_at_once.codec = {zz::Codec::Lzma, 9, true, -1, 0, 0};
    } else {
      all_at_once.codec = {zz::Codec::Zstd, 19, false};
    }
    zz::PackOptions held = all_at_once;
    held.coder_memory = 1;  // less than one coder: one at a time
    const zz::PackedTable a = zz::pack_table(table, all_at_once), b = zz::pack_table(table, held);
    CHECK(same_settings(a.codec, b.codec));
    CHECK(a.index == b.index);
    CHECK(a.blocks == b.blocks);
    CHECK(a.index_checksum == b.index_checksum);
  }
}

// The estimates the writer divides its share by: a 1 M-code block's coders are the dear ones
// (what got K1W3B's writer killed under 64 MiB), a 32 K-code block's cheap.
TEST_CASE("a coder's memory is its context and its output's room") {
  const std::size_t mib = std::size_t{1} << 20;
  const std::uint64_t zstd19 = zz::coder_memory_bytes({zz::Codec::Zstd, 19, false}, mib);
  const std::uint64_t lzma9e = zz::coder_memory_bytes({zz::Codec::Lzma, 9, true, -1, 0, 0}, mib);
  MESSAGE("1 MiB block: zstd 19 " << zstd19 << " bytes, LZMA2 9e " << lzma9e);
  CHECK(zstd19 > 16 * mib);
  CHECK(zstd19 < 24 * mib);
  CHECK(lzma9e > 12 * mib);
  CHECK(lzma9e < 18 * mib);
  CHECK(zz::coder_memory_bytes({zz::Codec::Zstd, 19, false}, 32768) < 2 * mib);
  CHECK(zz::coder_memory_bytes({zz::Codec::Lzma, 9, false}, 32768) < 3 * mib);
}
