#pragma once
// The kinds of error a Session throws, beside InputError (bad input) and MissingTable
// (session.hpp), so that every face can answer each the same way: the command line with
// exit code 2 and one line, the HTTP server with 400 and the reason, Python with its own
// exception class.
#include "core/common/error.hpp"

namespace zz::api {

// A position no table can hold (chess with castling rights, more pieces than any table) or
// whose index slot is unused. It is an InputError: asking again will not help, unlike a
// missing table, which a solve builds.
struct NotCovered : InputError {
  using InputError::InputError;
};

}  // namespace zz::api
