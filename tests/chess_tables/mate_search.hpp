#pragma once
// An independent judge for the tables: a plain depth-limited mate search over the chess
// core (legal moves, checkmate, insufficient material), with no table access. It answers
// exactly "can the side to move force mate within n plies" and "is the side to move mated
// within n plies whatever it does"; a transposition table keyed by position and depth keeps
// it fast enough for a few plies.
#include <cstdint>
#include <unordered_map>

#include "core/chess/movegen.hpp"
#include "core/chess/termination.hpp"

namespace chess_tables {

class MateSearch {
 public:
  using Position = zz::chess::Position;

  // n odd: the side to move mates within n plies.
  bool wins_within(const Position& p, int n) {
    if (n < 1 || zz::chess::insufficient_material(p)) return false;
    return remember(p, n, [&] {
      bool found = false;
      zz::chess::for_each_legal_move(p, [&](zz::chess::Move m) {
        if (found) return;
        const Position c = p.play(m);
        // Only a checking move mates at once.
        if (n == 1 && !c.in_check()) return;
        found = loses_within(c, n - 1);
      });
      return found;
    });
  }

  // n even: the side to move is checkmated within n plies, whatever it plays.
  bool loses_within(const Position& p, int n) {
    const zz::chess::MoveList moves = zz::chess::legal_moves(p);
    if (moves.empty()) return p.in_check();
    if (n < 2 || zz::chess::insufficient_material(p)) return false;
    return remember(p, n, [&] {
      for (zz::chess::Move m : moves)
        if (!wins_within(p.play(m), n - 1)) return false;
      return true;
    });
  }

  void clear() { memo_.clear(); }

 private:
  template <class F>
  bool remember(const Position& p, int n, F&& compute) {
    const std::uint64_t key = p.key() * 31 + static_cast<std::uint64_t>(n);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const bool answer = compute();
    memo_.emplace(key, answer);
    return answer;
  }

  std::unordered_map<std::uint64_t, bool> memo_;
};

}  // namespace chess_tables
