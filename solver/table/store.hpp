#pragma once
// The tables of one game and rule variant in a data directory:
//   DIR/<game>/<rules>/<tier>.zzt
// Tables are opened once (mapped, each block checked on first read) and stay open for the
// life of the store; a store may be shared by threads.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "solver/game.hpp"
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

template <Enumerable G>
class TableStore {
 public:
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  TableStore(const G& game, const std::filesystem::path& data_dir)
      : game_(game), dir_(data_dir / std::string(G::name()) / rules_folder(game.table_rules())) {}

  const std::filesystem::path& directory() const { return dir_; }
  std::filesystem::path file(const Tier& t) const { return dir_ / (game_.tier_name(t) + ".zzt"); }
  bool exists(const Tier& t) const { return std::filesystem::exists(file(t)); }

  TableIdentity identity(const Tier& t) const {
    return {std::string(G::name()), game_.table_rules(), game_.tier_name(t), game_.tier_size(t)};
  }

  const TierTable& load(const Tier& t) {
    const std::string name = game_.tier_name(t);
    std::lock_guard lock(mutex_);
    auto it = cache_.find(name);
    if (it != cache_.end()) return *it->second;
    if (!exists(t)) throw TableMissing(file(t), name);
    auto table = std::make_unique<TierTable>(open_table(file(t), identity(t)));
    return *cache_.emplace(name, std::move(table)).first->second;
  }

  // Opens the tier's file again (written by others, e.g. the ranks of a distributed solve);
  // a table it replaces stays valid until the store ends.
  const TierTable& reload(const Tier& t) {
    auto table = std::make_unique<TierTable>(open_table(file(t), identity(t)));
    std::lock_guard lock(mutex_);
    auto& slot = cache_[game_.tier_name(t)];
    if (slot) replaced_.push_back(std::move(slot));
    slot = std::move(table);
    return *slot;
  }

  // Writes the table and keeps it; a table it replaces stays valid until the store ends.
  const TierTable& save(const Tier& t, TierTable table) {
    write_table(file(t), identity(t), table);
    std::lock_guard lock(mutex_);
    auto& slot = cache_[game_.tier_name(t)];
    if (slot) replaced_.push_back(std::move(slot));
    slot = std::make_unique<TierTable>(std::move(table));
    return *slot;
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

  // The value of p for the side to move: its own result if the game is over, else its
  // table's entry (for a transient position, the best of its moves), cut by the move limit.
  Outcome probe(const Position& p) {
    if (auto o = game_.outcome(p)) return *o;
    if constexpr (HasTransients<G>) {
      if (game_.transient(p)) {
        Outcome best = Outcome::loss(0);
        bool any = false;
        game_.for_each_move(p, [&](const auto& m) {
          const Outcome o = from_child(probe(game_.play(p, m)));
          if (!any || better(o, best)) best = o;
          any = true;
        });
        return within_limit(best, game_.plies_left(p));
      }
    }
    const TierTable* table;
    try {
      table = &load(game_.tier_of(p));
    } catch (const TableMissing&) {
      throw;
    } catch (const InputError& e) {
      throw NotCovered(e.what());
    }
    const std::uint64_t index = game_.rank(p);
    if (index >= table->size() || !table->used(index))
      throw NotCovered("position " + game_.format(p) + " is not covered by its table (unreachable index)");
    return within_limit(table->outcome(index), game_.plies_left(p));
  }

 private:
  const G& game_;
  std::filesystem::path dir_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<TierTable>> cache_;
  std::vector<std::unique_ptr<TierTable>> replaced_;
};

}  // namespace zz
