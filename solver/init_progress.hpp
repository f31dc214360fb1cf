#pragma once
// Progress through a tier's initialization, reported a tenth of its slots at a time: the
// first pass over a large tier (every slot unranked, its moves generated, its exits read)
// printed nothing for minutes, half an hour on a six-pawn Tablut table, and a solve that
// prints nothing looks hung. Small tiers (under 2^24 slots) report nothing: their pass takes
// seconds. Worker threads call add() as they finish a range; one report at a time.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string_view>

#include "solver/solve_options.hpp"

namespace zz {

class InitProgress {
 public:
  static constexpr std::uint64_t kSmallestReported = std::uint64_t{1} << 24;
  static constexpr int kReports = 10;

  InitProgress(const SolveOptions& options, std::string_view tier, std::uint64_t slots)
      : options_(options), tier_(tier), slots_(slots),
        step_(options.progress && slots >= kSmallestReported ? slots / kReports : 0), next_(step_) {}

  // `slots` more slots are initialized.
  void add(std::uint64_t slots) {
    if (step_ == 0) return;
    const std::uint64_t done = done_.fetch_add(slots, std::memory_order_relaxed) + slots;
    std::uint64_t next = next_.load(std::memory_order_relaxed);
    if (done < next || done >= slots_) return;  // the last tenth is the levels' first report
    if (!next_.compare_exchange_strong(next, (done / step_ + 1) * step_, std::memory_order_relaxed)) return;
    std::lock_guard lock(report_);
    if (done <= reported_) return;  // a later count reported first
    reported_ = done;
    SolveProgress p{tier_, 0, 0, slots_, 0};
    p.initializing = true;
    p.initialized = done;
    options_.progress(p);
  }

 private:
  const SolveOptions& options_;
  std::string_view tier_;
  std::uint64_t slots_, step_;
  std::atomic<std::uint64_t> done_{0}, next_;
  std::mutex report_;
  std::uint64_t reported_ = 0;  // under report_
};

}  // namespace zz
