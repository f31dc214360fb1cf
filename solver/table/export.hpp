#pragma once
// Streams every position of a set of tiers with its value, as one JSON document or as JSON
// lines, without holding the output in memory.
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>

#include <nlohmann/json.hpp>

#include "solver/table/rules_json.hpp"
#include "solver/table/store.hpp"

namespace zz {

enum class ExportFormat { Json, JsonLines };

struct ExportOptions {
  ExportFormat format = ExportFormat::Json;
  std::optional<Value> where;           // only positions of this value
  std::optional<std::uint64_t> limit;   // at most this many positions
};

// Returns the number of positions written. Each position's value is what `query` answers
// for its text.
template <Enumerable G>
std::uint64_t export_tables(const G& game, std::span<const typename G::Tier> tiers, TableStore<G>& store,
                            std::ostream& out, const ExportOptions& options) {
  const bool json = options.format == ExportFormat::Json;
  if (json) {
    out << "{\"game\":" << nlohmann::json(std::string(G::name())).dump()
        << ",\"rules\":" << rules_json(game.rules()).dump() << ",\"positions\":[";
  }
  std::uint64_t written = 0;
  typename G::Position p;
  for (const auto& t : tiers) {
    const TierTable& table = store.load(t);
    const std::string tier = game.tier_name(t);
    for (std::uint64_t i = 0; i < table.size(); ++i) {
      if (options.limit && written >= *options.limit) break;
      if (!table.used(i) || !game.unrank(t, i, p)) continue;
      const Outcome o = store.probe(p);
      if (options.where && o.value != *options.where) continue;
      nlohmann::ordered_json row;
      row["position"] = game.format(p);
      row["tier"] = tier;
      row["value"] = to_string(o.value);
      row["remoteness"] = o.value == Value::Draw ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(o.remoteness);
      if (json && written > 0) out << ',';
      out << row.dump();
      if (!json) out << '\n';
      ++written;
    }
  }
  if (json) out << "],\"count\":" << written << "}\n";
  return written;
}

}  // namespace zz
