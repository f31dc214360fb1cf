#pragma once
// The tables a store (store.hpp) holds open, by tier name, and their memory: a table kept
// (one it replaces stays valid until the shelf ends), set aside (written to a decoded copy
// and mapped from it, or released), or counted. It names no game, so it is compiled once
// (table_shelf.cpp) for every game's store. Shared by threads: every call takes its lock.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "solver/table/decoded_copies.hpp"
#include "solver/table/table_file.hpp"
#include "solver/table/tier_table.hpp"

namespace zz {

class TableShelf {
 public:
  // The tables of `directory`, each of game `game` under table rules `rules`.
  TableShelf(std::filesystem::path directory, std::string game, RuleValues rules)
      : dir_(std::move(directory)), game_(std::move(game)), rules_(std::move(rules)) {}

  const std::filesystem::path& directory() const { return dir_; }
  std::filesystem::path file(const std::string& name) const { return dir_ / (name + ".zzt"); }
  TableIdentity identity(const std::string& name, std::uint64_t entries) const {
    return {game_, rules_, name, entries};
  }

  // The table kept as `name`, else the one open() gives, kept: open runs under the lock, so
  // that threads asking for the same table at once open it once.
  template <class Open>
  const TierTable& find_or_open(const std::string& name, Open&& open) {
    std::lock_guard lock(mutex_);
    auto it = cache_.find(name);
    if (it != cache_.end()) return *it->second;
    return *cache_.emplace(name, open()).first->second;
  }
  // Keeps `table` as `name`; a table it replaces stays valid until the shelf ends.
  const TierTable& keep(const std::string& name, std::unique_ptr<TierTable> table);
  // Changes each time a table is kept, replaced or released (probing threads' own lists of
  // tables are stale once it has changed).
  std::uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

  // Decoded copies (DecodedCopies): from now on a table set aside is written to a folder of
  // the shelf's own and mapped from there, not dropped.
  void keep_decoded_copies();
  bool keeps_decoded_copies() const { return copies_ != nullptr; }
  // From now on the decoded copies outlive the process (DecodedCopies::Lifetime::kept).
  void keep_decoded_across_runs();
  bool keeps_copies_across_runs() const { return copies_ && copies_->kept(); }

  // The kept copy of a table: named after the table and its file's checksum and size, so
  // that a table written again (another checksum) never reads the copy of the old one.
  // Empty when the file cannot say.
  std::filesystem::path kept_copy(const std::string& name) const;
  // The table `name` (of `entries` slots) mapped from its kept copy, kept; nullptr when
  // there is none. A copy that cannot be opened (cut short, corrupt, another identity) is
  // removed and the table decoded again.
  const TierTable* map_kept_copy(const std::string& name, std::uint64_t entries);
  // Writes a decoded table to its kept copy unless the copy is there already (a table
  // checked again by verify, or set aside after it was decoded).
  void write_kept_copy(const std::filesystem::path& copy, const std::string& name, const TierTable& decoded);
  // The same for the table kept as `name` if it is held decoded in memory (nothing
  // otherwise, or without kept copies).
  void write_kept_copy_of(const std::string& name);
  // How many tables were mapped from kept copies instead of decoded.
  std::size_t kept_copies_read() const { return kept_copies_read_.load(std::memory_order_relaxed); }

  // Frees the memory of a table that may be asked for again: with decoded copies, a table
  // held decoded in memory is written to its copy and mapped from it; otherwise, or for a
  // table held mapped or compressed, it is released. Only between solves, as release.
  void set_aside(const std::string& name);
  // Forgets the table and frees its memory; a later load opens its file again. Only between
  // solves: no thread may be reading it, and no reference to it may be used after.
  void release(const std::string& name);

  // Whether the table is held with every code in memory.
  bool held_decoded(const std::string& name);
  // The bytes of codes held in memory for it (0 if it is not kept).
  std::uint64_t held_bytes(const std::string& name);
  // The most bytes of codes kept in memory at once, counted as each table comes in (tables
  // replaced and still kept valid not counted).
  std::uint64_t peak_held_bytes();
  // The bytes of codes kept in memory, all tables together.
  std::uint64_t held_bytes_total();
  // The tables held open, by tier name, each with the bytes of codes it keeps in memory
  // (TierTable::memory_bytes).
  std::vector<std::pair<std::string, std::uint64_t>> held_memory();
  // How many tables are held open (released ones not counted).
  std::size_t tables_held();

 private:
  std::filesystem::path dir_;
  std::string game_;
  RuleValues rules_;
  std::unique_ptr<DecodedCopies> copies_;  // outlives the tables mapped from it
  std::atomic<std::size_t> kept_copies_read_{0};
  std::mutex mutex_;
  std::uint64_t peak_held_bytes_ = 0;
  std::map<std::string, std::unique_ptr<TierTable>> cache_;
  std::vector<std::unique_ptr<TierTable>> replaced_;
  std::atomic<std::uint64_t> generation_{1};  // tables kept so far (a fresh thread list is 0)
};

}  // namespace zz
