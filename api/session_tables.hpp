#pragma once
// TableWork<G>: a session's work on whole tables: solving them, listing, compressing,
// verifying and summarizing them, exporting their rows, and reading a tier's table and
// slots directly (the Python module's NumPy views).
#include <chrono>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <tbb/global_control.h>

#include "api/compress_tables.hpp"
#include "api/raw_counts.hpp"
#include "api/session_answers.hpp"
#include "api/session_core.hpp"
#include "api/table_summary.hpp"
#include "api/verify_tables.hpp"
#include "solver/set_memory.hpp"
#include "solver/solve_tiers.hpp"

namespace zz::api {

template <Game G>
class TableWork {
 public:
  using Position = typename G::Position;

  // Solves on demand for the core (SessionCore::with_tables) as solve() would.
  TableWork(SessionCore<G>& core, const PositionAnswers<G>& answers) : core_(core), answers_(answers) {
    if constexpr (Enumerable<G>) core.on_demand_solver([this](const SolveRequest& r) { solve_locked(r); });
  }
  TableWork(const TableWork&) = delete;
  TableWork& operator=(const TableWork&) = delete;

  SolveReport solve(const SolveRequest& request) {
    if constexpr (Enumerable<G>) {
      std::lock_guard lock(core_.solve_mutex());
      return solve_locked(request);
    } else {
      (void)request;
      throw InputError(core_.name() + " has no retrograde tables");
    }
  }

  TablesResult tables(const std::string& material) {
    if constexpr (Enumerable<G>) {
      const auto order = core_.tiers_of(material);
      TablesResult r{core_.name(), core_.rules(), core_.store().directory().string(), {}};
      for (const auto& t : order) {
        TableInfo info = describe_table(core_.game(), core_.store(), t);
        if (!info.present) info.command = core_.solve_command(core_.info().tables_by_material ? info.tier : "");
        r.tables.push_back(std::move(info));
      }
      return r;
    } else {
      (void)material;
      throw InputError(core_.name() + " has no tables");
    }
  }

  CompressResult compress(const CompressRequest& request) {
    if constexpr (Enumerable<G>) {
      const auto roots = core_.solve_roots(request.material);
      CompressResult r = compress_tables(core_.game(), core_.store(), std::span<const typename G::Tier>(roots), request);
      r.game = core_.name();
      r.rules = core_.rules();
      return r;
    } else {
      (void)request;
      throw InputError(core_.name() + " has no tables");
    }
  }

  VerifyResult verify(const VerifyRequest& request) {
    if constexpr (Enumerable<G>) {
      const auto roots = core_.solve_roots(request.material);
      const std::span<const typename G::Tier> from(roots);
      for (const auto& t : dependency_order(core_.game(), from))
        if (!core_.store().exists(t)) throw core_.missing_table(core_.game().tier_name(t), request.material);
      std::optional<tbb::global_control> threads;
      if (request.threads > 0) threads.emplace(tbb::global_control::max_allowed_parallelism, request.threads);
      const auto words = [this](Outcome o) { return core_.describe(o); };
      const auto as_result = [this](TableSummary s) {
        std::string command = core_.summary_command(core_.info().tables_by_material ? s.tier : "");
        return SummaryResult{core_.name(), core_.rules(), std::move(command), {std::move(s)}};
      };
      return core_.with_tables(
          [&] {
            return VerifyResult{core_.name(), core_.rules(),
                                verify_tables(core_.game(), core_.data_dir(), from, request, words, as_result)};
          },
          request.material);
    } else {
      (void)request;
      throw InputError(core_.name() + " has no tables");
    }
  }

  SummaryResult summary(const SummaryRequest& request) {
    if constexpr (Enumerable<G>) {
      const std::string& material = request.material;
      // One table named: that table (its sub-tables are read, not summarized); a set: all.
      const auto roots = core_.solve_roots(material);
      const auto order = dependency_order(core_.game(), std::span<const typename G::Tier>(roots));
      for (const auto& t : order)
        if (!core_.store().exists(t)) throw core_.missing_table(core_.game().tier_name(t), material);
      const std::vector<typename G::Tier> tiers =
          roots.size() == 1 && !material.empty() ? std::vector<typename G::Tier>(roots.begin(), roots.end())
                                                 : std::vector<typename G::Tier>(order.begin(), order.end());
      SummaryResult r{core_.name(), core_.rules(), core_.summary_command(material), {}};
      const auto words = [this](Outcome o) { return core_.describe(o); };
      return core_.with_tables([&] {
        // A large set is read within the memory a set solve keeps, releasing what it has
        // read (all5 would not fit in memory decoded), as solve_tiers does. Kept decoded
        // copies change what the store is (copies written beside the tables), so such a
        // summary reads through a store of its own, as verify does.
        const SolveOptions limits;
        const std::uint64_t held = request.memory ? held_bytes_for_memory(request.memory) : limits.held_bytes_budget;
        std::optional<TableStore<G>> own;
        if (request.keep_decoded) {
          own.emplace(core_.game(), core_.data_dir());
          own->keep_decoded_across_runs();
        }
        TableStore<G>& reader = own ? *own : core_.store();
        SetMemory<G> memory(core_.game(), tiers, limits.release_from_slots);
        for (std::size_t k = 0; k < tiers.size(); ++k) {
          memory.keep_within_budget(reader, k, held);
          r.tables.push_back(summarize_table(core_.game(), reader, tiers[k], words));
          memory.release_finished(reader, k);
        }
        return r;
      }, material);
    } else {
      (void)request;
      throw InputError(core_.name() + " has no tables");
    }
  }

  std::uint64_t export_rows(const ExportRequest& request, const std::function<void(const ExportRow&)>& row) {
    if constexpr (Enumerable<G>) {
      const auto tiers = core_.tiers_of(request.material);
      return core_.with_tables([&] {
        for (const auto& t : tiers) core_.store().load(t);  // refuse before writing anything
        std::uint64_t written = 0;
        Position p;
        for (const auto& t : tiers) {
          const TierTable& table = core_.store().load(t);
          const std::string tier = core_.game().tier_name(t);
          for (std::uint64_t i = 0; i < table.size(); ++i) {
            if (request.limit && written >= *request.limit) return written;
            if (!core_.game().unrank(t, i, p)) continue;  // an unused slot (the Enumerable contract)
            const Outcome o = core_.store().probe(p);
            if (request.where && o.value != *request.where) continue;
            row({core_.game().format(p), tier, o});
            ++written;
          }
        }
        return written;
      }, request.material);
    } else {
      (void)request;
      (void)row;
      throw InputError(core_.name() + " has no tables to export");
    }
  }

  std::vector<std::string> tier_names(const std::string& material) {
    if constexpr (Enumerable<G>) {
      std::vector<std::string> names;
      for (const auto& t : core_.tiers_of(material))
        names.push_back(core_.game().tier_name(t));
      return names;
    } else {
      (void)material;
      throw InputError(core_.name() + " has no tables");
    }
  }

  const TierTable& table(const std::string& tier) {
    if constexpr (Enumerable<G>) {
      const auto t = core_.tier_named(tier);
      return core_.with_tables([&]() -> const TierTable& { return core_.store().load(t); }, tier);
    } else {
      throw InputError(core_.name() + " has no tables");
    }
  }

  std::string position_at(const std::string& tier, std::uint64_t index) {
    if constexpr (Enumerable<G>) {
      const auto t = core_.tier_named(tier);
      const std::uint64_t size = core_.game().tier_size(t);
      if (index >= size)
        throw InputError("index " + std::to_string(index) + " is beyond tier " + tier + " (" + std::to_string(size) +
                         " entries)");
      Position p;
      if (!core_.game().unrank(t, index, p))
        throw InputError("index " + std::to_string(index) + " of tier " + tier + " is an unused slot");
      return core_.game().format(p);
    } else {
      (void)index;
      throw InputError(core_.name() + " has no tables");
    }
  }

  std::pair<std::string, std::uint64_t> index_of(const std::string& text) {
    if constexpr (Enumerable<G>) {
      const Position p = core_.table_view(core_.parse_position(text));
      return {core_.game().tier_name(core_.game().tier_of(p)), core_.game().rank(p)};
    } else {
      core_.parse_position(text);
      throw InputError(core_.name() + " has no tables");
    }
  }

 private:
  SolveReport solve_locked(const SolveRequest& request) {
    std::optional<tbb::global_control> threads;
    if (request.threads > 0) threads.emplace(tbb::global_control::max_allowed_parallelism, request.threads);
    const auto roots = core_.solve_roots(request.material);
    const auto order = dependency_order(core_.game(), std::span<const typename G::Tier>(roots));
    SolveOptions options;
    options.progress = request.progress;
    options.stop = request.stop;
    options.comm = request.comm;
    options.state = parse_working_state(request.working_state);
    if (options.state == WorkingState::compact && request.comm && request.comm->size() > 1)
      throw InputError("--working-state compact: a distributed solve keeps the in-memory state on every rank "
                       "(docs/large-tables.md, section 6)");
    options.memory_budget = request.memory;
    options.checkpoint_seconds = request.checkpoint_seconds;
    options.held_bytes_budget = held_bytes_for_memory(request.memory);
    if (request.keep_decoded) core_.store().keep_decoded_across_runs();
    const auto started = std::chrono::steady_clock::now();
    if (request.table_format != 2 && request.table_format != kTableFormatVersion)
      throw InputError("--table-format " + std::to_string(request.table_format) + " (formats: 2, 3)");
    core_.store().set_format(request.table_format);
    // The coder asked for, for this solve only (a later compress of the session chooses anew).
    core_.store().use_codec(requested_codec(request.codec, request.level));
    struct CodecReset {
      TableStore<G>& store;
      ~CodecReset() { store.use_codec(std::nullopt); }
    } codec_reset{core_.store()};
    // A set too large for memory (SolveOptions::release_from_slots) releases its tables as it
    // goes; queries of this session on other threads must wait for such a solve to end.
    const auto reports = solve_tiers_checked(std::span<const typename G::Tier>(roots), options, request.rebuild);
    SolveReport r;
    r.game = core_.name();
    r.rules = core_.rules();
    r.command = request.command;
    r.directory = core_.store().directory().string();
    for (const auto& t : reports) {
      r.tiers.push_back({t.tier, t.stats, t.seconds, t.cpu_seconds, t.reused, std::nullopt});
      r.total.wins += t.stats.wins;
      r.total.losses += t.stats.losses;
      r.total.draws += t.stats.draws;
      r.total.entries += t.stats.entries;
    }
    if constexpr (requires(const Position& q) { core_.game().orbit_size(q); })
      if (request.summary)
        add_raw_counts(core_.game(), core_.store(), order, r, request.comm,
                       [this](Outcome o) { return core_.describe(o); });
    if (request.material.empty() && request.summary) {
      r.start = answers_.query_position(core_.game().start());
      for (const LineStep& s : answers_.line_from(core_.game().start())) {
        r.start_line.push_back(s.move);
        if constexpr (HasMoveNames<G>) r.start_line_names.push_back(s.name);
      }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
  }

  // A built-in game's remoteness never passes what a table code holds (a bug if it did: the
  // solver's logic_error). A game defined at run time may (a forced win along a line of a
  // million states): that is its author's input, refused in the game's words.
  auto solve_tiers_checked(std::span<const typename G::Tier> roots, const SolveOptions& options, bool rebuild) {
    try {
      return solve_tiers(core_.game(), roots, core_.store(), options, rebuild);
    } catch (const std::logic_error& e) {
      if constexpr (requires(const G& g) { g.remoteness_overflow(); })
        if (std::string_view(e.what()).starts_with("remoteness overflow")) throw InputError(core_.game().remoteness_overflow());
      throw;
    }
  }

  const SessionCore<G>& core_;
  const PositionAnswers<G>& answers_;
};

}  // namespace zz::api
