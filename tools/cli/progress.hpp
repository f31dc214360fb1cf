#pragma once
// A one-line progress display on stderr, redrawn at most ten times a second; silent when
// disabled (stderr is not a terminal).
#include <chrono>
#include <string>

#include "solver/retrograde.hpp"

namespace zz::cli {

class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled) {}
  void update(const SolveProgress& p);
  void finish();

 private:
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace zz::cli
