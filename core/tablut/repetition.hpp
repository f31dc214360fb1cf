#pragma once
// The draw by repetition: the game is drawn the first time a position (board and side to move)
// occurs that occurred before. Captures are irreversible, so only the positions since the
// last capture can repeat, and the history is cleared on every capture.
#include <algorithm>
#include <vector>

#include "core/tablut/position.hpp"

namespace zz::tablut {

class RepetitionHistory {
 public:
  explicit RepetitionHistory(const Position& start) { seen_.push_back(start); }

  // Records the position a move led to; true when it occurred before, that is, the game is
  // drawn (unless the move also decided the game, which the caller checks first).
  bool push(const Position& p) {
    const Position& last = seen_.back();
    if (p.white_pawn_count() + p.black_pawn_count() + p.has_king() <
        last.white_pawn_count() + last.black_pawn_count() + last.has_king())
      seen_.clear();
    const bool repeated = std::find(seen_.begin(), seen_.end(), p) != seen_.end();
    seen_.push_back(p);
    return repeated;
  }

  // Positions since the last capture, the current one last.
  const std::vector<Position>& since_capture() const { return seen_; }

 private:
  std::vector<Position> seen_;
};

}  // namespace zz::tablut
