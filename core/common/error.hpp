#pragma once
// Errors that reach the user. InputError is bad input (exit code 2): a malformed position,
// an illegal move, an unknown option, a missing or mismatched table. Anything else that
// escapes is a runtime failure (exit code 1).
#include <stdexcept>
#include <string>

namespace zz {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A long computation stopped on request (its stop flag), not failed.
struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("cancelled") {}
};

}  // namespace zz
