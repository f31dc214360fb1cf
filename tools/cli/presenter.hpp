#pragma once
// Presenter<G>: what the command line prints about one game type — values in words, the
// JSON answers of query and solve, the per-side summary counts, and their text layout.
// Driver<G> computes; this file only describes.
#include <algorithm>
#include <array>
#include <iomanip>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "solver/query.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/rules_json.hpp"

namespace zz::cli {

using ojson = nlohmann::ordered_json;

inline ojson remoteness_json(Outcome o) {
  return o.value == Value::Draw ? ojson(nullptr) : ojson(o.remoteness);
}

// "k=v, k=v" for people.
inline std::string rules_text(const ojson& rules) {
  std::string s;
  for (const auto& [k, v] : rules.items())
    s += (s.empty() ? "" : ", ") + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
  return s.empty() ? "standard rules" : s;
}

template <Game G>
class Presenter {
 public:
  using Position = typename G::Position;

  explicit Presenter(const G& game) : game_(game) {}

  std::string describe(Outcome o) const {
    if constexpr (requires { game_.describe(o); }) {
      return game_.describe(o);
    } else {
      if (o.value == Value::Draw) return "draw";
      return std::string(to_string(o.value)) + " in " + std::to_string(o.remoteness) + (o.remoteness == 1 ? " ply" : " plies");
    }
  }

  // "draw" or who won, from the result for the side to move of a finished game.
  std::string result_text(const Position& p, Outcome o) const {
    if (o.value == Value::Draw) return "draw";
    const bool mover_won = o.value == Value::Win;
    if constexpr (requires { G::player_name(p, true); }) {
      return std::string(G::player_name(p, mover_won)) + " wins";
    } else {
      return mover_won ? "the side to move wins" : "the side to move has lost";
    }
  }

  // Store is TableStore<G>, which exists only for Enumerable games.
  template <class Store>
  ojson position_json(const Position& p, Store& store) const {
    const Outcome o = store.probe(p);
    ojson moves = ojson::array();
    for (const auto& mv : value_moves(game_, p, store))
      moves.push_back({{"move", game_.format_move(mv.move)},
                       {"value", to_string(mv.outcome.value)},
                       {"remoteness", remoteness_json(mv.outcome)}});
    ojson doc = {{"position", game_.format(p)},
                 {"value", to_string(o.value)},
                 {"remoteness", remoteness_json(o)},
                 {"over", game_.outcome(p).has_value()}};
    if (auto left = game_.plies_left(p)) doc["plies_left"] = *left;
    doc["moves"] = moves;
    return doc;
  }

  // Best moves from p until the game ends (decisive values only: a draw has no end).
  template <class Store>
  ojson principal_variation(Position p, Store& store) const {
    ojson line = ojson::array();
    Outcome o = store.probe(p);
    while (o.value != Value::Draw && !game_.outcome(p)) {
      const auto moves = value_moves(game_, p, store);
      line.push_back(game_.format_move(moves.front().move));
      p = game_.play(p, moves.front().move);
      o = store.probe(p);
    }
    return line;
  }

  ojson solve_summary(const std::vector<TierReport>& reports, const SolveRequest& request) const {
    ojson tiers = ojson::array();
    TierStats total;
    for (const auto& r : reports) {
      tiers.push_back({{"tier", r.tier},
                       {"positions", r.stats.positions()},
                       {"wins", r.stats.wins},
                       {"losses", r.stats.losses},
                       {"draws", r.stats.draws},
                       {"longest_win", r.stats.longest_win},
                       {"longest_loss", r.stats.longest_loss}});
      total.wins += r.stats.wins;
      total.losses += r.stats.losses;
      total.draws += r.stats.draws;
    }
    return {{"game", std::string(G::name())},
            {"rules", rules_json(game_.rules())},
            {"command", request.command},
            {"tiers", tiers},
            {"positions", total.positions()},
            {"wins", total.wins},
            {"losses", total.losses},
            {"draws", total.draws}};
  }

  // For games whose index reduces by symmetry: counts per side to move, both per index
  // entry and per position (each entry weighted by the positions it stands for), and an
  // example of the longest win (the first in index order).
  template <class Tiers, class Store>
  void add_raw_counts(ojson& summary, const Tiers& tiers, Store& store) const {
    struct Counts {
      // [side][value], sides in the order of player_name(start, true / false)
      std::array<std::array<std::uint64_t, 3>, 2> reduced{}, raw{};
      std::uint64_t first_longest = ~std::uint64_t{0};
    };
    const Position start = game_.start();
    const std::string_view first = G::player_name(start, true);
    const std::array<std::string, 2> names{std::string(first), std::string(G::player_name(start, false))};
    std::uint64_t total_raw = 0;
    for (std::size_t k = 0; k < tiers.size(); ++k) {
      const auto& tier = tiers[k];
      const TierTable& table = store.load(tier);
      const int longest = table.stats().longest_win;
      const Counts counts = tbb::parallel_reduce(
          tbb::blocked_range<std::uint64_t>(0, table.size(), 1 << 14), Counts{},
          [&](const tbb::blocked_range<std::uint64_t>& r, Counts c) {
            Position p;
            for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
              if (!table.used(i) || !game_.unrank(tier, i, p)) continue;
              const Outcome o = table.outcome(i);
              const int side = G::player_name(p, true) == first ? 0 : 1;
              const int v = static_cast<int>(o.value);
              ++c.reduced[side][v];
              c.raw[side][v] += game_.orbit_size(p);
              if (o.value == Value::Win && o.remoteness == longest) c.first_longest = std::min(c.first_longest, i);
            }
            return c;
          },
          [](Counts a, const Counts& b) {
            for (int side = 0; side < 2; ++side)
              for (int v = 0; v < 3; ++v) {
                a.reduced[side][v] += b.reduced[side][v];
                a.raw[side][v] += b.raw[side][v];
              }
            a.first_longest = std::min(a.first_longest, b.first_longest);
            return a;
          });
      ojson& entry = summary["tiers"][k];
      ojson sides = ojson::object();
      std::uint64_t raw = 0;
      for (int side = 0; side < 2; ++side) {
        const auto& n = counts.reduced[side];
        const auto& w = counts.raw[side];
        sides[names[side]] = {{"wins", n[2]}, {"draws", n[1]}, {"losses", n[0]},
                              {"raw_wins", w[2]}, {"raw_draws", w[1]}, {"raw_losses", w[0]}};
        raw += w[0] + w[1] + w[2];
      }
      entry["raw_positions"] = raw;
      entry["by_side"] = sides;
      if (longest >= 0) {
        Position p;
        game_.unrank(tier, counts.first_longest, p);
        entry["longest_win_example"] = {{"position", game_.format(p)}, {"value", describe(Outcome::win(longest))}};
      }
      total_raw += raw;
    }
    summary["raw_positions"] = total_raw;
  }

  std::string describe_json(const ojson& entry) const {
    const auto v = parse_value(entry["value"].get<std::string>());
    return describe(Outcome{*v, static_cast<std::uint16_t>(entry["remoteness"].is_null() ? 0 : entry["remoteness"].get<int>())});
  }

  void print_position(const ojson& answer, std::ostream& out) const {
    out << "position  " << answer["position"].get<std::string>() << '\n';
    out << "rules     " << rules_text(rules_json(game_.rules())) << '\n';
    out << "value     " << describe_json(answer) << (answer["over"].get<bool>() ? " (game over)" : "") << '\n';
    if (answer.contains("plies_left")) out << "limit     " << answer["plies_left"].get<int>() << " plies left\n";
    if (answer["moves"].empty()) return;
    out << "moves     " << answer["moves"].size() << '\n';
    for (const auto& m : answer["moves"])
      out << "  " << std::left << std::setw(8) << m["move"].get<std::string>() << ' ' << describe_json(m) << '\n';
  }

  void print_solve(const ojson& s, double seconds, const std::filesystem::path& dir, std::ostream& out) const {
    out << s["game"].get<std::string>() << " (" << rules_text(s["rules"]) << ")\n";
    out << std::left << std::setw(14) << "tier" << std::right << std::setw(12) << "positions" << std::setw(12) << "wins"
        << std::setw(12) << "losses" << std::setw(12) << "draws" << std::setw(10) << "longest";
    if (s.contains("raw_positions")) out << std::setw(16) << "raw positions";
    out << '\n';
    auto row = [&](const std::string& name, const ojson& t) {
      out << std::left << std::setw(14) << name << std::right << std::setw(12) << t["positions"].get<std::uint64_t>()
          << std::setw(12) << t["wins"].get<std::uint64_t>() << std::setw(12) << t["losses"].get<std::uint64_t>()
          << std::setw(12) << t["draws"].get<std::uint64_t>();
      if (t.contains("longest_win")) {
        const int longest = std::max(t["longest_win"].get<int>(), t["longest_loss"].get<int>());
        out << std::setw(10) << (longest < 0 ? std::string("-") : std::to_string(longest));
      } else if (t.contains("raw_positions")) {
        out << std::setw(10) << "";
      }
      if (t.contains("raw_positions")) out << std::setw(16) << t["raw_positions"].get<std::uint64_t>();
      out << '\n';
    };
    for (const auto& t : s["tiers"]) row(t["tier"].get<std::string>(), t);
    row("total", s);
    if (s.contains("start")) {
      const ojson& start = s["start"];
      out << "\nstart " << start["position"].get<std::string>() << ": the first player's value is "
          << describe_json(start) << '\n';
      if (!start["principal_variation"].empty()) {
        out << "principal variation:";
        for (const auto& m : start["principal_variation"]) out << ' ' << m.get<std::string>();
        out << '\n';
      }
      out << "first moves:\n";
      for (const auto& m : start["moves"])
        out << "  " << std::left << std::setw(8) << m["move"].get<std::string>() << ' ' << describe_json(m) << '\n';
    }
    out << "\nsolved in " << std::fixed << std::setprecision(2) << seconds << " s; tables in " << dir.string() << '\n';
    out.unsetf(std::ios::fixed);
  }

 private:
  const G& game_;
};

}  // namespace zz::cli
