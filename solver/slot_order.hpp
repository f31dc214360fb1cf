#pragma once
// The order in which initialization visits the slots of a tier whose every move leaves it
// (solver/game.hpp, HasExitLocality): window by window, sorted by the ranker's
// exit_locality key, so that the parents whose children share a block of the next tier's
// table are valued while that block is in the cache.
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace zz {

// Calls f(k) once for each k in [begin, end), in windows of 2^20 places, each in the order of
// ranker.exit_locality(slot(k)) (stable). `order` is the caller's scratch, reused.
template <class Ranker, class Slot, class F>
void for_each_slot_by_locality(const Ranker& ranker, std::uint64_t begin, std::uint64_t end, Slot&& slot,
                               std::vector<std::uint64_t>& order, F&& f) {
  constexpr int kWindowBits = 20;
  constexpr std::uint64_t kWindow = std::uint64_t{1} << kWindowBits;
  // Sorted by key with a stable radix sort, 11 bits a pass (the window's places k are
  // already in order): std::sort of the windows was 6 % of a placement tier.
  constexpr int kDigitBits = 11;
  std::array<std::uint32_t, std::size_t{1} << kDigitBits> counts;
  for (std::uint64_t w = begin; w < end; w += kWindow) {
    const std::uint64_t n = std::min(kWindow, end - w);
    order.resize(2 * n);  // the second half is the sort's scratch
    std::uint32_t largest = 0;
    for (std::uint64_t k = 0; k < n; ++k) {
      const std::uint32_t key = ranker.exit_locality(slot(w + k));
      largest = std::max(largest, key);
      order[k] = std::uint64_t{key} << kWindowBits | k;
    }
    std::uint64_t* from = order.data();
    std::uint64_t* to = from + n;
    for (int shift = 0; shift < 32 && (largest >> shift) != 0; shift += kDigitBits) {
      const auto digit = [&](std::uint64_t v) { return (v >> (kWindowBits + shift)) & (counts.size() - 1); };
      counts.fill(0);
      for (std::uint64_t k = 0; k < n; ++k) ++counts[digit(from[k])];
      std::uint32_t sum = 0;
      for (std::uint32_t& c : counts) sum += std::exchange(c, sum);
      for (std::uint64_t k = 0; k < n; ++k) to[counts[digit(from[k])]++] = from[k];
      std::swap(from, to);
    }
    for (std::uint64_t k = 0; k < n; ++k) f(w + (from[k] & (kWindow - 1)));
  }
}

}  // namespace zz
