// The positions reachable from the Dobutsu Shogi start, counted as Tanaka (2009) counts them
// (side to move normalized, mirror images merged, finished positions counted but not
// expanded), and valued by the solved table:
//   dobutsu_reachable --data DIR [--threads N] [--check]
// Prints one JSON line. --check exits 1 unless the counts equal Tanaka's published figures.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "core/dobutsu/game.hpp"
#include "solver/table/store.hpp"

using namespace zz;
using zz::dobutsu::Dobutsu;

namespace {

struct Counts {
  std::uint64_t reachable = 0, terminal = 0, terminal_wins = 0, terminal_losses = 0;
  std::uint64_t wins = 0, draws = 0, losses = 0;  // positions where the game goes on
  int longest_win = -1, longest_loss = -1;
};

using Bits = std::vector<std::uint64_t>;

bool set_bit(Bits& b, std::uint64_t k) {
  const std::uint64_t m = std::uint64_t{1} << (k & 63);
  return !(std::atomic_ref<std::uint64_t>(b[k >> 6]).fetch_or(m, std::memory_order_relaxed) & m);
}

}  // namespace

int main(int argc, char** argv) {
  std::string data;
  int threads = 0;
  bool check = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--data") && i + 1 < argc) data = argv[++i];
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--check")) check = true;
    else {
      std::fprintf(stderr, "usage: dobutsu_reachable --data DIR [--threads N] [--check]\n");
      return 2;
    }
  }
  if (data.empty()) {
    std::fprintf(stderr, "dobutsu_reachable: --data DIR is required (solve it first: zugzwang solve dobutsu)\n");
    return 2;
  }
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads > 0 ? static_cast<std::size_t>(threads) : tbb::info::default_concurrency());
  const auto t0 = std::chrono::steady_clock::now();
  const Dobutsu game{RuleValues{}};
  const std::uint64_t words = (dobutsu::kFullKeys + 63) / 64;
  Bits seen(words, 0), todo(words, 0);
  const std::uint64_t k0 = dobutsu::full_key(game.start());
  set_bit(seen, k0);
  set_bit(todo, k0);
  // Passes over the to-do set until it is empty; a position found during a pass may be
  // expanded in the same pass or the next.
  for (bool any = true; any;) {
    std::atomic<bool> expanded{false};
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, words, 4096), [&](const auto& r) {
      for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
        std::uint64_t bits = std::atomic_ref<std::uint64_t>(todo[w]).exchange(0, std::memory_order_relaxed);
        if (bits) expanded.store(true, std::memory_order_relaxed);
        for (; bits; bits &= bits - 1) {
          Dobutsu::Position p;
          dobutsu::position_of_full_key(w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(bits)), p);
          game.for_each_move(p, [&](const Dobutsu::Move& m) {  // nothing when the game is over
            const std::uint64_t k = dobutsu::full_key(game.play(p, m));
            if (set_bit(seen, k)) set_bit(todo, k);
          });
        }
      }
    });
    any = expanded.load();
  }
  const double reach_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  TableStore<Dobutsu> store(game, data);
  const TierTable& table = store.load(dobutsu::Tier{});
  tbb::combinable<Counts> parts;
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, words, 4096), [&](const auto& r) {
    Counts& c = parts.local();
    for (std::uint64_t w = r.begin(); w != r.end(); ++w)
      for (std::uint64_t bits = seen[w]; bits; bits &= bits - 1) {
        Dobutsu::Position p;
        dobutsu::position_of_full_key(w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(bits)), p);
        ++c.reachable;
        if (const auto o = game.outcome(p)) {
          ++c.terminal;
          ++(o->value == Value::Win ? c.terminal_wins : c.terminal_losses);
          continue;
        }
        const Outcome o = table.outcome(game.rank(p));
        if (o.value == Value::Win) ++c.wins, c.longest_win = std::max(c.longest_win, int{o.remoteness});
        else if (o.value == Value::Loss) ++c.losses, c.longest_loss = std::max(c.longest_loss, int{o.remoteness});
        else ++c.draws;
      }
  });
  Counts t;
  parts.combine_each([&](const Counts& c) {
    t.reachable += c.reachable, t.terminal += c.terminal, t.terminal_wins += c.terminal_wins;
    t.terminal_losses += c.terminal_losses, t.wins += c.wins, t.draws += c.draws, t.losses += c.losses;
    t.longest_win = std::max(t.longest_win, c.longest_win), t.longest_loss = std::max(t.longest_loss, c.longest_loss);
  });
  const Outcome start = table.outcome(game.rank(game.start()));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "{\"reachable\":%llu,\"terminal\":%llu,\"terminal_wins\":%llu,\"terminal_losses\":%llu,\"nonterminal\":%llu,"
      "\"wins\":%llu,\"draws\":%llu,\"losses\":%llu,\"longest_win\":%d,\"longest_loss\":%d,\"start\":\"%s\","
      "\"start_remoteness\":%d,\"reach_seconds\":%.1f,\"seconds\":%.1f}\n",
      static_cast<unsigned long long>(t.reachable), static_cast<unsigned long long>(t.terminal),
      static_cast<unsigned long long>(t.terminal_wins), static_cast<unsigned long long>(t.terminal_losses),
      static_cast<unsigned long long>(t.reachable - t.terminal), static_cast<unsigned long long>(t.wins),
      static_cast<unsigned long long>(t.draws), static_cast<unsigned long long>(t.losses), t.longest_win,
      t.longest_loss, start.value == Value::Win ? "win" : start.value == Value::Loss ? "loss" : "draw",
      int{start.remoteness}, reach_seconds, seconds);
  if (!check) return 0;
  // Tanaka (2009), sections 3.1, 3.2 and 4.1: 246,803,167 reachable positions, 99,485,568 of
  // them not finished (56,474,473 won, 2,682,700 drawn, 40,328,395 lost for the side to
  // move); the start is lost for Sente in 78 plies; the longest win takes 173 plies.
  const bool ok = t.reachable == 246'803'167 && t.reachable - t.terminal == 99'485'568 && t.wins == 56'474'473 &&
                  t.draws == 2'682'700 && t.losses == 40'328'395 && start == Outcome::loss(78) && t.longest_win == 173;
  std::fprintf(stderr, "%s\n", ok ? "agrees with Tanaka (2009)" : "DIFFERS from Tanaka (2009)");
  return ok ? 0 : 1;
}
