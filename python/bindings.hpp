#pragma once
// The pieces of the Python module `zugzwang` (module.cpp): the result classes, the table
// class, and the conversion every to_dict() shares.
#include <pybind11/pybind11.h>

#include <filesystem>
#include <string>

#include "api/json.hpp"

namespace zz::python {

namespace py = pybind11;

// The documented JSON document as Python objects (dicts, lists, str, int, float, None):
// to_dict() equals what the command line prints with --json.
py::object to_python(const api::ojson& doc);

// A value as Python sees it: "win", "draw" or "loss", and the remoteness in plies (None for
// a draw).
py::str value_of(Outcome o);
py::object remoteness_of(Outcome o);

// A solve's progress report as Python holds it. SolveProgress names its tables by views into
// the solver's strings, valid during the callback only, and a callback may keep the report.
struct KeptSolveProgress : SolveProgress {
  std::string tier_name, decoding_name, coder_name;
  explicit KeptSolveProgress(const SolveProgress& p)
      : SolveProgress(p), tier_name(p.tier), decoding_name(p.decoding), coder_name(p.coder) {}
};

// A str argument's UTF-8 bytes, as the command line would receive them: bytes a str was
// decoded from (os.fsdecode) and lone surrogates come back as bytes the parsers refuse by name.
// `what` names the argument in the TypeError for anything but a str.
std::string utf8_argument(const py::handle& value, const char* what);
// A directory argument: a str, bytes or os.PathLike, as os.fsencode would give it.
std::filesystem::path path_argument(const py::handle& value, const char* what);

void bind_results(py::module_& m);
void bind_table(py::module_& m);
void bind_tablebase(py::module_& m);

}  // namespace zz::python
