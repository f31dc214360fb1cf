// The 4x5 tables (Tac-Tickle) against independent re-computation. Default suite: without the
// no-return rule (2.2 M slots, seconds), the start and first moves and sampled positions
// against the reference search. Opt-in (built with ZUGZWANG_HEAVY_TESTS, label heavy):
// every position without the rule against a retrograde solve of the plain reference rules
// over all 17.6 M boards-with-side, and the no-return tables (637 M slots, minutes and
// 3.7 GiB) with the start's loss in 14 plies re-derived by the reference search.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/taktikl/game.hpp"
#include "reference_rules.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::taktikl::TakTikl;

namespace {

TakTikl board4x5(std::vector<std::string> rules) {
  rules.push_back("board=4x5");
  return TakTikl(parse_rules(TakTikl::rule_options(), rules));
}

TierTable solve_4x5(const TakTikl& g) {
  const std::array<taktikl::Tier, 1> roots{taktikl::Tier{}};
  return std::move(solve_in_memory(g, std::span<const taktikl::Tier>(roots)).at("all"));
}

reference::NoMove no_move_of(const std::string& rule) {
  return rule == "no-move=pass" ? reference::NoMove::Pass
         : rule == "no-move=loss" ? reference::NoMove::Loss
                                  : reference::NoMove::Draw;
}

// A table outcome against the limited search: a win or loss in r plies is decided at depth
// r and not at r-1; a draw or anything slower than `depth` is undecided at `depth`.
void agrees_with_search(reference::LimitedSearch& search, const reference::State& s, Outcome o, int depth) {
  CAPTURE(reference::text(s));
  CAPTURE(to_string(o.value));
  CAPTURE(o.remoteness);
  if (o.value != Value::Draw && o.remoteness <= depth) {
    CHECK(search.value(s, o.remoteness) == (o.value == Value::Win ? 1 : -1));
    if (o.remoteness > 0) CHECK(search.value(s, o.remoteness - 1) == 0);
  } else {
    CHECK(search.value(s, depth) == 0);
  }
}

// Sampled used slots, each looked at from a random mirror and colour, against the search.
void sampled_against_search(const TakTikl& g, const TierTable& table, reference::Rules rules, int samples) {
  std::mt19937_64 rng(45);
  reference::LimitedSearch search(rules);
  int decided = 0;
  TakTikl::Position p;
  for (int n = 0; n < samples;) {
    const std::uint64_t i = rng() % table.size();
    if (!table.used(i)) continue;
    g.unrank(taktikl::Tier{}, i, p);
    const auto s = reference::transformed(reference::from_text(g.format(p)), static_cast<int>(rng() % 4), rng() % 2);
    const Outcome o = table.outcome(g.rank(g.parse(reference::text(s))));
    CHECK(o == table.outcome(i));
    agrees_with_search(search, s, o, 5);
    decided += o.value != Value::Draw && o.remoteness <= 5;
    if (++n % 300 == 0) search.clear();
  }
  CHECK(decided > samples / 10);
}

std::string first_moves(const TakTikl& g, const TierTable& table) {
  std::string out;
  g.for_each_move(g.start(), [&](TakTikl::Move m) {
    const Outcome o = table.outcome(g.rank(g.play(g.start(), m)));
    out += g.format_move(m) + (o.value == Value::Draw ? " draw" : o.value == Value::Win ? " loss " : " win ") +
           (o.value == Value::Draw ? "" : std::to_string(o.remoteness + 1)) + "; ";
  });
  return out;
}

}  // namespace

TEST_CASE("4x5 without the no-return rule: a draw; two first moves lose in 16, as GamesmanClassic finds") {
  const TakTikl g = board4x5({"no-return=off"});
  const TierTable table = solve_4x5(g);
  CHECK(table.outcome(g.rank(g.start())) == Outcome::draw());
  CHECK(first_moves(g, table) == "a1a2 draw; c1c2 loss 16; b5b4 loss 16; d5d4 draw; ");
  sampled_against_search(g, table, {false, reference::NoMove::Draw}, 3000);
}

namespace {

// An independent solve of the plain rules without the no-return memory: every board of four
// x and four o on 20 squares with either side to move, numbered by its own colex ranking,
// solved by counting (a position is lost when every move reaches a won one, won when one
// reaches a lost one) from the finished games backwards along un-moves.
class PlainRetrograde {
 public:
  explicit PlainRetrograde(reference::NoMove no_move) : no_move_(no_move) {
    for (int n = 0; n <= 20; ++n)
      for (int k = 0; k <= 4; ++k) choose_[n][k] = k == 0 ? 1 : n == 0 ? 0 : choose_[n - 1][k - 1] + choose_[n - 1][k];
    const std::size_t states = std::size_t{4845} * 1820 * 2;
    code_.assign(states, kUnknown);
    open_.assign(states, 0);
    std::vector<std::uint32_t> frontier;
    for_each_board([&](std::uint32_t x, std::uint32_t o) {
      for (int side = 0; side < 2; ++side) {
        const std::uint32_t mine = side ? o : x, theirs = side ? x : o;
        const std::size_t i = index(x, o, side);
        if (line(mine)) {
          code_[i] = kNotAPosition;
        } else if (line(theirs)) {
          code_[i] = 0;  // lost in 0
          frontier.push_back(static_cast<std::uint32_t>(i));
        } else {
          const int moves = steps(mine, x | o);
          if (moves > 0) {
            open_[i] = static_cast<std::uint8_t>(moves);
          } else if (no_move_ == reference::NoMove::Pass) {
            open_[i] = 1;
          } else if (no_move_ == reference::NoMove::Loss) {
            code_[i] = 0;
            frontier.push_back(static_cast<std::uint32_t>(i));
          } else {
            code_[i] = kDraw;
          }
        }
      }
    });
    for (int level = 1; !frontier.empty(); ++level) {
      std::vector<std::uint32_t> next;
      for (std::uint32_t c : frontier) {
        const bool lost = code_[c] % 2 == 0;
        for_each_predecessor(c, [&](std::size_t p) {
          if (code_[p] != kUnknown) return;
          if (lost) {
            code_[p] = static_cast<std::uint16_t>(2 * level + 1);
            next.push_back(static_cast<std::uint32_t>(p));
          } else if (--open_[p] == 0) {
            code_[p] = static_cast<std::uint16_t>(2 * level);
            next.push_back(static_cast<std::uint32_t>(p));
          }
        });
      }
      frontier = std::move(next);
    }
  }

  // Every position with its value: f(x mask, o mask, side (0 = x), outcome).
  template <class F>
  void for_each_position(F&& f) const {
    for_each_board([&](std::uint32_t x, std::uint32_t o) {
      for (int side = 0; side < 2; ++side) {
        const std::uint16_t code = code_[index(x, o, side)];
        if (code == kNotAPosition) continue;
        f(x, o, side, code == kUnknown || code == kDraw ? Outcome::draw()
                      : code % 2 ? Outcome::win(code / 2)
                                 : Outcome::loss(code / 2));
      }
    });
  }

 private:
  static constexpr std::uint16_t kUnknown = 0xFFFF, kDraw = 0xFFFE, kNotAPosition = 0xFFFD;

  // Square (rank r, file f) is bit 4r + f.
  static bool line(std::uint32_t m) {
    for (int r = 0; r < 5; ++r)
      for (int f = 0; f < 4; ++f)
        for (auto [df, dr] : {std::array{1, 0}, std::array{0, 1}, std::array{1, 1}, std::array{-1, 1}}) {
          int count = 0;
          for (int k = 0; k < 3; ++k) {
            const int ff = f + k * df, rr = r + k * dr;
            count += ff >= 0 && ff < 4 && rr < 5 && (m >> (4 * rr + ff) & 1);
          }
          if (count == 3) return true;
        }
    return false;
  }
  template <class F>
  static void for_each_neighbour(int sq, F&& f) {
    const int r = sq / 4, c = sq % 4;
    if (r < 4) f(sq + 4);
    if (r > 0) f(sq - 4);
    if (c < 3) f(sq + 1);
    if (c > 0) f(sq - 1);
  }
  static int steps(std::uint32_t mine, std::uint32_t occupied) {
    int n = 0;
    for (int sq = 0; sq < 20; ++sq)
      if (mine >> sq & 1) for_each_neighbour(sq, [&](int to) { n += !(occupied >> to & 1); });
    return n;
  }
  template <class F>
  void for_each_board(F&& f) const {
    for (std::uint32_t x = 0; x < (1u << 20); ++x) {
      if (__builtin_popcount(x) != 4) continue;
      const std::uint32_t rest = ~x & 0xFFFFF;
      // o: every 4-subset of the free squares, by a walk over subsets of `rest`.
      for (std::uint32_t o = rest; o; o = (o - 1) & rest)
        if (__builtin_popcount(o) == 4) f(x, o);
    }
  }
  std::uint32_t colex(std::uint32_t m, int skip_mask) const {
    std::uint32_t rank = 0;
    int k = 0, pos = 0;
    for (int sq = 0; sq < 20; ++sq) {
      if (skip_mask >> sq & 1) continue;
      if (m >> sq & 1) rank += static_cast<std::uint32_t>(choose_[pos][++k]);
      ++pos;
    }
    return rank;
  }
  std::size_t index(std::uint32_t x, std::uint32_t o, int side) const {
    return (std::size_t{colex(x, 0)} * 1820 + colex(o, static_cast<int>(x))) * 2 + static_cast<std::size_t>(side);
  }
  // The positions one ply before c: the player who just moved steps a piece back, or passed.
  template <class F>
  void for_each_predecessor(std::uint32_t c, F&& f) const {
    const int side = static_cast<int>(c % 2);
    const std::uint32_t pair = c / 2, xr = pair / 1820, orank = pair % 1820;
    std::uint32_t x = 0, o = 0;
    decode(xr, orank, x, o);
    const int mover = 1 - side;
    const std::uint32_t moved = mover ? o : x, occupied = x | o;
    for (int sq = 0; sq < 20; ++sq)
      if (moved >> sq & 1)
        for_each_neighbour(sq, [&](int from) {
          if (occupied >> from & 1) return;
          const std::uint32_t before = (moved & ~(1u << sq)) | (1u << from);
          f(index(mover ? x : before, mover ? before : o, mover));
        });
    if (no_move_ == reference::NoMove::Pass && steps(moved, occupied) == 0) f(index(x, o, mover));
  }
  void decode(std::uint32_t xr, std::uint32_t orank, std::uint32_t& x, std::uint32_t& o) const {
    x = unrank(xr, 20, 0);
    o = unrank(orank, 16, x);
  }
  // The colex-ranked 4-subset among the n squares not in skip (greedy from the top).
  std::uint32_t unrank(std::uint32_t rank, int n, std::uint32_t skip) const {
    std::array<int, 20> free{};
    for (int sq = 0, k = 0; sq < 20; ++sq)
      if (!(skip >> sq & 1)) free[k++] = sq;
    std::uint32_t m = 0;
    int pos = n - 1;
    for (int k = 4; k >= 1; --k) {
      while (choose_[pos][k] > rank) --pos;
      rank -= static_cast<std::uint32_t>(choose_[pos][k]);
      m |= 1u << free[pos--];
    }
    return m;
  }

  reference::NoMove no_move_;
  std::array<std::array<std::uint64_t, 5>, 21> choose_{};
  std::vector<std::uint16_t> code_;  // 2r: lost in r, 2r+1: won in r
  std::vector<std::uint8_t> open_;   // moves not yet known to reach a won position
};

}  // namespace

TEST_CASE("4x5 without the no-return rule: every position equals a plain retrograde solve" * doctest::skip()) {
  for (const char* no_move : {"no-move=draw", "no-move=pass", "no-move=loss"}) {
    CAPTURE(no_move);
    const TakTikl g = board4x5({"no-return=off", no_move});
    const TierTable table = solve_4x5(g);
    const PlainRetrograde plain(no_move_of(no_move));
    std::size_t positions = 0, mismatches = 0;
    plain.for_each_position([&](std::uint32_t x, std::uint32_t o, int side, Outcome expected) {
      TakTikl::Position p;
      p.pieces[taktikl::X] = x;
      p.pieces[taktikl::O] = o;
      p.side = side ? taktikl::O : taktikl::X;
      ++positions;
      const Outcome got = table.outcome(g.rank(p));
      if (got != expected && ++mismatches <= 5)
        FAIL_CHECK(g.format(p) << ": table " << to_string(got.value) << " " << got.remoteness << ", plain "
                               << to_string(expected.value) << " " << expected.remoteness);
    });
    CHECK(mismatches == 0);
    CHECK(positions == 15'593'760);  // the 8,817,900 boards with either side to move, less lines of the mover
  }
}

TEST_CASE("4x5 with the no-return rule: the first player loses in 14 plies, re-derived by search" * doctest::skip()) {
  const TakTikl g = board4x5({});
  const TierTable table = solve_4x5(g);
  CHECK(table.outcome(g.rank(g.start())) == Outcome::loss(14));
  CHECK(first_moves(g, table) == "a1a2 loss 14; c1c2 loss 14; b5b4 loss 14; d5d4 loss 14; ");
  reference::LimitedSearch search({true, reference::NoMove::Draw});
  agrees_with_search(search, reference::start(5), Outcome::loss(14), 14);
  search.clear();
  sampled_against_search(g, table, {true, reference::NoMove::Draw}, 3000);
}
