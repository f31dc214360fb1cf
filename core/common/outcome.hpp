#pragma once
// The game-theoretic value of a position for the side to move, with its remoteness.
#include <cstdint>
#include <optional>
#include <string_view>

namespace zz {

enum class Value : std::uint8_t { Loss, Draw, Win };

// Remoteness counts plies to the end of the game under optimal play: the winner hurries,
// the loser delays. Draws carry no remoteness (kept at 0). A win or loss read from a table
// that keeps values only (table-format.md, "Values only") has kUnknownRemoteness.
inline constexpr std::uint16_t kUnknownRemoteness = 0xFFFF;

struct Outcome {
  Value value = Value::Draw;
  std::uint16_t remoteness = 0;

  static constexpr Outcome win(int plies) { return {Value::Win, static_cast<std::uint16_t>(plies)}; }
  static constexpr Outcome loss(int plies) { return {Value::Loss, static_cast<std::uint16_t>(plies)}; }
  static constexpr Outcome draw() { return {Value::Draw, 0}; }
  friend constexpr bool operator==(Outcome, Outcome) = default;
  // Whether the plies to the end are known: a win or loss not read from a values-only table.
  constexpr bool has_remoteness() const { return value != Value::Draw && remoteness != kUnknownRemoteness; }
};

constexpr std::string_view to_string(Value v) {
  switch (v) {
    case Value::Loss: return "loss";
    case Value::Draw: return "draw";
    case Value::Win: return "win";
  }
  return "?";
}

std::optional<Value> parse_value(std::string_view text);

// The outcome of a move for the player who makes it, given the outcome of the position it
// leads to (which is valued for the opponent): a lost child is a won move, one ply longer
// (a distance not known stays not known).
constexpr Outcome from_child(Outcome child) {
  const int plies = child.remoteness == kUnknownRemoteness ? kUnknownRemoteness : child.remoteness + 1;
  switch (child.value) {
    case Value::Loss: return Outcome::win(plies);
    case Value::Win: return Outcome::loss(plies);
    case Value::Draw: break;
  }
  return Outcome::draw();
}

// A move limit turns every win or loss that takes longer than the plies left into a draw:
// the loser can delay past the limit, and the winner can still prevent any loss. (A value
// whose distance is not known cannot be cut: the table store refuses values-only tables
// for positions under a move limit.)
constexpr Outcome within_limit(Outcome o, std::optional<int> plies_left) {
  if (plies_left && o.value != Value::Draw && o.remoteness > *plies_left) return Outcome::draw();
  return o;
}

// Orders outcomes by preference of the side to move: faster wins first, then draws, then
// slower losses.
constexpr bool better(Outcome a, Outcome b) {
  if (a.value != b.value) return a.value > b.value;
  if (a.value == Value::Win) return a.remoteness < b.remoteness;
  if (a.value == Value::Loss) return a.remoteness > b.remoteness;
  return false;
}

// The value of a position from its children's values, taken one by one (each valued for
// the opponent): the best move's outcome; `any` stays false for a position with no child.
struct BestOfChildren {
  Outcome best = Outcome::loss(0);
  bool any = false;
  constexpr void take(Outcome child) {
    const Outcome o = from_child(child);
    if (!any || better(o, best)) best = o;
    any = true;
  }
};

}  // namespace zz
