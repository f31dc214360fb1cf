#pragma once
// The in-memory solver's loss floors (retrograde.hpp): two bytes per slot recording, at
// initialization, what the slot's moves out of the tier (its exits) imply. Kept after the
// solve, they tell the table writer which slots their exits value (stored as 0, format 3's
// "implied: exits") without generating every slot's moves again: that took as long as the
// levels themselves on the five-piece chess tables.
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/table/codes.hpp"

namespace zz {

namespace retro_detail {

inline constexpr std::uint16_t kNeverLost = 0xFFFF;  // an exit is drawn (and none won)
// Positions with a transient child take no part in counting; they are examined by their moves.
// Their counter says so too, so that an un-move reaches a position through its state and
// counter alone (two cache lines, not three).
inline constexpr std::uint16_t kReexamined = 0xFFFE;
// A loss floor with this bit set instead holds the level at which an external child makes
// the position won (unless an in-tier child does so sooner): such a position is never lost.
inline constexpr std::uint16_t kWinAt = 0x8000;
inline constexpr int kLastWinAtLevel = 0x7FFC;  // below kForeseenWin, kReexamined and kNeverLost
// Won in one ply through an exit, and a position the game foresees so (HasForeseenWins,
// ExternalSummary::foreseen_win): its predecessors counted it as known at initialization, so
// the pass after level 1 does not un-move from it. Read as kWinAt | 1 everywhere else.
inline constexpr std::uint16_t kForeseenWin = kWinAt | (kLastWinAtLevel + 1);
// A finished game (its result is its code). No loss floor reaches it: a loss in 32,767
// plies is beyond kMaxRemoteness.
inline constexpr std::uint16_t kFinished = 0x7FFF;
static_assert(kFinished == kMaxRemoteness + 1);

}  // namespace retro_detail

class ExitFloors {
 public:
  ExitFloors() = default;
  explicit ExitFloors(std::vector<std::uint16_t> floors) : floors_(std::move(floors)) {}
  bool empty() const { return floors_.empty(); }

  // The code slot i's exits imply, as TableStore::exits_code values it (kUnusedCode: the
  // slot has no exit), given the slot's own code; nullopt where the floor does not tell
  // (a position with a transient child).
  std::optional<Code> exits_code(std::uint64_t i, Code own) const {
    using namespace retro_detail;
    const std::uint16_t f = floors_[i];
    if (own == kUnusedCode) return kUnusedCode;
    if (f == kReexamined) return std::nullopt;
    if (f == kFinished) return own;
    if (f == kNeverLost) return kDrawCode;
    if (f == kForeseenWin) return encode(Outcome::win(1));
    if (f & kWinAt) return encode(Outcome::win(f & ~kWinAt));
    if (f > 0) return encode(Outcome::loss(f));
    return kUnusedCode;
  }

 private:
  std::vector<std::uint16_t> floors_;
};

}  // namespace zz
