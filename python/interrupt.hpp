#pragma once
// Long calls (solve, analyze) run on a worker thread without the GIL while the calling
// thread waits for them in short slices, checking for Ctrl-C (Python's signal handlers run
// only there). On a signal, or an exception from a Python callback, the worker is told to
// stop through its stop flag and the error is raised once it has stopped.
#include <atomic>
#include <chrono>
#include <exception>
#include <future>
#include <optional>

#include <pybind11/pybind11.h>

#include "core/common/error.hpp"

namespace zz::python {

namespace py = pybind11;

// Holds the first Python error raised inside callbacks of the worker, to re-raise later.
struct CallbackError {
  std::optional<py::error_already_set> error;
};

template <class Work>
auto run_interruptible(Work&& work) {
  std::atomic<bool> stop{false};
  CallbackError callback_error;
  using Result = decltype(work(&stop, callback_error));
  std::future<Result> done;
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    done = std::async(std::launch::async, [&] { return work(&stop, callback_error); });
    // Until the worker is done: it may need the GIL for a callback, so the GIL is held only
    // for the check.
    while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      py::gil_scoped_acquire acquire;
      if (!interrupted && PyErr_CheckSignals() != 0) {
        interrupted = true;  // the KeyboardInterrupt stays set on this thread
        stop = true;
      }
    }
  }
  if (interrupted || callback_error.error) {
    try {
      done.get();  // the worker's own end: Cancelled, or a result it finished anyway
    } catch (const std::exception&) {
    }
    if (interrupted) throw py::error_already_set();
    throw *callback_error.error;
  }
  return done.get();
}

}  // namespace zz::python
