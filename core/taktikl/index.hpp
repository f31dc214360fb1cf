#pragma once
// The perfect-ish index of Tak Tikl positions. The side to move is normalized away (the
// rules are the same for both colours, so a position with O to move is the colour-swapped
// position with X to move), and boards are reduced by the 8 symmetries of the square:
//   index = canonical board * 289 + mover's memory * 17 + opponent's memory
// A memory is 0 for none, else 1 + 4 * (rank of its piece among its owner's pieces) + dir.
// Memories of the side to move whose origin square is occupied forbid nothing and count as
// none; slots that no legal position maps to are unused.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/taktikl/position.hpp"

namespace zz::taktikl {

inline constexpr int kMemoryCodes = 17;

// Boards as (mover, opponent) masks, with their symmetry classes.
class BoardIndex {
 public:
  static const BoardIndex& get();

  std::uint32_t canonical_count() const { return static_cast<std::uint32_t>(canonical_.size()); }
  // Rank of a board among all 900,900 (C(16,4) mover sets times C(12,4) opponent sets).
  std::uint32_t board_rank(Mask mover, Mask other) const;

  struct Class {
    std::uint32_t id;     // index of the canonical board
    std::uint8_t to_canonical;  // a symmetry taking this board to it
  };
  Class class_of(Mask mover, Mask other) const { return classes_[board_rank(mover, other)]; }

  struct Canonical {
    Mask mover, other;
    std::uint8_t stabilizer;  // bit s set: symmetry s maps the board onto itself
  };
  const Canonical& canonical(std::uint32_t id) const { return canonical_[id]; }

 private:
  BoardIndex();
  std::vector<std::uint16_t> rank4_of_16_;  // colex rank of 4-of-16 masks
  std::vector<std::uint16_t> rank4_of_12_;  // colex rank of 4-of-12 masks
  // [free << 8 | x], x a subset of free: the bits of byte x on the set squares of byte
  // `free`, packed low.
  std::vector<std::uint8_t> compact_byte_;
  struct Free {
    void operator()(Class* p) const;
  };
  // The class of every board, by board_rank (7 MB): in transparent huge pages where the
  // kernel allows, since a cold query otherwise spends more time faulting its 1,800 pages
  // in than computing it.
  std::unique_ptr<Class[], Free> classes_;
  std::vector<Canonical> canonical_;
};

}  // namespace zz::taktikl
