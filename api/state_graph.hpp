#pragma once
// A game given as its explicit graph of states: every state reachable from the start, by a
// dense id (0 is the start), its moves' children in CSR arrays, its parents for un-moves,
// the value of every finished state and the side to move. Built once, front to back, by
// whoever enumerates the states (the Python module calls a researcher's moves() once per
// state: python/graph_builder.cpp); the solver then reads it without callbacks.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/common/outcome.hpp"

namespace zz::api {

using StateId = std::uint32_t;

class StateGraph {
 public:
  // The next state in id order (ids are given out in the order states are added, starting
  // at 0) with its children, in the order its moves were listed, or its value when over.
  // `side` is the player to move, 0 or 1.
  void add_state(std::span<const StateId> children, std::optional<Value> over, int side);
  // Called once every state is added: builds the parents and the digest.
  void finish();

  std::uint32_t size() const { return static_cast<std::uint32_t>(side_.size()); }
  std::uint64_t edges() const { return child_.size(); }

  std::span<const StateId> children(StateId s) const {
    return {child_.data() + first_child_[s], child_.data() + first_child_[s + 1]};
  }
  // Each state with a move to s, once however many moves lead there.
  std::span<const StateId> parents(StateId s) const {
    return {parent_.data() + first_parent_[s], parent_.data() + first_parent_[s + 1]};
  }
  // The index of the move (edge) `slot` of s, and the state an edge leaves from.
  std::uint64_t edge(StateId s, std::uint32_t slot) const { return first_child_[s] + slot; }
  StateId edge_target(std::uint64_t e) const { return child_[e]; }
  StateId edge_source(std::uint64_t e) const;
  std::uint32_t edge_slot(std::uint64_t e) const { return static_cast<std::uint32_t>(e - first_child_[edge_source(e)]); }

  std::optional<Outcome> outcome(StateId s) const {
    const std::uint8_t v = over_[s];
    if (v == kGoesOn) return std::nullopt;
    return Outcome{static_cast<Value>(v), 0};
  }
  int side(StateId s) const { return side_[s]; }

  // Identifies the graph: states, edges in order, values and sides. A table keeps it.
  const std::string& digest() const { return digest_; }
  // Bytes the graph holds (for a memory budget while it grows).
  std::uint64_t bytes() const;

 private:
  static constexpr std::uint8_t kGoesOn = 0xff;

  std::vector<std::uint64_t> first_child_{0};  // size() + 1 offsets into child_
  std::vector<StateId> child_;
  std::vector<std::uint64_t> first_parent_;  // size() + 1 offsets into parent_
  std::vector<StateId> parent_;
  std::vector<std::uint8_t> over_;  // a Value, or kGoesOn
  std::vector<std::uint8_t> side_;
  std::string digest_;
};

}  // namespace zz::api
