#pragma once
// The tables of one game and rule variant in a data directory:
//   DIR/<game>/<rules>/<tier>.zzt
// Tables are opened once (mapped, each block checked or decoded on first read) and stay open
// for the life of the store; a store may be shared by threads. The store knows the game, so
// it answers for the slots a compressed table leaves out (SlotResolver): unused slots by the
// game's index, one side to move by the values of its moves.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "core/common/error.hpp"
#include "solver/exit_floors.hpp"
#include "solver/game.hpp"
#include "solver/table/decoded_copies.hpp"
#include "solver/table/rules_json.hpp"
#include "solver/table/table_file.hpp"

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
      : game_(game), dir_(data_dir / std::string(game.name()) / table_folder(game)) {}

  const std::filesystem::path& directory() const { return dir_; }
  std::filesystem::path file(const Tier& t) const { return dir_ / (game_.tier_name(t) + ".zzt"); }
  bool exists(const Tier& t) const { return std::filesystem::exists(file(t)); }

  TableIdentity identity(const Tier& t) const {
    return {std::string(game_.name()), game_.table_rules(), game_.tier_name(t), game_.tier_size(t)};
  }

  const TierTable& load(const Tier& t) {
    const std::string name = game_.tier_name(t);
    std::lock_guard lock(mutex_);
    auto it = cache_.find(name);
    if (it != cache_.end()) return *it->second;
    if (!exists(t)) throw TableMissing(file(t), name);
    auto table = std::make_unique<TierTable>(open_table(file(t), identity(t)));
    attach(t, *table);
    return *cache_.emplace(name, std::move(table)).first->second;
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

 private:
  const TierTable& decode_table(const Tier& t, bool keep_dependencies, bool may_map_kept_copy) {
    const TierTable& table = load(t);
    if (!table.compressed()) return table;
    if (may_map_kept_copy)
      if (const TierTable* copy = map_kept_copy(t)) return *copy;
    const auto [first, end] = table.stored_range();
    std::vector<Tier> helpers;
    if (table.exits_implied() || first > 0 || end < table.size())
      for (const Tier& d : game_.tier_dependencies(t)) {
        if (!keep_dependencies && !held_decoded(d)) helpers.push_back(d);
        load_decoded(d, false);
        // With decoded copies, as each one comes, not once all are decoded: KNPvKP's helpers
        // (eight promotion tables of 710 M slots) held together passed a 6 GiB cap. (Without
        // copies a helper set aside is dropped, and t's slots would read it block by block.)
        if (copies_) release_over_budget(helpers);
      }
    decodes_.fetch_add(1, std::memory_order_relaxed);
    auto decoded = std::make_unique<TierTable>(table.decoded());
    TierTable& d = *decoded;
    keep(t, std::move(decoded));
    if (d.exits_implied()) fill_implied(t, d, first, end);  // before the left-out side reads them
    derive_range(t, d, 0, first);
    derive_range(t, d, end, d.size());
    if (copies_ && copies_->kept()) write_kept_copy(kept_copy(game_.tier_name(t)), game_.tier_name(t), d);
    release_over_budget(helpers);
    return d;
  }

  // The kept copy of a tier's table: named after the table and its file's checksum and size,
  // so that a table written again (another checksum) never reads the copy of the old one.
  // Empty when the file cannot say.
  std::filesystem::path kept_copy(const std::string& name) const {
    const std::filesystem::path source = dir_ / (name + ".zzt");
    try {
      const nlohmann::json header = read_table_header(source);
      const auto sum = header.find("checksum");
      if (sum == header.end() || !sum->is_string()) return {};
      return copies_->file(name, sum->get<std::string>() + "-" + std::to_string(std::filesystem::file_size(source)));
    } catch (const std::exception&) {
      return {};
    }
  }

  // The tier's table mapped from its kept copy, kept in the store; nullptr when there is
  // none. A copy that cannot be opened (cut short, corrupt, another identity) is removed and
  // the table decoded again.
  const TierTable* map_kept_copy(const Tier& t) {
    if (!copies_ || !copies_->kept()) return nullptr;
    const std::filesystem::path copy = kept_copy(game_.tier_name(t));
    std::error_code ec;
    if (copy.empty() || !std::filesystem::exists(copy, ec)) return nullptr;
    try {
      auto table = std::make_unique<TierTable>(open_table(copy, identity(t)));
      kept_copies_read_.fetch_add(1, std::memory_order_relaxed);
      return &keep(t, std::move(table));
    } catch (const InputError&) {
      std::filesystem::remove(copy, ec);
      return nullptr;
    }
  }

  // Writes a decoded table to its kept copy unless the copy is there already (a table
  // checked again by verify, or set aside after it was decoded).
  void write_kept_copy(const std::filesystem::path& copy, const std::string& name, const TierTable& decoded) {
    std::error_code ec;
    if (copy.empty() || std::filesystem::exists(copy, ec)) return;
    const TableIdentity id{std::string(game_.name()), game_.table_rules(), name, decoded.size()};
    write_uncompressed_table(copy, id, decoded);
  }

 public:
  // How many tables were mapped from kept copies instead of decoded.
  std::size_t kept_copies_read() const { return kept_copies_read_.load(std::memory_order_relaxed); }

  // How many tables load_decoded has decoded from their compressed files.
  std::size_t decodes() const { return decodes_.load(std::memory_order_relaxed); }

  // With kept copies: writes a table the store holds decoded in memory (one just solved and
  // saved, so the copy is named after its file) to its kept copy, unless it is there. A set
  // built over several processes then maps, after a restart, the tables the next ones read
  // instead of decoding them (valuing their left-out sides: minutes each on five-piece
  // chess). Nothing without kept copies, for a store writing format 2, or for a table not
  // held decoded.
  void write_kept_copy_of(const Tier& t) {
    // A store writing format 2 saves what a copy would hold.
    if (!copies_ || !copies_->kept() || format_ == kUncompressedFormatVersion) return;
    const std::string name = game_.tier_name(t);
    const TierTable* held = nullptr;
    {
      std::lock_guard lock(mutex_);
      const auto it = cache_.find(name);
      if (it == cache_.end() || it->second->compressed() || it->second->memory_bytes() == 0) return;
      held = it->second.get();
    }
    write_kept_copy(kept_copy(name), name, *held);
  }

  // From now on a table set aside (set_aside, the helper budget) is written decoded to a
  // folder of the store's own (DecodedCopies) and mapped from there, not dropped: reading it
  // again costs no decoding. For passes over sets too large for memory (SetMemory).
  void keep_decoded_copies() {
    if (!copies_) copies_ = std::make_unique<DecodedCopies>(dir_);
  }
  bool keeps_decoded_copies() const { return copies_ != nullptr; }

  // From now on the decoded copies outlive the process (DecodedCopies::Lifetime::kept): every
  // table decoded from a compressed file is written to DATA/.decoded-kept, and a table whose
  // copy there matches its file is mapped from it instead of decoded (with its closure). A
  // set built or checked in parts, one process each, then decodes each table once. Tables
  // already mapped from this process's own copies stay valid.
  void keep_decoded_across_runs() {
    if (!copies_ || !copies_->kept()) copies_ = std::make_unique<DecodedCopies>(dir_, DecodedCopies::Lifetime::kept);
  }

  // Frees the memory of a table the store may be asked for again: with decoded copies, a
  // table held decoded in memory is written to its copy and mapped from it; otherwise, or
  // for a table held mapped or compressed, it is released. Only between solves, as release.
  void set_aside(const Tier& t) { set_aside_named(game_.tier_name(t)); }
  void set_aside_named(const std::string& name) {
    const TierTable* held = nullptr;
    {
      std::lock_guard lock(mutex_);
      const auto it = cache_.find(name);
      if (it == cache_.end()) return;
      held = it->second.get();
    }
    if (!copies_ || held->memory_bytes() == 0) return release_named(name);
    const TableIdentity id{std::string(game_.name()), game_.table_rules(), name, held->size()};
    std::filesystem::path file = copies_->file(name);
    if (copies_->kept()) {
      file = kept_copy(name);
      if (file.empty()) return release_named(name);  // no file to name it after
      write_kept_copy(file, name, *held);
    } else {
      write_uncompressed_table(file, id, *held);
    }
    auto copy = std::make_unique<TierTable>(open_table(file, id));
    std::lock_guard lock(mutex_);
    cache_[name] = std::move(copy);
    generation_.fetch_add(1, std::memory_order_release);  // threads' lists may point to the old one
  }

  // How many bytes of decoded helper tables load_decoded may keep (the store's whole held
  // memory, TierTable::memory_bytes); 0, the default, keeps none.
  void keep_helpers_within(std::uint64_t bytes) { helper_budget_ = bytes; }

  // Whether the store holds the tier's table with every code in memory.
  bool held_decoded(const Tier& t) {
    std::lock_guard lock(mutex_);
    const auto it = cache_.find(game_.tier_name(t));
    return it != cache_.end() && !it->second->compressed();
  }

  // Opens the tier's file again (written by others, e.g. the ranks of a distributed solve);
  // a table it replaces stays valid until the store ends.
  const TierTable& reload(const Tier& t) {
    auto table = std::make_unique<TierTable>(open_table(file(t), identity(t)));
    attach(t, *table);
    return keep(t, std::move(table));
  }

  // Forgets the tier's table and frees its memory (a table decoded or solved into memory
  // weighs 1-2 bytes per slot); a later load opens its file again. Only between solves:
  // no thread may be reading it, and no reference to it may be used after.
  void release(const Tier& t) { release_named(game_.tier_name(t)); }
  void release_named(const std::string& name) {
    std::lock_guard lock(mutex_);
    cache_.erase(name);
    if (copies_) copies_->remove(name);
    generation_.fetch_add(1, std::memory_order_release);  // threads' lists may point to it
  }

  // The most bytes of codes the store has kept in memory at once, counted as each table
  // comes in (tables it replaced and still keeps valid not counted).
  std::uint64_t peak_held_bytes() {
    std::lock_guard lock(mutex_);
    return peak_held_bytes_;
  }

  // The bytes of codes the store keeps in memory, all tables together.
  std::uint64_t held_bytes_total() {
    std::uint64_t total = 0;
    for (const auto& [name, bytes] : held_memory()) total += bytes;
    return total;
  }

  // The tables the store holds open, by tier name, each with the bytes of codes it keeps in
  // memory (TierTable::memory_bytes).
  std::vector<std::pair<std::string, std::uint64_t>> held_memory() {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<std::string, std::uint64_t>> held;
    for (const auto& [name, table] : cache_) held.emplace_back(name, table->memory_bytes());
    return held;
  }

  // How many tables the store holds open (released ones not counted).
  std::size_t tables_held() {
    std::lock_guard lock(mutex_);
    return cache_.size();
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
    o.fill_unused = true;
    if constexpr (HasSideSplit<G>) o.side_split = game_.side_split(t);
    if constexpr (HasIndexAxes<G>) o.axes = game_.index_axes(t);
    if constexpr (HasInTierTest<G>) {
      bool implied = true;
      if constexpr (ChoosesImpliedExits<G>) implied = game_.implies_exits(t);
      if (implied) o.exits_value = [this, t](std::uint64_t i) { return exits_code(t, i, thread_tables()); };
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
  Outcome implied_value(const Position& p) { return value_from_moves(p, thread_tables()); }
  // The same with every move played and its child's table and slot found from scratch
  // (tier_of, rank), none of the shortcuts the solver shares (a ranker's exits, a quiet
  // move's index from its parent's): a check of those shortcuts too, at several times the cost.
  Outcome implied_value_from_scratch(const Position& p) { return value_from_moves(p, thread_tables(), true); }

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
      table = &table_for(tier, thread_tables());
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
      return within_limit(value_of_moves(p, tier, *table, thread_tables()), game_.plies_left(p));
    }
    const Code code = index < table->size() ? table->code(index) : kUnusedCode;
    if (code == kUnusedCode)
      throw NotCovered("position " + game_.format(p) + " is not covered by its table (unreachable index)");
    return within_limit(decode(code), game_.plies_left(p));
  }

 private:
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
  std::uint64_t held_bytes(const Tier& t) {
    std::lock_guard lock(mutex_);
    const auto it = cache_.find(game_.tier_name(t));
    return it == cache_.end() ? 0 : it->second->memory_bytes();
  }

  const TierTable& keep(const Tier& t, std::unique_ptr<TierTable> table) {
    std::lock_guard lock(mutex_);
    auto& slot = cache_[game_.tier_name(t)];
    if (slot) replaced_.push_back(std::move(slot));
    slot = std::move(table);
    generation_.fetch_add(1, std::memory_order_release);
    std::uint64_t held = 0;
    for (const auto& [name, kept] : cache_) held += kept->memory_bytes();
    peak_held_bytes_ = std::max(peak_held_bytes_, held);
    return *slot;
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

  // Tables of the tiers a position's moves reach, looked up without the store's lock after
  // the first time (a thread's own short list), and the game's rankers of those tiers
  // (HasRankedExits), which find a child's table and index without playing its move.
  using Ranker = typename TierRankerOf<G>::type;
  struct TableList {
    std::vector<std::pair<Tier, const TierTable*>> tables;
    std::vector<std::pair<Tier, std::unique_ptr<Ranker>>> rankers;
    void clear() { tables.clear(); }
  };

  // This thread's list for probes: naming a tier (a string) and taking the store's lock cost
  // more than a probe of a warm table itself. A table replaced since (keep) empties it.
  struct ThreadTables {
    std::uint64_t generation = 0;
    TableList list;
  };
  TableList& thread_tables() {
    ThreadTables& mine = thread_tables_.local();
    const std::uint64_t now = generation_.load(std::memory_order_acquire);
    if (mine.generation != now) {
      mine.list.clear();
      mine.generation = now;
    }
    return mine.list;
  }
  const TierTable& table_for(const Tier& t, TableList& seen) {
    for (const auto& [tier, table] : seen.tables)
      if (tier == t) return *table;
    seen.tables.emplace_back(t, &load(t));
    return *seen.tables.back().second;
  }
  const Ranker& ranker_for(const Tier& t, TableList& seen) {
    for (const auto& [tier, ranker] : seen.rankers)
      if (tier == t) return *ranker;
    seen.rankers.emplace_back(t, std::make_unique<Ranker>(game_.tier_ranker(t)));
    return *seen.rankers.back().second;
  }

  // The value of a child p, with no move limit applied, as its table stores it: a transient
  // position's best move, else its table's code (which, for a slot its compressed file
  // leaves out, is again the best of its moves). A finished game needs no test of its own
  // here: its table holds its result (the solver stores it), which saves generating the
  // child's moves to look for mate.
  Outcome stored_value(const Position& p, TableList& seen) {
    if constexpr (HasTransients<G>) {
      if (game_.transient(p)) return value_from_moves(p, seen);
    }
    return stored_value_in(p, table_for(game_.tier_of(p), seen), seen);
  }
  // The same for a child known not to be transient, in `table`.
  Outcome stored_value_in(const Position& p, const TierTable& table, TableList& seen) {
    const Code c = table.code_of_used(game_.rank(p));
    // A zero is a slot of a table being decoded whose value is not derived yet (a transient
    // position's move can come back to the part being derived): its moves tell.
    if (c == kUnusedCode) return value_from_moves(p, seen);
    return decode(c);
  }

  // The value of p from the rules and its moves alone: a finished game's result, else the
  // best of its moves.
  Outcome value_from_moves(const Position& p, TableList& seen, bool from_scratch = false) {
    if (auto o = game_.outcome(p)) return *o;
    const Tier t = game_.tier_of(p);
    return value_of_moves(p, t, table_for(t, seen), seen, from_scratch);
  }

  // The best of the moves of p (not finished), of tier `tier` whose table is `own`: a move
  // the game promises to keep in the tier (HasInTierTest) reads `own` without asking for
  // its tier; a game's ranker (HasRankedExits) finds the child's slot without playing it.
  // from_scratch: neither shortcut; every move is played and its child's tier and slot found
  // whole (verify --from-scratch checks the shortcuts so).
  Outcome value_of_moves(const Position& p, const Tier& tier, const TierTable& own, TableList& seen,
                         bool from_scratch = false) {
    BestOfChildren moves;
    const auto take = [&](const Outcome& child) { moves.take(child); };
    if constexpr (HasRankedExits<G> && HasInTierTest<G>) {
      if (!from_scratch) {
        const Ranker& ranker = ranker_for(tier, seen);
        const auto children = ranker.in_tier_children(p);
        game_.for_each_move(p, [&](const auto& m) {
          Code c = kUnusedCode;
          int exit;
          std::uint64_t index;
          if (game_.stays_in_tier(p, m)) c = own.code_of_used(children(m));
          else if (ranker.exit_child(p, m, exit, index))
            c = table_for(ranker.exit_tiers()[static_cast<std::size_t>(exit)], seen).code_of_used(index);
          // Anything else (and a slot not derived yet, see stored_value_in) the slow way.
          take(c != kUnusedCode ? decode(c) : stored_value(game_.play(p, m), seen));
        });
        return moves.best;
      }
    }
    game_.for_each_move(p, [&](const auto& m) {
      const Position c = game_.play(p, m);
      bool in_tier = false;
      if constexpr (HasInTierTest<G>) in_tier = !from_scratch && game_.stays_in_tier(p, m);
      take(in_tier ? stored_value_in(c, own, seen) : stored_value(c, seen));
    });
    return moves.best;
  }

  // The value slot i of tier t has from its exits alone: the game's result if it is over,
  // else the best of its moves that leave the tier; kUnusedCode if it has neither (or the
  // slot is unused). Shared by the writer, which stores a slot whose code equals it as 0, and
  // the reader, so both mean the same moves.
  Code exits_code(const Tier& t, std::uint64_t i, TableList& seen) {
    Position p;
    return game_.unrank(t, i, p) ? exits_code_of(p, t, seen) : kUnusedCode;
  }
  Code exits_code_of(const Position& p, const Tier& t, TableList& seen) {
    if (auto o = game_.outcome(p)) return encode(*o);
    BestOfChildren moves;
    const auto take = [&](const Outcome& child) { moves.take(child); };
    // A move the game cannot promise to stay is an exit only if its child is in another
    // tier's table: not a transient position (chess after a double step that allows en
    // passant), whose value would need this very table.
    const auto take_other_tier = [&](const Position& c) {
      if constexpr (HasTransients<G>) {
        if (game_.transient(c)) return;
      }
      if (!(game_.tier_of(c) == t)) take(stored_value(c, seen));
    };
    if constexpr (HasRankedExits<G> && HasInTierTest<G>) {
      const Ranker& ranker = ranker_for(t, seen);
      const auto exit = [&](const auto& m) {
        if (game_.stays_in_tier(p, m)) return;
        int tier;
        std::uint64_t index;
        if (ranker.exit_child(p, m, tier, index)) {
          const Code c = table_for(ranker.exit_tiers()[static_cast<std::size_t>(tier)], seen).code_of_used(index);
          if (c != kUnusedCode) return take(decode(c));
        }
        take_other_tier(game_.play(p, m));
      };
      // The moves that stay are skipped in bulk where the game counts them so (the writer
      // values every slot of a table the compact solver hands it this way).
      if constexpr (HasBulkQuietMoves<G>) game_.for_each_move_counting_quiet(p, [](int) {}, exit);
      else game_.for_each_move(p, exit);
    } else if constexpr (HasInTierTest<G>) {
      game_.for_each_move(p, [&](const auto& m) {
        if (!game_.stays_in_tier(p, m)) take_other_tier(game_.play(p, m));
      });
    }
    return moves.any ? encode(moves.best) : kUnusedCode;
  }

  // The code of slot i (position p) of tier t, stored as 0 for its exits to value.
  Code implied_code(const Position& p, const Tier& t, std::uint64_t i, TableList& seen) {
    const Code c = exits_code_of(p, t, seen);
    if (c == kUnusedCode)
      throw InputError("table " + file(t).string() + ": corrupt data (slot " + std::to_string(i) +
                       " is implied by its exits but has none)");
    return c;
  }

  // Sets the implied slots of [from, to) of the decoded table d of tier t (exits_implied):
  // used slots that decoded as 0. Their exits lead to other tiers only.
  void fill_implied(const Tier& t, TierTable& d, std::uint64_t from, std::uint64_t to) {
    tbb::enumerable_thread_specific<TableList> lists;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(from, to, 4096), [&](const auto& r) {
      TableList& seen = lists.local();
      Position p;
      for (std::uint64_t i = r.begin(); i != r.end(); ++i)
        if (d.code_of_used(i) == kUnusedCode && game_.unrank(t, i, p)) d.set(i, implied_code(p, t, i, seen));
    });
    d.implied_filled();
  }

  // The code of slot i of tier t that its compressed file leaves out (0 if unused).
  Code derive(const Tier& t, std::uint64_t i, TableList& seen) {
    Position p;
    if (!game_.unrank(t, i, p)) return kUnusedCode;
    return encode(value_from_moves(p, seen));
  }

  // Fills slots [from, to) of the decoded table d of tier t, which its file leaves out. Moves
  // from these slots lead into the stored part or to other tiers (HasSideSplit), both read
  // while other threads write this range.
  void derive_range(const Tier& t, TierTable& d, std::uint64_t from, std::uint64_t to) {
    tbb::enumerable_thread_specific<TableList> lists;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(from, to, 4096), [&](const auto& r) {
      TableList& seen = lists.local();
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) d.set(i, derive(t, i, seen));
    });
  }

  void attach(const Tier& t, TierTable& table) {
    if (!table.needs_resolver()) return;
    SlotResolver r;
    r.used = [this, t](std::uint64_t i) {
      Position p;
      return game_.unrank(t, i, p);
    };
    r.derive = [this, t](std::uint64_t i) { return derive(t, i, thread_tables()); };
    r.implied = [this, t](std::uint64_t i) {
      Position p;
      if (!game_.unrank(t, i, p)) return kUnusedCode;
      return implied_code(p, t, i, thread_tables());
    };
    table.set_resolver(std::move(r));
  }

  const G& game_;
  std::filesystem::path dir_;
  std::unique_ptr<DecodedCopies> copies_;  // outlives the tables mapped from it
  std::atomic<std::size_t> decodes_{0};
  std::atomic<std::size_t> kept_copies_read_{0};
  std::mutex mutex_;
  std::uint64_t helper_budget_ = 0;
  std::uint64_t peak_held_bytes_ = 0;
  std::map<std::string, std::unique_ptr<TierTable>> cache_;
  int format_ = kTableFormatVersion;
  std::vector<std::unique_ptr<TierTable>> replaced_;
  std::atomic<std::uint64_t> generation_{1};  // tables kept so far (a fresh thread list is 0)
  tbb::enumerable_thread_specific<ThreadTables> thread_tables_;
};

}  // namespace zz
