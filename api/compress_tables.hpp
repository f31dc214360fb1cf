#pragma once
// `compress`: rewrites stored tables in another format, one at a time, each atomically
// (written beside the old file and renamed over it), in solving order so that a table's
// sub-tables are at hand when one side to move has to be derived.
#include <chrono>
#include <set>
#include <span>
#include <string>

#include "api/codec_request.hpp"
#include "api/results.hpp"
#include "api/session.hpp"
#include "solver/set_memory.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/store.hpp"

namespace zz::api {

// The solver's settings for the tier, changed as the request asks.
template <Enumerable G>
PackOptions pack_options_for(TableStore<G>& store, const typename G::Tier& t, const CompressRequest& r) {
  PackOptions o = store.pack_options(t);
  if (const auto codec = requested_codec(r.codec, r.level)) {
    o.codec = *codec;
    o.choose_codec = false;
  }
  if (r.block_entries) {
    int shift = 0;
    while (shift < 24 && (std::uint64_t{1} << shift) < *r.block_entries) ++shift;
    if (*r.block_entries < 256 || (std::uint64_t{1} << shift) != *r.block_entries)
      throw InputError("--block-entries " + std::to_string(*r.block_entries) + " is not a power of two from 256 to 16777216");
    o.block_shift = shift;
  }
  // As a solve under --memory (solve_tiers): the writer's coders get a quarter of the budget,
  // beside the decoded tables the rewrite holds (half of it) and the table being written.
  if (r.memory) o.coder_memory = r.memory / 4;
  if (r.keep_unused) o.fill_unused = false;
  if (r.both_sides) o.side_split.reset();
  if (r.smallest) o.cheaper_within = 0;
  if (r.zstd_dictionary) {
    if (o.codec.codec != Codec::Zstd) throw InputError("--dictionary needs --codec zstd");
    o.zstd_dictionary_bytes = r.zstd_dictionary;
  }
  return o;
}

// Whether a format-3 file models its slots as `o` would: unused slots filled, one side to
// move stored, exits implied, the axis order chosen (where the game has axes). Tables
// written by an older packer differ (all5's first 83 five-piece tables had 32,768-code
// blocks and no implied exits: 30 % larger).
inline bool modelled_as(const PackedLayout& l, const PackOptions& o) {
  const bool one_side = l.end - l.first < l.entries;
  const bool splits = o.side_split && *o.side_split > 0 && *o.side_split < l.entries;
  // A writer that would choose an axis order names the axes it chose among.
  const bool ordered = axes_span(o.axes) != l.end - l.first || !l.axes.sizes().empty();
  return l.unused_filled == o.fill_unused && one_side == splits && l.exits_implied == static_cast<bool>(o.exits_value) &&
         ordered;
}

// Whether a format-3 file already has the layout `o` would give it: modelled so, the same
// block size and, when the request names one, the codec. A compress interrupted half way
// rewrites only the rest when run again.
inline bool packed_as(const PackedLayout& l, const PackOptions& o, const CompressRequest& r) {
  return modelled_as(l, o) && l.block_shift == o.block_shift && (!r.codec || o.codec.codec == l.codec);
}

// Whether the file can be coded again from its own symbols (recode_table) instead of packed
// from its decoded table: modelled as today, blocks of at least 2^kChoiceBlockShift codes
// to be joined (never split; smaller blocks restart the fill of unused slots more often
// than a packer would), no zstd dictionary asked for. The result is then byte for byte
// what packing the decoded table would write; a five-piece table so takes minutes of
// coding instead of decoding its closure and generating every slot's exits again.
inline bool recodable(const PackedLayout& l, const PackOptions& o) {
  return modelled_as(l, o) && o.block_shift >= l.block_shift && l.block_shift >= kChoiceBlockShift &&
         o.zstd_dictionary_bytes == 0;
}

// Whether a values-only set stores no value of tier t, every slot implied by its exits: every
// move of t leaves it (a placement tier), and none of the tiers it leaves to is so implied
// (`implied` names those met so far, sub-tables first). A reader then values such a slot one
// ply deep from stored tables: Nine Men's Morris's placement tiers alternate, stored and
// implied, and the set stores the values of 7.4 of the 18.7 G placement slots.
template <Enumerable G>
bool implied_in_values_only(const G& game, const typename G::Tier& t, const std::set<std::string>& implied) {
  if constexpr (HasExitLocality<G>) {
    if (!game.tier_ranker(t).exits_only()) return false;
    for (const auto& d : game.tier_dependencies(t))
      if (implied.count(game.tier_name(d))) return false;
    return true;
  } else {
    (void)game, (void)t, (void)implied;
    return false;
  }
}

// Writes tier t's table, read from `store`, into `to` as a values-only table (unless one is
// there already, without r.force): both sides stored, every slot implied where `all_implied`
// (implied_in_values_only), the codec and block size as the request and the store's
// defaults say.
template <Enumerable G>
void write_values_only(TableStore<G>& store, TableStore<G>& to, const typename G::Tier& t, const CompressRequest& r,
                       bool all_implied, CompressedTable& c) {
  const auto file = to.file(t);
  if (!r.force && std::filesystem::exists(file)) {
    try {
      const TierTable there = open_table(file, to.identity(t));
      if (there.values_only() && there.exits_implied() == all_implied) {
        c.skipped = true;
        c.format_after = kTableFormatVersion;
        c.bytes_after = std::filesystem::file_size(file);
        return;
      }
    } catch (const InputError&) {  // damaged or another kind of table: written again
    }
  }
  PackOptions o = pack_options_for(store, t, r);
  // The writer's block sizes, not a game's own (HasTableBlockShift), which it measured on
  // its full tables: 2-bit symbols shrink more in large blocks (Morris 7-7-2-2's values:
  // 49.1 MB in 1 M-code blocks, 54.1 in 65,536).
  if (!r.block_entries) o.block_shift = default_pack_options(c.entries).block_shift;
  o.values_only = true;
  o.all_implied = all_implied;
  o.side_split.reset();
  o.exits_value = nullptr;
  // An implied table's codes are never read: its file is opened for its counts alone.
  const TierTable& table = all_implied ? store.load(t) : store.load_decoded(t);
  c.coder = settings_name(write_table(file, to.identity(t), table, o));
  c.format_after = kTableFormatVersion;
  c.bytes_after = std::filesystem::file_size(file);
}

// Rewrites the tables of the tiers reached from `roots` whose files differ from what the
// request asks (all of them with r.force), sub-tables first. A large set is read through
// SetMemory as a solve reads it: each table decoded about once, released after its last
// reader, the store's decoded tables kept within half of r.memory (held_bytes_for_memory).
template <Enumerable G>
CompressResult compress_tables(const G& game, TableStore<G>& store, std::span<const typename G::Tier> roots,
                               const CompressRequest& r) {
  if (r.format != 2 && r.format != 3) throw InputError("--format " + std::to_string(r.format) + " (formats: 2, 3)");
  CompressResult result;
  const auto tiers = dependency_order(game, roots);
  for (const auto& t : tiers) (void)pack_options_for(store, t, r);  // bad options refused before any work
  std::optional<TableStore<G>> values_only;
  std::set<std::string> implied;  // tiers the values-only set values from their exits
  if (r.values_only_to) {
    if (r.format != kTableFormatVersion) throw InputError("--values-only writes format 3");
    values_only.emplace(game, *r.values_only_to);
    std::error_code e;
    if (std::filesystem::equivalent(values_only->directory(), store.directory(), e))
      throw InputError("--values-only " + *r.values_only_to + " is the folder read: it would replace the tables with distances");
  }
  SetMemory<G> memory(game, tiers, SolveOptions{}.release_from_slots);
  const std::uint64_t held_bytes = held_bytes_for_memory(r.memory);
  for (std::size_t k = 0; k < tiers.size(); ++k) {
    const auto& t = tiers[k];
    memory.keep_within_budget(store, k, held_bytes);
    const auto start = std::chrono::steady_clock::now();
    CompressedTable c;
    c.tier = game.tier_name(t);
    c.entries = game.tier_size(t);
    const auto file = store.file(t);
    if (!store.exists(t)) {
      c.skipped = true;
      result.tables.push_back(c);
      continue;
    }
    c.bytes_before = std::filesystem::file_size(file);
    // The file itself, not the store's table (a store that decoded it holds no layout).
    const TierTable opened = open_table(file, store.identity(t));
    // With --values-only, the format of the table the values are read from.
    c.format_before = opened.compressed() ? kTableFormatVersion : opened.mapped() ? kUncompressedFormatVersion : 1;
    if (values_only) {
      const bool all_implied = implied_in_values_only(game, t, implied);
      if (all_implied) implied.insert(c.tier);
      write_values_only(store, *values_only, t, r, all_implied, c);
    } else {
      const PackOptions options = pack_options_for(store, t, r);
      const bool packs = r.format == kTableFormatVersion;
      const bool current = c.format_before == r.format && (!packs || packed_as(opened.packed()->layout(), options, r));
      if (current && !r.force) {
        c.skipped = true;
        c.format_after = c.format_before;
        c.bytes_after = c.bytes_before;
      } else {
        if (packs && opened.compressed() && recodable(opened.packed()->layout(), options)) {
          c.coder = settings_name(recode_table(file, store.identity(t), opened, options));
          c.recoded = true;
        } else {
          // In memory, every slot answered: the packer reads them all.
          const TierTable& table = store.load_decoded(t);
          if (packs) c.coder = settings_name(write_table(file, store.identity(t), table, options));
          else write_uncompressed_table(file, store.identity(t), table);
        }
        c.format_after = r.format;
        c.bytes_after = std::filesystem::file_size(file);
      }
    }
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (r.progress) r.progress(c);
    result.tables.push_back(c);
    memory.release_finished(store, k);
  }
  return result;
}

}  // namespace zz::api
