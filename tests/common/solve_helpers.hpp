#pragma once
// What the solver tests of every game share: running a solve under a thread limit, and
// comparing two tables entry by entry.
#include <algorithm>

#include <tbb/global_control.h>

#include "solver/table/tier_table.hpp"

namespace zz_test {

// f() with TBB limited to `threads` workers (for the 1-thread / 2-thread comparisons).
template <class F>
auto with_threads(int threads, F&& f) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  return f();
}

inline bool same_codes(const zz::TierTable& a, const zz::TierTable& b) {
  return a.width() == b.width() && std::ranges::equal(a.bytes(), b.bytes());
}

}  // namespace zz_test
