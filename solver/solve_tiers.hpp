#pragma once
// Solves a set of tiers and everything they depend on, in dependency order, reading the
// tables that already exist and storing the new ones.
#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/common/process_cpu.hpp"
#include "solver/distributed/table_writer.hpp"
#include "solver/init_progress.hpp"
#include "solver/retrograde.hpp"
#include "solver/set_memory.hpp"
#include "solver/table/store.hpp"

namespace zz {

struct TierReport {
  std::string tier;
  TierStats stats;
  double seconds = 0;
  double cpu_seconds = 0;  // this process's, all threads (of every rank's own process: its own)
  bool reused = false;  // read from an existing file instead of solved
  std::string coder;    // what coded a compressed table's blocks (settings_name); "" otherwise
};

template <Enumerable G>
std::vector<typename G::Tier> dependency_order(const G& game, std::span<const typename G::Tier> roots) {
  using Tier = typename G::Tier;
  std::vector<Tier> order;
  std::set<std::string> seen;
  auto visit = [&](auto&& self, const Tier& t) -> void {
    if (!seen.insert(game.tier_name(t)).second) return;
    for (const Tier& d : game.tier_dependencies(t)) self(self, d);
    order.push_back(t);
  };
  for (const Tier& r : roots) visit(visit, r);
  return order;
}

// In a distributed job (options.comm with more than one rank) every rank takes part in
// every tier: each solves its slice, the ranks write the one table file together, and each
// then reads it back (mapped) for the tiers that depend on it.
template <Enumerable G>
std::vector<TierReport> solve_tiers(const G& game, std::span<const typename G::Tier> roots, TableStore<G>& store,
                                    const SolveOptions& options, bool rebuild) {
  using Tier = typename G::Tier;
  Communicator* const comm = options.comm && options.comm->size() > 1 ? options.comm : nullptr;
  // Rank 0's view of which tables exist decides for all (a shared file system may lag).
  auto exists = [&](const Tier& t) {
    std::string present = store.exists(t) ? "1" : "0";
    if (comm) comm->broadcast(present, 0);
    return present == "1";
  };
  const std::vector<Tier> order = dependency_order(game, roots);
  // A large set releases each table after its last reader and keeps within a budget.
  SetMemory<G> memory(game, order, options.release_from_slots);
  // The writer codes a table while the solve's other holdings are still there (the table,
  // its decoded sub-tables, the writer's own bit per slot): its coders get a quarter of the
  // budget. Without it, two zstd 19 coders of 1 M-code blocks (36 MB) got K1W3B's compact
  // solve killed under a 64 MiB cap that its levels held.
  store.limit_coder_memory(memory_budget(options) / 4);
  // What the set still has to build, for progress and its estimate of the time left.
  std::vector<bool> build(order.size());
  SolveProgress set;
  for (std::size_t k = 0; k < order.size(); ++k) {
    build[k] = rebuild || !exists(order[k]);
    if (!build[k]) continue;
    ++set.tables;
    set.slots += game.tier_size(order[k]);
  }
  const auto set_start = std::chrono::steady_clock::now();
  const auto since_start = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - set_start).count();
  };
  const bool reports_progress = options.progress && (!comm || comm->rank() == 0);
  SolveOptions tier_options = options;
  if (reports_progress)
    tier_options.progress = [&](const SolveProgress& level) {
      SolveProgress p = set;
      p.tier = level.tier, p.level = level.level, p.decided = level.decided, p.size = level.size;
      p.bytes_sent = level.bytes_sent;
      p.scratch_written = level.scratch_written, p.scratch_read = level.scratch_read;
      p.initializing = level.initializing, p.initialized = level.initialized;
      p.seconds = since_start();
      options.progress(p);
    };
  std::vector<TierReport> reports;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Tier& t = order[k];
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = process_cpu_seconds();
    TierReport report{game.tier_name(t), {}, 0, 0, false, {}};
    const TierTable* table;
    if (!build[k]) {
      table = &store.load(t);
      report.reused = true;
    } else {
      memory.keep_within_budget(store, k, options.held_bytes_budget);
      std::vector<SolvedTier<Tier>> solved;
      // Read at random by the solver: decoded if compressed, into memory or, past half the
      // budget, mapped from a decoded copy. Only the tier's own dependencies stay decoded
      // (what they needed is released).
      const auto needed = game.tier_dependencies(t);  // a vector or a span, by game
      for (std::size_t j = 0; j < needed.size(); ++j) {
        const Tier& d = needed[j];
        if (reports_progress && store.load(d).compressed() && !store.held_decoded(d)) {
          const std::string tier = game.tier_name(t), sub = game.tier_name(d);
          SolveProgress p = set;
          p.tier = tier, p.size = game.tier_size(t), p.seconds = since_start();
          p.decoding = sub, p.dependency = static_cast<int>(j) + 1, p.dependencies = static_cast<int>(needed.size());
          options.progress(p);
        }
        solved.push_back({d, &memory.decode_dependency(store, d, options.held_bytes_budget)});
      }
      const std::span<const SolvedTier<Tier>> dependencies(solved);
      if (comm) {
        RetrogradeSolver<G> solver(game, t, dependencies, tier_options);
        const std::vector<Code> codes = solver.solve_owned();
        // The ranks write the uncompressed table together; rank 0 then compresses it in place.
        write_table(store.file(t), store.identity(t), codes, solver.ownership(), *comm);
        if (comm->rank() == 0 && store.format() == kTableFormatVersion) {
          const TierTable whole = open_table(store.file(t), store.identity(t));
          report.coder = settings_name(write_table(store.file(t), store.identity(t), whole, store.pack_options(t)));
        }
        comm->barrier();
        table = &store.reload(t);
      } else {
        if (options.spool_directory.empty()) tier_options.spool_directory = store.file(t).parent_path();
        // The in-memory solver hands the writer its record of what each slot's exits imply.
        ExitFloors floors;
        TierTable solved_table = solve_tier(game, t, dependencies, tier_options, &floors);
        if (reports_progress && solved_table.size() >= InitProgress::kSmallestReported) {
          // The write of a large table takes minutes (its exits valued again, its blocks coded).
          const std::string tier = game.tier_name(t);
          SolveProgress p = set;
          p.tier = tier, p.size = solved_table.size(), p.seconds = since_start();
          p.writing = true;
          options.progress(p);
        }
        table = &store.save(t, std::move(solved_table), &floors, &report.coder);
        // A later tier reads it: with kept copies, a resumed set maps it instead of decoding.
        if (memory.read_after(k)) store.write_kept_copy_of(t);
      }
      set.finish_table(table->size(), since_start());
      if (reports_progress) {
        SolveProgress p = set;
        p.table_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        p.table_cpu_seconds = process_cpu_seconds() - cpu_start;
        p.tier = report.tier, p.level = -1, p.size = table->size();
        p.decided = table->stats().wins + table->stats().losses;
        p.seconds = set.seconds_done;
        p.table_finished = true;
        p.coder = report.coder;
        options.progress(p);
      }
    }
    report.stats = table->stats();
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report.cpu_seconds = process_cpu_seconds() - cpu_start;
    reports.push_back(report);
    memory.release_finished(store, k);
  }
  return reports;
}

}  // namespace zz

namespace zz {

// Solves into memory only, keyed by tier name (for tests and benchmarks).
template <Enumerable G>
std::map<std::string, TierTable> solve_in_memory(const G& game, std::span<const typename G::Tier> roots,
                                                 const SolveOptions& options = {}) {
  using Tier = typename G::Tier;
  std::map<std::string, TierTable> tables;
  for (const Tier& t : dependency_order(game, roots)) {
    std::vector<SolvedTier<Tier>> solved;
    for (const Tier& d : game.tier_dependencies(t)) solved.push_back({d, &tables.at(game.tier_name(d))});
    tables.emplace(game.tier_name(t), solve_tier(game, t, std::span<const SolvedTier<Tier>>(solved), options));
  }
  return tables;
}

}  // namespace zz
