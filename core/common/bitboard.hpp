#pragma once
// Helpers shared by every bitboard game: iteration over set bits without allocation.
#include <bit>
#include <concepts>
#include <cstdint>

namespace zz {

template <std::unsigned_integral B>
constexpr int popcount(B b) { return std::popcount(b); }

template <std::unsigned_integral B>
constexpr int lsb(B b) { return std::countr_zero(b); }

// Removes and returns the lowest set bit's index.
template <std::unsigned_integral B>
constexpr int pop_lsb(B& b) {
  int s = std::countr_zero(b);
  b &= b - 1;
  return s;
}

// Calls f(square) for every set bit, lowest first.
template <std::unsigned_integral B, class F>
constexpr void for_each_bit(B b, F&& f) {
  while (b) f(pop_lsb(b));
}

}  // namespace zz
