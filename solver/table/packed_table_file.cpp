#include "solver/table/packed_table_file.hpp"

#include "solver/table/table_file.hpp"

namespace zz {

using namespace table_file_parts;

namespace {

// The header's "axes" (absent in files kept in the index's order): sizes whose product is
// the stored range, and an order that is a permutation of them.
AxisOrder axes_field(const std::filesystem::path& file, const nlohmann::json& axes, std::uint64_t stored) {
  if (!axes.is_object() || !axes.contains("sizes") || !axes.contains("order") || !axes["sizes"].is_array() ||
      !axes["order"].is_array())
    refuse(file, "corrupt header (axes)");
  std::vector<std::uint64_t> sizes;
  std::vector<int> order;
  for (const auto& s : axes["sizes"]) {
    if (!s.is_number_unsigned()) refuse(file, "corrupt header (an axis size)");
    sizes.push_back(s.get<std::uint64_t>());
  }
  for (const auto& a : axes["order"]) {
    if (!a.is_number_unsigned() || a.get<std::uint64_t>() >= sizes.size()) refuse(file, "corrupt header (axis order)");
    order.push_back(static_cast<int>(a.get<std::uint64_t>()));
  }
  try {
    AxisOrder out(std::move(sizes), std::move(order));
    if (out.size() != stored) refuse(file, "corrupt header (the axes do not span the stored slots)");
    return out;
  } catch (const std::invalid_argument& e) {
    refuse(file, std::string("corrupt header (") + e.what() + ")");
  }
}

}  // namespace

namespace {

void write_packed(const std::filesystem::path& file, const TableIdentity& id, const TierStats& stats, int width,
                  const PackedTable& packed) {
  const PackedLayout& l = packed.layout;
  nlohmann::json header = identity_json(id);
  header.update(stats_json(stats));
  header.update({{"format_version", kTableFormatVersion},
                 {"encoding", width == 1 ? "u8" : "u16"},
                 {"program_version", ZUGZWANG_VERSION},
                 {"codec", codec_name(l.codec)},
                 {"block_entries", l.block_entries()},
                 {"stored", {l.first, l.end}},
                 {"unused", l.unused_filled ? "filled" : "kept"},
                 {"implied", l.exits_implied ? "exits" : "none"},
                 {"symbols", l.symbols},
                 {"blocks", l.blocks()},
                 {"dictionary_bytes", l.dictionary_bytes},
                 {"compressed_bytes", l.area_bytes},
                 {"checksum", hex(packed.index_checksum)},
                 {"dictionary_checksum", hex(packed.dictionary_checksum)}});
  if (!l.axes.sizes().empty()) header["axes"] = {{"sizes", l.axes.sizes()}, {"order", l.axes.order()}};
  if (l.values_only) header["remoteness"] = "none";
  if (l.two_bit_symbols) header["symbol_bits"] = 2;
  const std::string prefix = prefix_with(header);
  std::filesystem::create_directories(file.parent_path());
  remove_stale_temporaries(file);
  TempFile out(file);
  out.write(prefix.data(), prefix.size());
  out.write(packed.index.data(), packed.index.size());
  out.write(packed.dictionary.data(), packed.dictionary.size());
  for (const auto& block : packed.blocks) out.write(block.data(), block.size());
  out.commit(file);
}

}  // namespace

CodecSettings write_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& table,
                          const PackOptions& options) {
  const PackedTable packed = pack_table(table, options);
  TierStats stats = table.stats();
  if (options.values_only) {
    // The counts of each value stand; the distances the table held are not in the file.
    stats.longest_win = stats.longest_loss = -1;
    stats.wins_by_remoteness.clear();
    stats.losses_by_remoteness.clear();
    stats.remoteness_known = false;
  }
  write_packed(file, id, stats, packed.layout.width, packed);
  return packed.codec;
}

CodecSettings recode_table(const std::filesystem::path& file, const TableIdentity& id, const TierTable& opened,
                           const PackOptions& options) {
  if (!opened.packed()) throw std::invalid_argument("recode_table needs a compressed table as it was opened");
  const PackedTable packed = recode_packed(*opened.packed(), options);
  write_packed(file, id, opened.stats(), opened.width(), packed);
  return packed.codec;
}

TierTable open_packed_table(const std::filesystem::path& file, const Header& h, int width, std::uint64_t entries) {
  const nlohmann::json& j = h.json;
  if (h.payload_offset % kPayloadAlign != 0) refuse(file, "corrupt header (payload not aligned)");
  // Absent in tables that keep the distance to the end (all but values-only ones).
  bool values_only = false;
  if (j.contains("remoteness")) {
    if (j["remoteness"] != "none") refuse(file, "corrupt header (remoteness is " + j["remoteness"].dump() + ")");
    values_only = true;
  }
  const TierStats stats = header_stats(file, j, entries, !values_only);
  PackedLayout l;
  l.values_only = values_only;
  l.entries = entries;
  l.width = width;
  const nlohmann::json& codec = field(file, j, "codec");
  const auto c = codec.is_string() ? codec_from_name(codec.get<std::string>()) : std::nullopt;
  if (!c) refuse(file, "unknown codec " + codec.dump());
  l.codec = *c;
  const std::uint64_t block_entries = count_field(file, j, "block_entries");
  l.block_shift = 0;
  while (l.block_shift < 30 && (std::uint64_t{1} << l.block_shift) < block_entries) ++l.block_shift;
  if (block_entries < 256 || block_entries > (1u << 24) || (std::uint64_t{1} << l.block_shift) != block_entries)
    refuse(file, "corrupt header (block_entries " + std::to_string(block_entries) + ")");
  const nlohmann::json& stored = field(file, j, "stored");
  if (!stored.is_array() || stored.size() != 2 || !stored[0].is_number_unsigned() || !stored[1].is_number_unsigned())
    refuse(file, "corrupt header (stored is not a range)");
  l.first = stored[0].get<std::uint64_t>();
  l.end = stored[1].get<std::uint64_t>();
  if (l.first > l.end || l.end > entries) refuse(file, "corrupt header (stored range outside the table)");
  const nlohmann::json& unused = field(file, j, "unused");
  if (unused != "filled" && unused != "kept") refuse(file, "corrupt header (unused is " + unused.dump() + ")");
  l.unused_filled = unused == "filled";
  // Absent in files written before slots could be implied.
  if (j.contains("implied")) {
    const nlohmann::json& implied = j["implied"];
    if (implied != "exits" && implied != "none") refuse(file, "corrupt header (implied is " + implied.dump() + ")");
    l.exits_implied = implied == "exits";
  }
  if (j.contains("axes")) l.axes = axes_field(file, j["axes"], l.end - l.first);
  const nlohmann::json& symbols = field(file, j, "symbols");
  if (!symbols.is_array() || symbols.empty() || symbols.size() > 65536) refuse(file, "corrupt header (symbols)");
  for (const auto& s : symbols) {
    if (!s.is_number_unsigned() || s.get<std::uint64_t>() >= (width == 1 ? 256u : 65536u))
      refuse(file, "corrupt header (a symbol is not a code)");
    l.symbols.push_back(static_cast<Code>(s.get<std::uint64_t>()));
  }
  if (j.contains("symbol_bits")) {
    if (j["symbol_bits"] != 2 || l.symbols.size() > 4) refuse(file, "corrupt header (symbol_bits)");
    l.two_bit_symbols = true;
  }
  if (values_only)
    for (const Code c : l.symbols)
      if (c > 3) refuse(file, "corrupt header (a values-only table's symbol " + std::to_string(c) + " holds a distance)");
  if (count_field(file, j, "blocks") != l.blocks()) refuse(file, "corrupt header (blocks)");
  l.dictionary_bytes = count_field(file, j, "dictionary_bytes");
  l.area_bytes = count_field(file, j, "compressed_bytes");
  if (l.dictionary_bytes > (1u << 24) || l.area_bytes > h.file_size) refuse(file, "corrupt header (sizes)");
  if (l.dictionary_bytes > 0 && l.codec != Codec::Zstd) refuse(file, "corrupt header (a dictionary for lzma)");
  const std::uint64_t expected_size = h.payload_offset + l.payload_bytes();
  if (h.file_size < expected_size)
    refuse(file, "truncated (" + std::to_string(h.file_size) + " bytes, expected " + std::to_string(expected_size) + ")");
  if (h.file_size > expected_size) refuse(file, "trailing bytes after the last block");
  const std::uint64_t index_sum = checksum_field(file, j, "checksum");
  const std::uint64_t dictionary_sum = checksum_field(file, j, "dictionary_checksum");
  return TierTable(std::make_shared<const PackedPayload>(file, h.payload_offset, std::move(l), index_sum, dictionary_sum),
                   stats);
}

}  // namespace zz
