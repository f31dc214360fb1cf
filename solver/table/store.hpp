#pragma once
// The tables of one game and rule variant in a data directory:
//   DIR/<game>/<rules>/<tier>.zzt
// Tables are opened once (mapped, each block checked or decoded on first read) and stay open
// for the life of the store; a store may be shared by threads. The store knows the game, so
// it answers for the slots a compressed table leaves out (SlotResolver): unused slots by the
// game's index, one side to move by the values of its moves (move_values.hpp). What it holds
// in memory, by tier name, is its shelf's (table_shelf.hpp).
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "solver/exit_floors.hpp"
#include "solver/game.hpp"
#include "solver/table/move_values.hpp"
#include "solver/table/rules_folder.hpp"
#include "solver/table/table_file.hpp"
#include "solver/table/table_shelf.hpp"

namespace zz {

// A table that has not been built (its file does not exist).
struct TableMissing : InputError {
  TableMissing(const std::filesystem::path& file, std::string tier)
      : InputError("table " + file.string() + ": missing (solve it first)"), tier(std::move(tier)) {}
  std::string tier;
};

// A position no table covers: no tier can hold it (chess with castling rights, more pieces
// than any table), or its index slot is unused.
struct NotCovered : InputError {
  using InputError::InputError;
};

// The folder of a variant's tables: its table rules, or the folder the game names. A game
// defined at run time keeps one folder while its table rules carry a digest of its
// definition, so a table solved from another definition is refused on loading, not missed.
template <Enumerable G>
std::string table_folder(const G& game) {
  if constexpr (requires { { game.table_folder() } -> std::convertible_to<std::string>; })
    return game.table_folder();
  else
    return rules_folder(game.table_rules());
}

template <Enumerable G>
class TableStore {
 public:
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  TableStore(const G& game, const std::filesystem::path& data_dir)
      : game_(game),
        shelf_(data_dir / std::string(game.name()) / table_folder(game), std::string(game.name()), game.table_rules()),
        values_(game_, *this) {}

  const std::filesystem::path& directory() const { return shelf_.directory(); }
  std::filesystem::path file(const Tier& t) const { return shelf_.file(game_.tier_name(t)); }
  bool exists(const Tier& t) const { return std::filesystem::exists(file(t)); }

  TableIdentity identity(const Tier& t) const { return shelf_.identity(game_.tier_name(t), game_.tier_size(t)); }

  const TierTable& load(const Tier& t) {
    const std::string name = game_.tier_name(t);
    return shelf_.find_or_open(name, [&] {
      if (!exists(t)) throw TableMissing(file(t), name);
      auto table = std::make_unique<TierTable>(open_table(file(t), identity(t)));
      attach(t, *table);
      return table;
    });
  }

  // The tier's table with every code in memory, for a solver that reads it at random: a
  // compressed table is decoded and the slots its file leaves out are derived, once; the
  // store keeps the result in its place.
  //
  // Implied and left-out slots are valued from the tables their moves reach, at random:
  // those are decoded first, since through the block cache each miss would decode 131,072
  // codes and derive their own left-out slots one by one (all5 spent half an hour so on one
  // table once a memory budget had released them). With keep_dependencies (a reader that
  // probes the table's moves, as verify does) they stay decoded; the tables they needed in
  // turn are released once they are decoded while the store holds more than its helper
  // budget (keep_helpers_within; none by default; with decoded copies each is set aside as
  // soon as it is decoded, to be read mapped), unless it held them decoded before, so
  // that decoding a table never holds the whole closure of its sub-tables (all5's KPPvKP
  // reached 24 GB decoding its 12 five-piece dependencies and theirs) but, within the
  // budget, does not decode the same helper again for every dependency that needs it. A
  // budget the table's own dependencies fill leaves no room for helpers: KPPvKP's ten
  // decoded dependencies fill 8 GiB, and its decoding still took over 2.5 CPU-hours. Tiers
  // form no cycle, so this never replaces `table`.
  const TierTable& load_decoded(const Tier& t, bool keep_dependencies = true) {
    return decode_table(t, keep_dependencies, true);
  }

  // load_decoded, but the tier's own table decoded from its file even when a kept copy of it
  // exists: `verify` checks what the file says (its sub-tables may come from kept copies).
  const TierTable& load_decoded_from_file(const Tier& t) { return decode_table(t, true, false); }

  // How many tables were mapped from kept copies instead of decoded.
  std::size_t kept_copies_read() const { return shelf_.kept_copies_read(); }
  // How many tables load_decoded has decoded from their compressed files.
  std::size_t decodes() const { return decodes_.load(std::memory_order_relaxed); }

  // With kept copies: writes a table the store holds decoded in memory (one just solved and
  // saved, so the copy is named after its file) to its kept copy, unless it is there. A set
  // built over several processes then maps, after a restart, the tables the next ones read
  // instead of decoding them (valuing their left-out sides: minutes each on five-piece
  // chess). Nothing without kept copies, for a store writing format 2 (it saves what a copy
  // would hold), or for a table not held decoded.
  void write_kept_copy_of(const Tier& t) {
    if (format_ != kUncompressedFormatVersion) shelf_.write_kept_copy_of(game_.tier_name(t));
  }

  // From now on a table set aside (set_aside, the helper budget) is written decoded to a
  // folder of the store's own (DecodedCopies) and mapped from there, not dropped: reading it
  // again costs no decoding. For passes over sets too large for memory (SetMemory).
  void keep_decoded_copies() { shelf_.keep_decoded_copies(); }
  bool keeps_decoded_copies() const { return shelf_.keeps_decoded_copies(); }
  // From now on the decoded copies outlive the process (DecodedCopies::Lifetime::kept): every
  // table decoded from a compressed file is written to DATA/.decoded-kept, and a table whose
  // copy there matches its file is mapped from it instead of decoded (with its closure). A
  // set built or checked in parts, one process each, then decodes each table once. Tables
  // already mapped from this process's own copies stay valid.
  void keep_decoded_across_runs() { shelf_.keep_decoded_across_runs(); }

  // The shelf's memory calls (table_shelf.hpp), by tier or tier name.
  void set_aside(const Tier& t) { shelf_.set_aside(game_.tier_name(t)); }
  void set_aside_named(const std::string& name) { shelf_.set_aside(name); }
  void release(const Tier& t) { shelf_.release(game_.tier_name(t)); }
  void release_named(const std::string& name) { shelf_.release(name); }
  bool held_decoded(const Tier& t) { return shelf_.held_decoded(game_.tier_name(t)); }
  std::uint64_t peak_held_bytes() { return shelf_.peak_held_bytes(); }
  std::uint64_t held_bytes_total() { return shelf_.held_bytes_total(); }
  std::vector<std::pair<std::string, std::uint64_t>> held_memory() { return shelf_.held_memory(); }
  std::size_t tables_held() { return shelf_.tables_held(); }
  // Changes each time a table is kept, replaced or released (MoveValues' thread lists).
  std::uint64_t generation() const { return shelf_.generation(); }

  // How many bytes of decoded helper tables load_decoded may keep (the store's whole held
  // memory, TierTable::memory_bytes); 0, the default, keeps none.
  void keep_helpers_within(std::uint64_t bytes) { helper_budget_ = bytes; }

  // How many bytes the writer's block coders may hold at once (PackOptions::coder_memory;
  // 0, the default, no limit): a solve gives them a share of its memory budget.
  void limit_coder_memory(std::uint64_t bytes) { coder_memory_ = bytes; }

  // The coder save() writes with (nullopt, the default: the writer's choice per table): a
  // solve may ask for a fast one and leave the smallest to a later `compress`.
  void use_codec(std::optional<CodecSettings> codec) { codec_ = codec; }

  // Opens the tier's file again (written by others, e.g. the ranks of a distributed solve);
  // a table it replaces stays valid until the store ends.
  const TierTable& reload(const Tier& t) {
    auto table = std::make_unique<TierTable>(open_table(file(t), identity(t)));
    attach(t, *table);
    return keep(t, std::move(table));
  }

  // Writes the table (compressed, one side to move left out where the game allows it) and
  // keeps it; a table it replaces stays valid until the store ends. `exits`, the solver's
  // record of what each slot's exits imply, spares the writer generating every slot's
  // moves to find the slots they value. `coder`, if given, gets the name of what coded the
  // blocks (settings_name), or "" for an uncompressed table.
  const TierTable& save(const Tier& t, TierTable table, const ExitFloors* exits = nullptr,
                        std::string* coder = nullptr) {
    if (format_ == kUncompressedFormatVersion) {
      write_uncompressed_table(file(t), identity(t), table);
      if (coder) coder->clear();
    } else {
      PackOptions o = pack_options(t);
      if (exits && !exits->empty() && o.exits_value) o.exits_value = exits_from_floors(*exits, table, o.exits_value);
      const CodecSettings coded = write_table(file(t), identity(t), table, o);
      if (coder) *coder = settings_name(coded);
    }
    return keep(t, std::make_unique<TierTable>(std::move(table)));
  }

  // The format save() writes: kTableFormatVersion (compressed, the default) or
  // kUncompressedFormatVersion.
  void set_format(int format) { format_ = format; }
  int format() const { return format_; }

  // How the tier's table is compressed: the defaults, unused slots filled (the store can
  // tell them), the side split the game promises, and, for a game that tells the moves
  // leaving a tier, slots whose exits imply their value stored as 0 (the store reads them
  // from the exits' tables, which must be at hand while the table is written).
  PackOptions pack_options(const Tier& t) {
    PackOptions o = default_pack_options(game_.tier_size(t));
    if constexpr (HasTableBlockShift<G>) o.block_shift = game_.table_block_shift(t);
    o.coder_memory = coder_memory_;
    if (codec_) {
      o.codec = *codec_;
      o.choose_codec = false;
      o.cheaper_within = 0;
    }
    o.fill_unused = true;
    if constexpr (HasSideSplit<G>) o.side_split = game_.side_split(t);
    if constexpr (HasIndexAxes<G>) o.axes = game_.index_axes(t);
    if constexpr (HasInTierTest<G>) {
      bool implied = true;
      if constexpr (ChoosesImpliedExits<G>) implied = game_.implies_exits(t);
      if (implied) o.exits_value = [this, t](std::uint64_t i) { return values_.exits_code(t, i, values_.thread_tables()); };
    }
    return o;
  }

  // Starts reading p's table entry from disk, for a caller about to probe many positions
  // (a query's children): their blocks of a cold file are read together. Never throws: a
  // table that cannot be opened is probe()'s to report.
  void prefetch(const Position& p) {
    if (game_.outcome(p)) return;
    if constexpr (HasTransients<G>) {
      if (game_.transient(p)) return;
    }
    try {
      const TierTable& table = load(game_.tier_of(p));
      const std::uint64_t index = game_.rank(p);
      if (index < table.size()) table.prefetch(index);
    } catch (const std::exception&) {
    }
  }

  // What p's stored value must be, one ply deep: a finished game's result, else the best of
  // its moves by the stored values of their positions (no move limit). verify compares it
  // with the stored value itself.
  Outcome implied_value(const Position& p) { return values_.value_from_moves(p, values_.thread_tables()); }
  // The same with every move played and its child's table and slot found from scratch
  // (tier_of, rank), none of the shortcuts the solver shares (a ranker's exits, a quiet
  // move's index from its parent's): a check of those shortcuts too, at several times the cost.
  Outcome implied_value_from_scratch(const Position& p) {
    return values_.value_from_moves(p, values_.thread_tables(), true);
  }

  // The value of p for the side to move: its own result if the game is over, else its
  // table's entry (for a transient position, the best of its moves), cut by the move limit.
  Outcome probe(const Position& p) {
    if (auto o = game_.outcome(p)) return *o;
    if constexpr (HasTransients<G>) {
      if (game_.transient(p)) {
        BestOfChildren moves;
        game_.for_each_move(p, [&](const auto& m) { moves.take(probe(game_.play(p, m))); });
        return within_limit(moves.best, game_.plies_left(p));
      }
    }
    const TierTable* table;
    Tier tier;
    try {
      tier = game_.tier_of(p);
      table = &values_.table_for(tier, values_.thread_tables());
    } catch (const TableMissing&) {
      throw;
    } catch (const InputError& e) {
      throw NotCovered(e.what());
    }
    const std::uint64_t index = game_.rank(p);
    // A side to move the file leaves out is valued from p's moves here, where p is at hand:
    // the resolver would unrank it again and look for the end of the game a second time.
    if (index < table->size() && table->left_out(index)) {
      if (!table->slot_used(index))
        throw NotCovered("position " + game_.format(p) + " is not covered by its table (unreachable index)");
      return within_limit(values_.value_of_moves(p, tier, *table, values_.thread_tables()), game_.plies_left(p));
    }
    const Code code = index < table->size() ? table->code(index) : kUnusedCode;
    if (code == kUnusedCode)
      throw NotCovered("position " + game_.format(p) + " is not covered by its table (unreachable index)");
    const Outcome o = table->outcome_of(code);
    const std::optional<int> plies_left = game_.plies_left(p);
    if (plies_left && !o.has_remoteness() && o.value != Value::Draw)
      throw InputError("table " + file(tier).string() +
                       " holds values only: a position under a move limit needs the distance to the end");
    return within_limit(o, plies_left);
  }

 private:
  const TierTable& decode_table(const Tier& t, bool keep_dependencies, bool may_map_kept_copy) {
    const TierTable& table = load(t);
    // Every reader of a whole table (the solver, verify, compress, summary) counts or
    // compares distances, which a values-only file does not hold.
    if (table.values_only())
      throw InputError("table " + file(t).string() +
                       " holds values only (no distance to the end): this needs the tables with distances");
    if (!table.compressed()) return table;
    if (may_map_kept_copy)
      if (const TierTable* copy = shelf_.map_kept_copy(game_.tier_name(t), game_.tier_size(t))) return *copy;
    const auto [first, end] = table.stored_range();
    std::vector<Tier> helpers;
    if (table.exits_implied() || first > 0 || end < table.size())
      for (const Tier& d : game_.tier_dependencies(t)) {
        if (!keep_dependencies && !held_decoded(d)) helpers.push_back(d);
        load_decoded(d, false);
        // With decoded copies, as each one comes, not once all are decoded: KNPvKP's helpers
        // (eight promotion tables of 710 M slots) held together passed a 6 GiB cap. (Without
        // copies a helper set aside is dropped, and t's slots would read it block by block.)
        if (keeps_decoded_copies()) release_over_budget(helpers);
      }
    decodes_.fetch_add(1, std::memory_order_relaxed);
    auto decoded = std::make_unique<TierTable>(table.decoded());
    TierTable& d = *decoded;
    keep(t, std::move(decoded));
    if (d.exits_implied()) values_.fill_implied(t, d, first, end);  // before the left-out side reads them
    values_.derive_range(t, d, 0, first);
    values_.derive_range(t, d, end, d.size());
    if (shelf_.keeps_copies_across_runs())
      shelf_.write_kept_copy(shelf_.kept_copy(game_.tier_name(t)), game_.tier_name(t), d);
    release_over_budget(helpers);
    return d;
  }

  // Sets helpers aside (set_aside), the largest first, while the store holds more than the
  // helper budget.
  void release_over_budget(const std::vector<Tier>& helpers) {
    if (helpers.empty()) return;
    std::uint64_t total = held_bytes_total();
    std::vector<std::pair<std::uint64_t, Tier>> by_size;
    for (const Tier& h : helpers) by_size.emplace_back(held_bytes(h), h);
    std::sort(by_size.begin(), by_size.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [bytes, h] : by_size) {
      if (total <= helper_budget_) return;
      if (bytes == 0) continue;  // mapped already (set aside earlier): dropping it frees nothing
      set_aside(h);
      total -= bytes;
    }
  }
  std::uint64_t held_bytes(const Tier& t) { return shelf_.held_bytes(game_.tier_name(t)); }

  const TierTable& keep(const Tier& t, std::unique_ptr<TierTable> table) {
    return shelf_.keep(game_.tier_name(t), std::move(table));
  }

  // PackOptions::exits_value read from the solver's floors; the moves of a slot they do not
  // tell about (a transient child) are generated. Every 4,093rd slot is valued both ways: a
  // difference (a wrong table) stops the write.
  static std::function<Code(std::uint64_t)> exits_from_floors(const ExitFloors& exits, const TierTable& table,
                                                               std::function<Code(std::uint64_t)> from_moves) {
    return [&exits, &table, from_moves = std::move(from_moves)](std::uint64_t i) {
      const std::optional<Code> c = exits.exits_code(i, table.code(i));
      if (!c) return from_moves(i);
      if (i % 4093 == 0 && from_moves(i) != *c)
        throw std::logic_error("slot " + std::to_string(i) + ": the solver's exit floor disagrees with its moves");
      return *c;
    };
  }

  void attach(const Tier& t, TierTable& table) {
    if (table.needs_resolver()) table.set_resolver(values_.resolver(t));
  }

  const G& game_;
  TableShelf shelf_;
  std::atomic<std::size_t> decodes_{0};
  std::uint64_t helper_budget_ = 0;
  std::uint64_t coder_memory_ = 0;
  std::optional<CodecSettings> codec_;
  int format_ = kTableFormatVersion;
  MoveValues<G> values_;
};

}  // namespace zz
