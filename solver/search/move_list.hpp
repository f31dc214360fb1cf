#pragma once
// A fixed-capacity list of moves with ordering scores, filled by the game's engine knowledge
// and sorted lazily by the search: hot paths allocate nothing.
#include <array>
#include <cstdint>
#include <utility>

namespace zz::search {

// Move flags the search reads: tactical moves are neither reduced nor pruned.
inline constexpr std::uint8_t kCapture = 1;  // takes something
inline constexpr std::uint8_t kThreat = 2;   // threatens to win at once (the reply is forced)
inline constexpr std::uint8_t kTactical = kCapture | kThreat;

template <class Move>
struct ScoredMove {
  Move move;
  std::int32_t score = 0;
  std::uint8_t flags = 0;
};

template <class Move, int Capacity = 384>
class MoveList {
 public:
  void clear() { size_ = 0; }
  void add(Move m, std::int32_t score = 0, std::uint8_t flags = 0) {
    if (size_ < Capacity) items_[size_++] = {m, score, flags};
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  ScoredMove<Move>& operator[](int i) { return items_[i]; }
  const ScoredMove<Move>& operator[](int i) const { return items_[i]; }

  // Moves the best-scored move of [i, size) to position i and returns it (selection sort:
  // a cut-off usually comes after a few moves, so sorting the whole list would be waste).
  ScoredMove<Move>& pick(int i) {
    int best = i;
    for (int j = i + 1; j < size_; ++j)
      if (items_[j].score > items_[best].score) best = j;
    std::swap(items_[i], items_[best]);
    return items_[i];
  }

 private:
  std::array<ScoredMove<Move>, Capacity> items_;
  int size_ = 0;
};

}  // namespace zz::search
