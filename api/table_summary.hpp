#pragma once
// `summary`: what a table says, for people who study the game: per side to move its wins,
// draws and losses (per index slot and per position, every symmetric copy counted), the
// longest win of each side with the first position that shows it, and the mutual zugzwangs:
// boards where having the move is a disadvantage (api/results.hpp, MutualZugzwangs).
#include <array>
#include <limits>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "api/results.hpp"
#include "api/slot_census_of.hpp"
#include "solver/table/codes.hpp"
#include "solver/table/store.hpp"

namespace zz::api {

namespace summary_detail {

// The longest win of one side so far and the first slot that shows it, as one number that
// the larger of two keeps: remoteness + 1 in the high bits, the slot's distance from the top
// in the low 40 (so a smaller index wins a tie). 0: none.
constexpr int kIndexBits = 40;
constexpr std::uint64_t kIndexMask = (std::uint64_t{1} << kIndexBits) - 1;
constexpr std::uint64_t longest_key(int plies, std::uint64_t index) {
  return std::uint64_t(plies + 1) << kIndexBits | (kIndexMask - index);
}
constexpr int key_plies(std::uint64_t key) { return static_cast<int>(key >> kIndexBits) - 1; }
constexpr std::uint64_t key_index(std::uint64_t key) { return kIndexMask - (key & kIndexMask); }

struct Counts {
  std::array<std::array<std::uint64_t, 3>, 2> reduced{}, raw{};  // [side][value]
  std::array<std::uint64_t, 2> longest{};                        // [side] longest_key
  std::array<std::uint64_t, 3> zugzwangs{}, raw_zugzwangs{};     // full, first, second
  std::uint64_t first_zugzwang = std::numeric_limits<std::uint64_t>::max();

  Counts& operator+=(const Counts& b) {
    for (int side = 0; side < 2; ++side) {
      for (int v = 0; v < 3; ++v) {
        reduced[side][v] += b.reduced[side][v];
        raw[side][v] += b.raw[side][v];
      }
      longest[side] = std::max(longest[side], b.longest[side]);
    }
    for (int k = 0; k < 3; ++k) {
      zugzwangs[k] += b.zugzwangs[k];
      raw_zugzwangs[k] += b.raw_zugzwangs[k];
    }
    first_zugzwang = std::min(first_zugzwang, b.first_zugzwang);
    return *this;
  }
};

// Which kind of mutual zugzwang a board is, from its values with each side to move: 0 full
// point (whoever moves loses); 1 the first side is in zugzwang (with the move it draws,
// without it it wins); 2 the second side is; -1 none.
inline int zugzwang_kind(Value first_to_move, Value second_to_move) {
  if (first_to_move == Value::Loss && second_to_move == Value::Loss) return 0;
  if (first_to_move == Value::Draw && second_to_move == Value::Loss) return 1;
  if (first_to_move == Value::Loss && second_to_move == Value::Draw) return 2;
  return -1;
}

}  // namespace summary_detail

// The summary of tier t's table, read from `store` (decoded there: every slot is read).
template <Enumerable G>
TableSummary summarize_table(const G& game, TableStore<G>& store, const typename G::Tier& t,
                             const std::function<std::string(Outcome)>& describe) {
  using namespace summary_detail;
  using Position = typename G::Position;
  const TierTable& table = store.load_decoded(t);
  const Position start = game.start();
  const std::string_view first = game.player_name(start, true);
  const std::array<std::string, 2> names{std::string(first), std::string(game.player_name(start, false))};
  constexpr bool kFlips = requires(const Position& p) { game.other_side_to_move(p); };
  const auto census_of = slot_census_reader<kFlips>(game, t);

  const Counts c = tbb::parallel_reduce(
      tbb::blocked_range<std::uint64_t>(0, table.size(), 1 << 14), Counts{},
      [&](const tbb::blocked_range<std::uint64_t>& range, Counts c) {
        Position p;
        for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
          const SlotCensus slot = census_of(i, p);
          if (!slot.used) continue;
          const Outcome o = decode(table.code_of_used(i));
          const int side = slot.first_to_move ? 0 : 1;
          ++c.reduced[side][static_cast<int>(o.value)];
          c.raw[side][static_cast<int>(o.value)] += slot.orbit;
          if (o.value == Value::Win) c.longest[side] = std::max(c.longest[side], longest_key(o.remoteness, i));
          if constexpr (kFlips) {
            // Each board once: from the first side's slots, the other side to move looked up.
            // Every board whose two values differ so counts, as in the published counts
            // (Scid's, from the Nalimov tables): a side stalemated on the move but winning
            // without it is in zugzwang too. Until December 2026 a first side with no move
            // was left out and a second side with none was not (KBPPvK, KRPvKN: one each).
            if (side != 0) continue;
            const auto other = game.other_side_to_move(p);
            if (!other || game.tier_of(*other) != t) continue;
            const Value second = decode(table.code_of_used(game.rank(*other))).value;
            const int kind = zugzwang_kind(o.value, second);
            if (kind < 0) continue;
            ++c.zugzwangs[kind];
            c.raw_zugzwangs[kind] += slot.orbit;
            c.first_zugzwang = std::min(c.first_zugzwang, i);
          }
        }
        return c;
      },
      [](Counts a, const Counts& b) { return a += b; });

  TableSummary s;
  s.tier = game.tier_name(t);
  s.entries = table.size();
  for (int side = 0; side < 2; ++side) {
    SideSummary& out = s.sides.emplace_back();
    out.side = names[side];
    out.wins = c.reduced[side][2];
    out.draws = c.reduced[side][1];
    out.losses = c.reduced[side][0];
    out.raw_wins = c.raw[side][2];
    out.raw_draws = c.raw[side][1];
    out.raw_losses = c.raw[side][0];
    if (c.longest[side]) {
      Position p;
      game.unrank(t, key_index(c.longest[side]), p);
      const Outcome win = Outcome::win(key_plies(c.longest[side]));
      out.longest_win = ExamplePosition{win, game.format(p), describe(win)};
    }
  }
  if constexpr (kFlips) {
    MutualZugzwangs z;
    z.full = c.zugzwangs[0];
    z.first_in_zugzwang = c.zugzwangs[1];
    z.second_in_zugzwang = c.zugzwangs[2];
    z.raw_full = c.raw_zugzwangs[0];
    z.raw_first_in_zugzwang = c.raw_zugzwangs[1];
    z.raw_second_in_zugzwang = c.raw_zugzwangs[2];
    if (c.first_zugzwang != std::numeric_limits<std::uint64_t>::max()) {
      Position p;
      game.unrank(t, c.first_zugzwang, p);
      z.example = game.format(p);
    }
    s.mutual_zugzwangs = z;
  }
  return s;
}

}  // namespace zz::api
