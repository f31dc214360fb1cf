#pragma once
// What a search may ask of solved tables: the exact value of a position, when a table
// covers it. NoOracle knows nothing; TableOracle reads the tables of a data directory and
// remembers which tiers it does not have.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "solver/table/store.hpp"

namespace zz {

struct NoOracle {
  template <class Position>
  std::optional<Outcome> operator()(const Position&) const {
    return std::nullopt;
  }
};

// Thread-safe: searches running in parallel share one oracle.
template <Enumerable G>
class TableOracle {
 public:
  TableOracle(const G& game, const std::filesystem::path& data_dir)
      : game_(game), owned_(std::make_unique<TableStore<G>>(game, data_dir)), store_(*owned_) {}
  // Reads through a store shared with others (it must outlive the oracle).
  TableOracle(const G& game, TableStore<G>& store) : game_(game), store_(store) {}

  std::optional<Outcome> operator()(const typename G::Position& p) const {
    const auto tier = game_.tier_of(p);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const std::string name = game_.tier_name(tier);
      auto known = available_.find(name);
      if (known == available_.end()) known = available_.emplace(name, store_.exists(tier)).first;
      if (!known->second) return std::nullopt;
    }
    return store_.probe(p);
  }

  // Tiers read so far (to report which tables a search used).
  int tables_used() const {
    std::lock_guard<std::mutex> lock(mutex_);
    int n = 0;
    for (const auto& [name, present] : available_) n += present;
    return n;
  }

 private:
  const G& game_;
  std::unique_ptr<TableStore<G>> owned_;
  TableStore<G>& store_;
  mutable std::map<std::string, bool> available_;
  mutable std::mutex mutex_;
};

}  // namespace zz
