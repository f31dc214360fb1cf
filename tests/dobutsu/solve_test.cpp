// Opt-in (heavy: 1.7 GB, about 3 minutes on 2 cores): the whole Dobutsu Shogi solve against
// Tanaka's published values and against a depth-limited minimax over the naive rules.
#include <doctest/doctest.h>

#include <array>
#include <optional>
#include <random>

#include "core/dobutsu/game.hpp"
#include "reference_rules.hpp"
#include "solver/solve_tiers.hpp"

using namespace zz;
using zz::dobutsu::Dobutsu;

namespace {

// The exact value of s if some side forces the end within `depth` plies, by plain minimax
// over reference_rules.hpp (Tanaka's count: a lion that can be taken is won in 1 ply).
std::optional<Outcome> bounded(const reference::State& s, int depth) {
  const int r = reference::result(s);
  if (r > 0) return depth >= 1 ? std::optional<Outcome>(Outcome::win(1)) : std::nullopt;
  if (r < 0) return Outcome::loss(0);
  const auto ms = reference::moves(s);
  if (ms.empty()) return Outcome::loss(0);
  if (depth == 0) return std::nullopt;
  std::optional<int> fastest_win, slowest_loss = 0;
  for (const auto& m : ms) {
    const auto c = bounded(reference::play(s, m), depth - 1);
    if (!c) slowest_loss.reset();
    else if (c->value == Value::Loss) fastest_win = std::min(fastest_win.value_or(1 << 20), c->remoteness + 1);
    else if (c->value == Value::Win && slowest_loss) slowest_loss = std::max(*slowest_loss, c->remoteness + 1);
    else slowest_loss.reset();
  }
  if (fastest_win) return Outcome::win(*fastest_win);
  if (slowest_loss) return Outcome::loss(*slowest_loss);
  return std::nullopt;
}

reference::State to_reference(const Dobutsu& g, const Dobutsu::Position& p) {
  const std::string text = g.format(p);
  reference::State s;
  s.side = p.to_move == dobutsu::Sente ? 0 : 1;
  for (int sq = 0; sq < 12; ++sq) s.cells[sq] = '.';
  int sq = 0;
  std::size_t i = 0;
  for (; text[i] != ' '; ++i) {
    const char c = text[i];
    if (c == '/') continue;
    if (c >= '1' && c <= '3') sq += c - '0';
    else s.cells[sq++] = c;
  }
  for (i += 3; i < text.size() && text[i] != '-'; ++i) {
    const char c = text[i];
    const int k = (c == 'E' || c == 'e') ? 0 : (c == 'G' || c == 'g') ? 1 : 2;
    ++s.hand[c >= 'a' ? 1 : 0][k];
  }
  return s;
}

}  // namespace

TEST_CASE("the whole solve: Tanaka's start values, and every sampled short value re-derived by minimax") {
  const Dobutsu g{RuleValues{}};
  const std::array<dobutsu::Tier, 1> roots{dobutsu::Tier{}};
  const auto tables = solve_in_memory(g, std::span<const dobutsu::Tier>(roots), SolveOptions{});
  const TierTable& all = tables.at("all");
  const auto value = [&](const Dobutsu::Position& p) { return all.outcome(g.rank(p)); };
  // Tanaka (2009), section 4.1: Gote wins the start in 78 plies; taking the chick loses in 76.
  const auto start = g.start();
  CHECK(value(start) == Outcome::loss(78));
  CHECK(value(g.play(start, g.parse_move(start, "b3b2"))) == Outcome::win(75));
  CHECK(value(g.play(start, g.parse_move(start, "c4c3"))) == Outcome::win(77));
  CHECK(all.stats().longest_win == 173);

  std::mt19937_64 rng(17);
  int checked_short = 0, checked_long = 0;
  for (int n = 0; n < 400000 && (checked_short < 300 || checked_long < 100); ++n) {
    const std::uint64_t i = std::uniform_int_distribution<std::uint64_t>(0, dobutsu::kIndexSize - 1)(rng);
    Dobutsu::Position p;
    if (!g.unrank(dobutsu::Tier{}, i, p)) continue;
    const Outcome o = all.outcome(i);
    const bool is_short = o.value != Value::Draw && o.remoteness <= 5;
    if (is_short ? checked_short >= 300 : checked_long >= 100) continue;
    const auto b = bounded(to_reference(g, p), 5);
    if (is_short) {
      REQUIRE(b);
      CHECK(*b == o);
      ++checked_short;
    } else {
      CHECK_FALSE(b);
      ++checked_long;
    }
  }
  CHECK(checked_short == 300);
  CHECK(checked_long == 100);
}
