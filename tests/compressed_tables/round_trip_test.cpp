// Every code of a compressed table reads back equal to the code the solver computed (what
// format 2 stores), in every game, with one side to move left out where the game allows it,
// with unused slots filled or kept, with LZMA and zstd (with and without a dictionary) and
// several block sizes.
#include "round_trip.hpp"
#include "solved_once.hpp"

#include "core/chess/game.hpp"
#include "core/tablut/game.hpp"
#include "core/taktikl/game.hpp"
#include "core/tatedrez/game.hpp"

using namespace compressed_test;

namespace {

template <class G>
std::vector<typename G::Tier> start_tier(const G& g) {
  return {g.tier_of(g.start())};
}

}  // namespace

TEST_CASE("TateDrez and Tak Tikl tables read back code for code") {
  const zz::tatedrez::TateDrez tatedrez(zz::parse_rules(zz::tatedrez::TateDrez::rule_options(), {}));
  const auto t = start_tier(tatedrez);
  const Summary s1 = round_trip(tatedrez, std::span<const int>(t));
  const zz::taktikl::TakTikl taktikl(zz::parse_rules(zz::taktikl::TakTikl::rule_options(), {}));
  const auto k = start_tier(taktikl);
  const Summary s2 = round_trip(taktikl, std::span<const zz::taktikl::Tier>(k));
  CHECK(s1.tables_with_a_side_left_out + s2.tables_with_a_side_left_out == 0);  // no side split for them
  // TateDrez's 31 tables are mostly tiny: their headers weigh as much as their codes.
  CHECK(s1.compressed_bytes * 2 < s1.uncompressed_bytes);
  CHECK(s2.compressed_bytes * 5 < s2.uncompressed_bytes);
}

TEST_CASE("chess tables read back code for code, one side to move derived from the moves") {
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KQvKR"),
                                                  zz::chess::parse_material("KPvK")};
  const Summary s = round_trip(chess, std::span<const zz::chess::Material>(roots), solved_once<zz::chess::Chess>(roots),
                               [](zz::PackOptions o) { return o; });
  CHECK(s.tables_with_a_side_left_out >= 6);
  CHECK(s.tables_with_implied_slots >= 6);
  // Under one bit per slot, as the goal for the whole 3-4-piece set asks.
  CHECK(s.compressed_bytes * 8 < s.slots);
}

TEST_CASE("chess slots valued by their exits (captures, promotions, the end) make smaller files") {
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KQvKR")};
  const auto& solved = solved_once<zz::chess::Chess>(roots);
  const Summary with = round_trip(chess, std::span<const zz::chess::Material>(roots), solved,
                                  [](zz::PackOptions o) { return o; });
  const Summary without = round_trip(chess, std::span<const zz::chess::Material>(roots), solved, [](zz::PackOptions o) {
    o.exits_value = nullptr;
    return o;
  });
  CHECK(without.tables_with_implied_slots == 0);
  // Measured: KQvKR's set 8 % smaller (docs/solver-design.md); at least 4 % asked here.
  CHECK(with.compressed_bytes * 100 < without.compressed_bytes * 96);
}

TEST_CASE("chess tables stored in the order of their index's axes that codes smallest are smaller") {
  // Each side's half is an array over the king pairs and each group's squares; the writer
  // tries every order of those axes on a sample and keeps the smallest (measured: KBvKB
  // 60 % smaller, KRvKP 18 %, KBNvKP 25 %). Read back code for code, probed, and decoded
  // whole (round_trip).
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KBvKB")};
  const auto& solved = solved_once<zz::chess::Chess>(roots);
  const Summary ordered = round_trip(chess, std::span<const zz::chess::Material>(roots), solved,
                                     [](zz::PackOptions o) { return o; });
  const Summary index_order = round_trip(chess, std::span<const zz::chess::Material>(roots), solved,
                                         [](zz::PackOptions o) {
                                           o.axes.clear();
                                           return o;
                                         });
  CHECK(index_order.tables_in_another_axis_order == 0);
  CHECK(ordered.tables_in_another_axis_order >= 1);
  CHECK(ordered.compressed_bytes * 100 < index_order.compressed_bytes * 80);
}

TEST_CASE("a file that calls a slot implied when its exits say nothing is refused, not misread") {
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KRvK")};
  const auto& solved = solved_once<zz::chess::Chess>(roots);
  TempDir dir;
  {
    zz::TableStore<zz::chess::Chess> writer(chess, dir.path);
    for (const auto& t : zz::dependency_order(chess, std::span<const zz::chess::Material>(roots))) {
      const zz::TierTable& truth = solved.at(chess.tier_name(t));
      zz::PackOptions o = writer.pack_options(t);
      o.side_split.reset();
      // A writer that lies: every used slot "implied".
      o.exits_value = [&truth](std::uint64_t i) { return truth.code(i); };
      zz::write_table(writer.file(t), writer.identity(t), truth, o);
    }
  }
  zz::TableStore<zz::chess::Chess> reader(chess, dir.path);
  // KRvK with White to move, no capture: nothing but quiet moves, so no exit values it.
  const auto p = chess.parse("8/8/8/3k4/8/8/1R6/K7 w - - 0 1");
  CHECK_THROWS_AS(reader.probe(p), zz::InputError);
  std::string why;
  try {
    (void)reader.load_decoded(chess.tier_of(p));
  } catch (const zz::InputError& e) {
    why = e.what();
  }
  CHECK(why.find("implied by its exits but has none") != std::string::npos);
}

TEST_CASE("Tablut tables read back code for code") {
  const zz::tablut::Tablut tablut;
  const auto roots = zz::tablut::parse_material_selection("K1W2B");
  const Summary s = round_trip(tablut, std::span<const zz::tablut::Material>(roots), solved_once<zz::tablut::Tablut>(roots),
                               [](zz::PackOptions o) { return o; });
  CHECK(s.tables_with_a_side_left_out >= 3);
  CHECK(s.compressed_bytes * 40 < s.uncompressed_bytes);
}

TEST_CASE("every codec and modelling option reads back the same codes") {
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KRvK")};
  const auto& solved = solved_once<zz::chess::Chess>(roots);
  struct Variant {
    const char* name;
    zz::PackOptions (*adjust)(zz::PackOptions);
  };
  const Variant variants[] = {
      {"zstd 19", [](zz::PackOptions o) { o.choose_codec = false; o.codec = {zz::Codec::Zstd, 19, false}; return o; }},
      {"zstd 9 with a dictionary", [](zz::PackOptions o) {
         o.choose_codec = false;
         o.codec = {zz::Codec::Zstd, 9, false};
         o.zstd_dictionary_bytes = 16384;
         o.block_shift = 12;
         return o;
       }},
      {"lzma 6, 256-slot blocks", [](zz::PackOptions o) {
         o.choose_codec = false;
         o.codec = {zz::Codec::Lzma, 6, false};
         o.block_shift = 8;
         return o;
       }},
      {"lzma 9 with a shallow match finder (nice 16, depth 8)", [](zz::PackOptions o) {
         o.choose_codec = false;
         o.codec = {zz::Codec::Lzma, 9, false, -1, 0, 0, 16, 8};
         return o;
       }},
      {"unused slots kept", [](zz::PackOptions o) { o.fill_unused = false; return o; }},
      {"no implied slots", [](zz::PackOptions o) { o.exits_value = nullptr; return o; }},
      {"unused slots kept, both sides, implied", [](zz::PackOptions o) {
         o.fill_unused = false;
         o.side_split.reset();
         return o;
       }},
      {"both sides stored", [](zz::PackOptions o) { o.side_split.reset(); return o; }},
      {"one block", [](zz::PackOptions o) { o.block_shift = 24; return o; }},
      {"a large table's defaults: 1 M-code blocks, LZMA's extreme search without position bits",
       [](zz::PackOptions o) {
         const zz::PackOptions large = zz::default_pack_options(zz::kLargeTableSlots);
         o.block_shift = large.block_shift;
         o.codec = large.codec;
         return o;
       }},
      {"index order", [](zz::PackOptions o) { o.axes.clear(); return o; }},
      {"axes that do not span the stored slots: index order", [](zz::PackOptions o) {
         o.axes.push_back(2);
         return o;
       }},
  };
  for (const auto& v : variants) {
    CAPTURE(v.name);
    round_trip(chess, std::span<const zz::chess::Material>(roots), solved, v.adjust);
  }
}

TEST_CASE("tables of 2^25 slots and more get large blocks and LZMA's extreme search; smaller ones keep the defaults") {
  const zz::PackOptions small = zz::default_pack_options(zz::kLargeTableSlots - 1), large = zz::default_pack_options(zz::kLargeTableSlots);
  CHECK(small.block_shift == 17);
  CHECK_FALSE(small.codec.extreme);
  CHECK(large.block_shift == 20);
  CHECK(large.codec.codec == zz::Codec::Lzma);
  CHECK(large.codec.extreme);
  CHECK(large.codec.pb == 0);
  CHECK(large.choose_codec);
  // Every five-piece chess table is large, no smaller one.
  const zz::chess::Chess chess;
  CHECK(chess.tier_size(zz::chess::parse_material("KNNNvK")) >= zz::kLargeTableSlots);
  CHECK(chess.tier_size(zz::chess::parse_material("KRvKP")) < zz::kLargeTableSlots);
}

// The coder is chosen by coding a sample of the blocks several ways; those blocks are kept
// rather than coded again. The file must be what packing with that coder named gives.
TEST_CASE("a coder chosen on a sample writes the blocks it writes when named") {
  const auto check = [](const zz::TierTable& table, int block_shift) {
    // A large table's coder settings (LZMA's extreme search), in smaller blocks: many blocks,
    // a sample of several.
    zz::PackOptions chosen = zz::default_pack_options(zz::kLargeTableSlots);
    chosen.block_shift = block_shift;
    const zz::PackedTable packed = zz::pack_table(table, chosen);
    // The coder and, for LZMA, the search it took (cheaper_within): the file names only the
    // coder, PackedTable::codec the whole setting.
    zz::PackOptions named = chosen;
    named.choose_codec = false;
    named.codec = packed.codec;
    CHECK(packed.codec.codec == packed.layout.codec);
    const zz::PackedTable again = zz::pack_table(table, named);
    CHECK(packed.layout.blocks() >= 32);
    CHECK(packed.blocks == again.blocks);
    CHECK(packed.index == again.index);
    return packed.layout.codec;
  };
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> queen_and_rook = {zz::chess::parse_material("KQvKR")};
  const auto& chess_tables = solved_once<zz::chess::Chess>(queen_and_rook);
  CHECK(check(chess_tables.at("KQvKR"), 14) == zz::Codec::Lzma);
  const zz::tablut::Tablut tablut;
  const auto pawns = zz::tablut::parse_material_selection("K1W2B");
  const auto& tablut_tables = solved_once<zz::tablut::Tablut>(pawns);
  CHECK(check(tablut_tables.at("K1W2B"), 10) == zz::Codec::Zstd);
}

TEST_CASE("the match finder's settings reach LZMA: other bytes, the same block back") {
  // Symbols with long runs and repeats at several distances, as a table's blocks have.
  std::vector<std::uint8_t> block;
  std::uint32_t state = 2026;
  while (block.size() < (1u << 16)) {
    state = state * 1664525u + 1013904223u;
    const std::size_t back = 64u << (state >> 29);
    const std::size_t run = 1 + (state >> 20) % 40;
    for (std::size_t k = 0; k < run; ++k)
      block.push_back(block.size() > back && (state & 1) ? block[block.size() - back] : static_cast<std::uint8_t>(state >> 24 & 7));
  }
  const zz::CodecSettings preset{zz::Codec::Lzma, 9, true, -1, 0, 0};
  zz::CodecSettings shallow = preset;
  shallow.nice_len = 8;
  shallow.depth = 2;
  const auto deep = zz::compress_block(preset, {}, block);
  const auto quick = zz::compress_block(shallow, {}, block);
  CHECK(deep != quick);
  CHECK(deep.size() < quick.size());
  for (const auto* coded : {&deep, &quick}) {
    std::vector<std::uint8_t> back(block.size());
    CHECK_FALSE(zz::decompress_block(zz::Codec::Lzma, {}, *coded, back));
    CHECK(back == block);
  }
}
