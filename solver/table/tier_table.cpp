#include "solver/table/tier_table.hpp"

#include <algorithm>

#include <tbb/parallel_reduce.h>
#include <tbb/blocked_range.h>

namespace zz {

TierStats TierTable::stats() const {
  auto add = [](TierStats a, const TierStats& b) {
    a.wins += b.wins;
    a.losses += b.losses;
    a.draws += b.draws;
    a.longest_win = std::max(a.longest_win, b.longest_win);
    a.longest_loss = std::max(a.longest_loss, b.longest_loss);
    return a;
  };
  TierStats s = tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, codes_.size(), 1 << 16), TierStats{},
      [&](const tbb::blocked_range<std::size_t>& r, TierStats acc) {
        for (std::size_t i = r.begin(); i != r.end(); ++i) {
          const Code c = codes_[i];
          if (c == kUnusedCode) continue;
          const Outcome o = decode(c);
          switch (o.value) {
            case Value::Win: ++acc.wins; acc.longest_win = std::max<int>(acc.longest_win, o.remoteness); break;
            case Value::Loss: ++acc.losses; acc.longest_loss = std::max<int>(acc.longest_loss, o.remoteness); break;
            case Value::Draw: ++acc.draws; break;
          }
        }
        return acc;
      },
      add);
  s.entries = codes_.size();
  return s;
}

}  // namespace zz
