// Python's str arguments as the command line receives its arguments: UTF-8 bytes.
#include <filesystem>
#include <string>

#include "python/bindings.hpp"

namespace zz::python {

std::string utf8_argument(const py::handle& value, const char* what) {
  if (!py::isinstance<py::str>(value)) throw py::type_error(std::string(what) + " must be a str");
  // A str decoded from bytes that are not UTF-8 (os.fsdecode: surrogateescape) gives those bytes
  // back; any other lone surrogate ("\ud800") is kept as its own three bytes (surrogatepass).
  // Either way the parsers refuse the text by its bytes, escaped, as the command line refuses
  // them, where a plain cast would fail with an error naming no argument.
  PyObject* raw = PyUnicode_AsEncodedString(value.ptr(), "utf-8", "surrogateescape");
  if (raw == nullptr) {
    PyErr_Clear();
    raw = PyUnicode_AsEncodedString(value.ptr(), "utf-8", "surrogatepass");
  }
  if (raw == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::bytes>(raw).cast<std::string>();
}

std::filesystem::path path_argument(const py::handle& value, const char* what) {
  // os.fspath takes a str, bytes or os.PathLike (pathlib.Path); a str is encoded as os.fsencode
  // would, so a directory named by bytes that are not UTF-8 is that directory.
  const py::object path = py::module_::import("os").attr("fspath")(value);
  if (py::isinstance<py::bytes>(path)) return std::filesystem::path(path.cast<std::string>());
  return std::filesystem::path(utf8_argument(path, what));
}

}  // namespace zz::python
