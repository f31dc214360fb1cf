#pragma once
// What the game-playing engine (pvs.hpp, engine.hpp) needs from a game: the rules as the
// search sees them, plus the game's tactical knowledge. The solver layer names no game; a
// game's engine knowledge (for Tablut, core/tablut/engine/knowledge.hpp) fulfils this.
//
// inspect(p) classifies a node before it is searched, so that immediate results never cost
// a search and threats are answered like checks in chess:
//   Lost       the game is over and the side to move has lost (remoteness 0)
//   WinNow     the side to move wins with its next move (remoteness 1)
//   LostSoon   whatever the side to move does, it loses with the opponent's next move (2)
//   Forced     the opponent threatens to win at once and generate() lists only the moves
//              that parry it (when it lists none, the position is lost in 2, or in 0 when
//              the side has no legal move at all); quiescence may not stand pat
//   Threatened the opponent threatens to win at once, and generate_noisy() lists every
//              parry (the main search still tries every move); quiescence may not stand pat
//   Normal     anything else
// A Normal node whose generate() lists no move is lost for the side to move.
#include <concepts>
#include <cstdint>

#include "solver/search/move_list.hpp"

namespace zz::search {

enum class NodeKind : std::uint8_t { Normal, Lost, WinNow, LostSoon, Forced, Threatened };

template <class K>
concept EngineKnowledge = requires(const K& k, const typename K::Position& p, const typename K::Move& m,
                                   const typename K::NodeInfo& info, MoveList<typename K::Move>& list, int key) {
  typename K::Position;
  typename K::Move;
  typename K::NodeInfo;  // carries at least `NodeKind kind`
  { K::kMoveKeys } -> std::convertible_to<int>;
  { k.hash(p) } -> std::convertible_to<std::uint64_t>;
  { k.inspect(p) } -> std::same_as<typename K::NodeInfo>;
  static_cast<NodeKind>(info.kind);  // an enumeration listing the same kinds in the same order
  // From the side to move's point of view; called only on Normal, Forced and Threatened nodes.
  { k.evaluate(p) } -> std::convertible_to<int>;
  // Moves worth searching (every legal move, or the parries of a Forced node), each with a
  // static ordering score and flags (move_list.hpp).
  k.generate(p, info, list);
  // Every legal move, whatever the node (the root must always have a move to play).
  k.generate_all(p, list);
  // The moves quiescence searches: captures and decisive threats, or the parries.
  k.generate_noisy(p, info, list);
  { k.play(p, m) } -> std::same_as<typename K::Position>;
  // The side to move passes (null-move pruning), or an equal position if the game has none.
  { k.pass(p) } -> std::same_as<typename K::Position>;
  { k.side(p) } -> std::convertible_to<int>;  // 0 or 1
  { k.has_moves(p) } -> std::convertible_to<bool>;
  // A move after which no earlier position can recur (a capture): repetitions are looked
  // for only since the last one.
  { k.irreversible(p, p) } -> std::convertible_to<bool>;
  { k.move_key(m) } -> std::convertible_to<int>;  // in [0, kMoveKeys): history tables, the TT
  { k.move_of_key(key) } -> std::same_as<typename K::Move>;
};

}  // namespace zz::search
