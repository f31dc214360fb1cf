#pragma once
// The perfect-ish index of Tak Tikl positions, on either board. The side to move is
// normalized away (the rules are the same for both colours, so a position with O to move
// is the colour-swapped position with X to move), and boards are reduced by the board's
// symmetries (symmetry.hpp: 8 on 4x4, 4 on 4x5):
//   index = canonical board * 289 + mover's memory * 17 + opponent's memory
// A memory is 0 for none, else 1 + 4 * (rank of its piece among its owner's pieces) + dir.
// Memories of the side to move whose origin square is occupied forbid nothing and count as
// none; slots that no legal position maps to are unused.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/taktikl/position.hpp"
#include "core/taktikl/symmetry.hpp"

namespace zz::taktikl {

inline constexpr int kMemoryCodes = 17;

// Boards as (mover, opponent) masks, with their symmetry classes.
class BoardIndex {
 public:
  // Built on first use, once per board (4x4: 900,900 boards, 7 MB; 4x5: 8,817,900, 71 MB).
  static const BoardIndex& get(const Geometry& g);

  const Geometry& geometry() const { return geometry_; }
  const SymmetryTables& symmetries() const { return symmetries_; }
  std::uint32_t canonical_count() const { return static_cast<std::uint32_t>(canonical_.size()); }
  // Rank of a board among all C(N,4) mover sets times C(N-4,4) opponent sets (N squares).
  std::uint32_t board_rank(Mask mover, Mask other) const {
    // The opponent's squares renumbered among those the mover leaves free, a byte at a time
    // (the index's construction ranks every board, and a cold query waits for it).
    const Mask free = ~mover & geometry_.all();
    unsigned compacted = 0, shift = 0;
    for (int c = 0; c < 24; c += 8) {
      const unsigned f = free >> c & 0xFF;
      compacted |= unsigned{compact_byte_[f << 8 | (other >> c & 0xFF)]} << shift;
      shift += static_cast<unsigned>(__builtin_popcount(f));
    }
    return std::uint32_t{rank4_of_all_[mover]} * others_ + rank4_of_rest_[compacted];
  }

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
  explicit BoardIndex(const Geometry& g);
  const Geometry& geometry_;
  const SymmetryTables& symmetries_;
  std::uint32_t others_;  // C(N-4, 4): opponent sets per mover set
  std::vector<std::uint16_t> rank4_of_all_;   // colex rank of 4-of-N masks
  std::vector<std::uint16_t> rank4_of_rest_;  // colex rank of 4-of-(N-4) masks
  // [free << 8 | x], x a subset of free: the bits of byte x on the set squares of byte
  // `free`, packed low.
  std::vector<std::uint8_t> compact_byte_;
  struct Free {
    void operator()(Class* p) const;
  };
  // The class of every board, by board_rank: in transparent huge pages where the kernel
  // allows, since a cold query otherwise spends more time faulting its pages in than
  // computing it.
  std::unique_ptr<Class[], Free> classes_;
  std::vector<Canonical> canonical_;
};

}  // namespace zz::taktikl
