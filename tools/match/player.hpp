#pragma once
// The Tablut player: the game-playing engine (solver/search/engine.hpp) bound to Tablut's
// engine knowledge, the endgame tables of a data directory (probed exactly at every node
// they cover) and the root proof search, plus the game's history for the repetition rule.
// `zugzwang play-server` plays with it; the tuning tool and the tests use it in-process.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "core/tablut/engine/knowledge.hpp"
#include "core/tablut/engine/proof_game.hpp"
#include "core/tablut/engine/table_slot.hpp"
#include "core/tablut/game.hpp"
#include "solver/search/engine.hpp"
#include "solver/search/root_proof.hpp"
#include "solver/search/table_probe.hpp"
#include "solver/table/store.hpp"

namespace zz::match {

// The table a Tablut position may be in (core/tablut/engine/table_slot.hpp).
using TablutSlot = tablut::engine::TableSlot;

using TablutProbe = search::TableProbe<tablut::Tablut, TablutSlot>;
using TablutEngine = search::Engine<tablut::engine::Knowledge, TablutProbe>;

struct PlayerOptions {
  search::EngineConfig engine;
  std::optional<std::filesystem::path> tables;  // no tables: nothing probed
};

class TablutPlayer {
 public:
  using Position = tablut::Position;
  using Move = tablut::Move;

  explicit TablutPlayer(const PlayerOptions& options)
      : store_(game_, options.tables.value_or(std::filesystem::path("/nonexistent-zugzwang-tables"))),
        probe_(game_, store_, TablutSlot{}, TablutSlot::kSlots),
        engine_(knowledge_, probe_, options.engine) {
    if (options.engine.proof_share > 0) {
      // One prover for the whole game: its table (allocated and touched here, before the
      // clock runs) keeps what earlier moves proved.
      DfpnLimits limits;
      limits.table_bits = 18;
      prover_ = std::make_unique<Prover>(proof_game_, probe_, limits);
      const int plies = options.engine.proof_plies;
      engine_.set_prover([this, plies](const Position& root, search::Clock::time_point deadline) {
        DfpnLimits limits;
        limits.deadline = deadline;
        limits.table_bits = 18;
        limits.max_nodes = 20'000'000;
        prover_->set_limits(limits);
        return search::prove_root(*prover_, proof_game_, root, plies);
      });
    }
  }

  // A new game from `start` (its history restarts).
  void new_game() {
    history_.clear();
    last_.reset();
    engine_.new_game();
  }

  // Records a position the game reached (after either side's move), for the repetition rule.
  void observe(const Position& p) {
    if (last_ && *last_ == p) return;
    const auto pieces = [](const Position& q) { return q.white_pawn_count() + q.black_pawn_count() + q.has_king(); };
    if (last_ && pieces(p) < pieces(*last_)) history_.clear();
    history_.push_back(knowledge_.hash(p));
    last_ = p;
  }

  // Chooses a move in p (which it records first), and records the position it leads to.
  search::Decision<Move> choose(const Position& p, const search::ThinkLimits& limits,
                                const TablutEngine::Report& report = {}) {
    observe(p);
    auto d = engine_.think(p, history_, limits, report);
    if (d.move) observe(game_.play(p, *d.move));
    return d;
  }

  const tablut::Tablut& game() const { return game_; }
  const TablutProbe& probe() const { return probe_; }
  // The keys of the positions since the last capture, the latest last.
  const std::vector<std::uint64_t>& history() const { return history_; }

 private:
  tablut::Tablut game_;
  tablut::engine::ProofTablut proof_game_;
  tablut::engine::Knowledge knowledge_;
  TableStore<tablut::Tablut> store_;
  TablutProbe probe_;
  TablutEngine engine_;
  using Prover = DfpnProver<tablut::engine::ProofTablut, TablutProbe>;
  std::unique_ptr<Prover> prover_;
  std::vector<std::uint64_t> history_;
  std::optional<Position> last_;
};

}  // namespace zz::match
