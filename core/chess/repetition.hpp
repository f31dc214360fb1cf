#pragma once
// Threefold repetition needs the positions that came before, which a Position does not
// hold. A History records the keys of a game's positions; only those since the last capture
// or pawn move (the halfmove clock says how many) can repeat the current one.
#include <cstdint>
#include <vector>

#include "core/chess/position.hpp"

namespace zz::chess {

class History {
 public:
  explicit History(const Position& start) { push(start); }

  // Records the position reached by a move; pop() takes it back (for search).
  void push(const Position& pos) { entries_.push_back({pos.key(), pos.halfmove_clock()}); }
  void pop() { entries_.pop_back(); }
  std::size_t size() const { return entries_.size(); }

  // How many times the current position has occurred, this time included (0 once every
  // position has been popped).
  int occurrences() const;
  bool threefold() const { return occurrences() >= 3; }

 private:
  struct Entry {
    std::uint64_t key;
    int halfmove_clock;
  };
  std::vector<Entry> entries_;
};

}  // namespace zz::chess
