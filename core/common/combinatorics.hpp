#pragma once
// Perfect indices for sets and sequences of distinct squares, the building blocks of every
// tier index: a k-subset of n squares ranks in [0, C(n,k)), an ordered sequence of k
// distinct squares in [0, n!/(n-k)!).
#include <cstdint>
#include <span>

namespace zz {

inline constexpr int kMaxBinomial = 128;

// C(n, k) for 0 <= n < kMaxBinomial, k <= n; 0 when k > n. Exact up to 2^64.
std::uint64_t binomial(int n, int k);

// n! / (n-k)!
std::uint64_t arrangements(int n, int k);

// Colexicographic rank of a strictly increasing list of squares (the combinatorial number
// system): sum of C(s_i, i+1).
std::uint64_t rank_subset(std::span<const int> increasing_squares);
// Inverse of rank_subset for subsets of size out.size() of {0..n-1}; fills increasing.
void unrank_subset(std::uint64_t rank, int n, std::span<int> out);

// Rank of a sequence of distinct squares in {0..n-1} (mixed-radix Lehmer code).
std::uint64_t rank_arrangement(std::span<const int> squares, int n);
void unrank_arrangement(std::uint64_t rank, int n, std::span<int> out);

}  // namespace zz
