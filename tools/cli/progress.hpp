#pragma once
// Solve progress on stderr. On a terminal: one line redrawn at most ten times a second. In a
// log (a batch job's stderr, mpirun's forwarded output): one line per level, with the time
// and the bytes the ranks exchanged (and a compact solve its scratch file's bytes written and
// read), so a long job can be followed and its cost read later; a large tier also reports
// each tenth of its initialization and the write of its table.
#include <chrono>
#include <string>

#include "solver/solve_options.hpp"

namespace zz::cli {

class Progress {
 public:
  enum class Mode { Off, Redraw, Lines };
  explicit Progress(Mode mode) : mode_(mode) {}
  explicit Progress(bool enabled) : mode_(enabled ? Mode::Redraw : Mode::Off) {}
  void update(const SolveProgress& p);
  void finish();

 private:
  Mode mode_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace zz::cli
