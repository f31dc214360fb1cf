#pragma once
// The table the provers keep (dfpn.hpp, depth_first_proof.hpp): entries keyed by a position
// and the side that attacks, in four-way buckets; each prover decides what an entry holds and
// which entry of a full bucket gives way.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/common/hash.hpp"
#include "solver/search/position_hash.hpp"

namespace zz {

// The key of p with the attacker (or the defender) to move: equal for mirror images when the
// game's hash is, and never 0, the key of an empty entry.
template <class G>
std::uint64_t proof_key(const G& game, const typename G::Position& p, bool attacker_moves) {
  return hash_combine(position_hash(game, p), attacker_moves ? 0x5bd1e995u : 0x1b873593u) | 1;
}

inline constexpr int kProofBucketWays = 4;

// 2^bits entries (at least 4); Entry has a member `key`, 0 when empty.
template <class Entry>
class ProofBuckets {
 public:
  static constexpr int kWays = kProofBucketWays;

  explicit ProofBuckets(int bits) : entries_(std::size_t{1} << std::max(bits, 2)) {}

  // The first of the kWays entries where key k may stand.
  Entry* bucket(std::uint64_t k) { return &entries_[(k & (entries_.size() / kWays - 1)) * kWays]; }
  Entry* find(std::uint64_t k) {
    Entry* b = bucket(k);
    for (int w = 0; w < kWays; ++w)
      if (b[w].key == k) return &b[w];
    return nullptr;
  }

 private:
  std::vector<Entry> entries_;
};

}  // namespace zz
