#pragma once
// The index of tier "all": every position where the game goes on, seen from the side to
// move (a Gote-to-move position is ranked as the half-turn-rotated position with the
// colours swapped) and merged with its left-right mirror image.
//
//   index = lion pair * kPerPair + hand offset + board rank
//
// Lion pairs: the mover's lion not on its far rank, the other lion not on the mover's home
// rank and not next to the mover's lion (each of those ends the game), one pair of each
// mirror orbit: 21 pairs. Hands: for each of elephants, giraffes and chicks, how many the
// mover and the opponent hold (6 ways each, 216 in all); the rest are on the board. Board:
// the squares of the elephants, then of the giraffes, then of the chicks and hens among the
// 10 squares the lions leave (subsets of at most 2, ranked in colex order), then one owner
// bit per piece and one promotion bit per chick, in square order. Slots of a pair symmetric
// under the mirror (both lions on file b) are used only by the smaller of the two images,
// and slots of finished positions (the mover can capture the lion, or has no move) are
// unused: 249,442,767 slots in all.
#include <cstdint>

#include "core/dobutsu/position.hpp"

namespace zz::dobutsu {

inline constexpr std::uint64_t kPerPair = 11'878'227;
inline constexpr int kLionPairs = 21;
inline constexpr std::uint64_t kIndexSize = kPerPair * kLionPairs;

// The same position seen from the other side (half-turn rotation, colours and hands
// swapped, the other side to move) and its left-right mirror image.
Position rotated(const Position& p);
Position mirrored(const Position& p);

// Index of a position where the game goes on (either side to move).
std::uint64_t index_of(const Position& p);
// The Sente-to-move representative of slot i, or false for a slot that only a mirror image
// uses. Whether the position is finished is for the caller to check (game.cpp).
bool position_at(std::uint64_t i, Position& out);

// A key for every position, finished ones included, with the side to move normalized and
// mirror images merged: the lion pair among all 144 (ordered) square pairs instead of the 21
// of tier "all". For counting what is reachable (tools/bench/dobutsu), not for tables.
inline constexpr std::uint64_t kFullKeys = kPerPair * kSquares * kSquares;
std::uint64_t full_key(const Position& p);
// The Sente-to-move position of a key; false if the key names no position (both lions on
// one square).
bool position_of_full_key(std::uint64_t key, Position& out);

}  // namespace zz::dobutsu
