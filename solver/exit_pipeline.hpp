#pragma once
// Initialization of a tier whose every move leaves it (a placement tier of Nine Men's
// Morris), a few positions ahead: each position's children are named in one call
// (HasExitBatch) and their codes prefetched, and they are read only when the positions
// named after it have been prefetched too. Reading a position's children right after
// prefetching them waited on memory for the first of them: half of the time of the function
// that valued them, a sixth of a placement tier's.
#include <array>
#include <cstdint>
#include <stdexcept>

#include "solver/retrograde_moves.hpp"

namespace zz::retro_detail {

template <Enumerable G>
  requires HasExitBatch<G>
class ExitPipeline {
  using Position = typename G::Position;

 public:
  // Positions named ahead of the one being valued: with 10-20 children each, some 50 reads
  // in flight.
  static constexpr int kDepth = 4;

  explicit ExitPipeline(const TierMoves<G>& moves) : moves_(moves) {}

  // Names the children of p (slot l) and prefetches their codes. False when the kernel
  // declines p: the caller values it by its moves instead (TierMoves::children).
  bool name(std::uint64_t l, const Position& p) {
    Named& e = ring_[static_cast<std::size_t>((first_ + size_) % kDepth)];
    const int n = moves_.ranker().exit_children(p, e.tiers.data(), e.indices.data());
    if (n < 0) return false;
    if (n == 0) throw std::logic_error("position " + moves_.game().format(p) + " has no move and no outcome");
    for (int k = 0; k < n; ++k) moves_.exit_table(e.tiers[static_cast<std::size_t>(k)])->prefetch_code(e.indices[static_cast<std::size_t>(k)]);
    e.l = l;
    e.n = n;
    ++size_;
    return true;
  }

  bool full() const { return size_ == kDepth; }
  bool empty() const { return size_ == 0; }

  // The position named first of those not yet valued: its slot, and the summary of its
  // children's values (all of them outside the tier).
  std::uint64_t value_first(ExternalSummary& ext) {
    const Named& e = ring_[static_cast<std::size_t>(first_)];
    for (int k = 0; k < e.n; ++k) {
      const auto at = static_cast<std::size_t>(k);
      ext.add(decode(moves_.exit_table(e.tiers[at])->code_of_used(e.indices[at])));
    }
    first_ = (first_ + 1) % kDepth;
    --size_;
    return e.l;
  }

 private:
  struct Named {
    std::uint64_t l = 0;
    int n = 0;
    std::array<int, kMaxChildren> tiers;  // not initialized: written before read
    std::array<std::uint64_t, kMaxChildren> indices;
  };

  const TierMoves<G>& moves_;
  std::array<Named, kDepth> ring_;
  int first_ = 0, size_ = 0;
};

// The pipeline type of a game, or int for a game without HasExitBatch (never used then).
template <class G>
struct ExitPipelineOfT {
  using type = int;
};
template <class G>
  requires HasExitBatch<G>
struct ExitPipelineOfT<G> {
  using type = ExitPipeline<G>;
};
template <class G>
using ExitPipelineOf = typename ExitPipelineOfT<G>::type;

}  // namespace zz::retro_detail
