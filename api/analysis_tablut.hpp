#pragma once
// Tablut's analysis tools (the members api/analysis_search.hpp lists): the game-playing
// engine for the best moves (solver/search/engine.hpp: principal-variation search with the
// Tablut evaluation, Lazy SMP on the request's threads, multi-PV), Tablut as the provers see
// it (core/tablut/engine/proof_game.hpp: mirror images share a table entry, the rules' quick
// verdicts), and the endgame tables of the session's data directory probed exactly at every
// node they cover, by both.
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "api/analysis_search.hpp"
#include "core/tablut/engine/knowledge.hpp"
#include "core/tablut/engine/proof_game.hpp"
#include "core/tablut/engine/table_slot.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "solver/search/engine.hpp"
#include "solver/search/table_probe.hpp"
#include "solver/table/store.hpp"

namespace zz::api {

class TablutAnalysisTools {
 public:
  using ProofGame = tablut::engine::ProofTablut;
  using Position = tablut::Position;
  using Oracle = search::TableProbe<tablut::Tablut, tablut::engine::TableSlot>;

  TablutAnalysisTools(const tablut::Tablut& game, TableStore<tablut::Tablut>& store)
      : proof_game_(game.rules()), probe_(game, store, tablut::engine::TableSlot{}, tablut::engine::TableSlot::kSlots) {}

  const ProofGame& proof_game() const { return proof_game_; }
  const Oracle& oracle() const { return probe_; }
  int tables_found() const { return probe_.tables_present(); }

  SearchReport search(const Position& p, const SearchSettings& s, const SearchReporter& report) const {
    search::EngineConfig config;
    config.threads = std::max(1, s.threads);
    config.proof_share = 0;  // the analysis proves on a thread of its own
    // A longer analysis fills a larger table: 64 MB up to 10 s, then more, at most 512 MB; a
    // shallow fixed depth needs little (clearing costs more than the search).
    const double seconds = std::chrono::duration<double>(s.deadline - search::Clock::now()).count();
    config.hash_megabytes = s.max_depth ? (*s.max_depth <= 6 ? 4 : *s.max_depth <= 10 ? 16 : 64)
                            : seconds <= 10 ? 64 : seconds <= 60 ? 256 : 512;
    search::Engine<tablut::engine::Knowledge, Oracle> engine(knowledge_, probe_, config);
    search::ThinkLimits limits;
    limits.budget = {search::Clock::now(), s.deadline, s.deadline};  // the whole time: no early stop
    if (s.max_depth) limits.max_depth = std::min(*s.max_depth, limits.max_depth);
    limits.stop = s.stop;
    limits.lines = s.lines;
    const std::uint64_t root_key[] = {knowledge_.hash(p)};  // a return to the root is a repetition
    const auto convert = [](const auto& lines, int depth, int seldepth, std::uint64_t nodes) {
      SearchReport out{depth, seldepth, nodes, {}};
      for (const auto& line : lines) {
        SearchLine l{line.score, {}};
        for (const auto& m : line.pv) l.pv.push_back(tablut::format_move(m));
        out.lines.push_back(std::move(l));
      }
      return out;
    };
    const auto d = engine.analyse(p, root_key, limits, [&](const search::Iteration<tablut::Move>& it) {
      if (report) report(convert(it.lines, it.depth, it.seldepth, it.nodes));
    });
    return convert(d.lines, d.depth, d.seldepth, d.nodes);
  }

 private:
  ProofGame proof_game_;
  tablut::engine::Knowledge knowledge_;
  Oracle probe_;
};

}  // namespace zz::api
