#include "python/embed/game_file.hpp"

#include <filesystem>
#include <regex>
#include <vector>

#include "core/common/error.hpp"
#include "core/common/one_line.hpp"

namespace zz::python_embed {
namespace {

struct Spec {
  std::filesystem::path file;
  std::string name;       // empty: the file's one game class
  std::string arguments;  // "(5, 4)": the class is made with them (Python literals); empty: ()
};

bool is_identifier(const std::string& text) { return !text.empty() && py::str(text).attr("isidentifier")().cast<bool>(); }

// FILE.py:NAME or FILE.py:NAME(ARGUMENTS) split at the colon before the name, so that a path
// with a colon in it still reads as a path.
Spec parse_spec(const std::string& spec) {
  static const std::regex named(R"(^(.+):([A-Za-z_][A-Za-z0-9_]*)(\(.*\))?$)");
  std::smatch m;
  if (std::regex_match(spec, m, named)) return {m[1].str(), m[2].str(), m[3].str()};
  return {spec, "", ""};
}

// The arguments of NAME(ARGUMENTS) as a tuple of Python literals (never code to run).
py::tuple literal_arguments(const Spec& spec) {
  if (spec.arguments.empty()) return py::tuple();
  const std::string inner = spec.arguments.substr(1, spec.arguments.size() - 2);
  try {
    py::object value = py::module_::import("ast").attr("literal_eval")("(" + inner + (inner.empty() ? ")" : ",)"));
    return value.cast<py::tuple>();
  } catch (py::error_already_set&) {
    throw InputError("the arguments of " + spec.name + spec.arguments + " are not Python literals (numbers, strings, "
                     "tuples...) separated by commas");
  }
}

// "SyntaxError: invalid syntax (game.py, line 3)", from the error being handled.
std::string error_text(py::error_already_set& e) {
  std::string type = "an exception", message;
  try {
    type = py::str(e.type().attr("__name__"));
    message = py::str(e.value());
  } catch (py::error_already_set&) {
  }
  return one_line(type + (message.empty() ? "" : ": " + message));
}

bool is_game(const py::handle& o) {
  return py::hasattr(o, "start") && py::hasattr(o, "moves") && py::hasattr(o, "outcome");
}

// The classes with start, moves and outcome the module itself defines (not those it imports).
std::vector<std::string> game_classes(const py::module_& module) {
  std::vector<std::string> names;
  const py::object module_name = module.attr("__name__");
  for (const auto& [key, value] : py::reinterpret_borrow<py::dict>(module.attr("__dict__"))) {
    if (!PyType_Check(value.ptr()) || !is_game(value)) continue;
    if (!py::hasattr(value, "__module__")) continue;
    const py::object defined_in = value.attr("__module__");
    if (!defined_in.equal(module_name)) continue;
    names.push_back(py::str(key));
  }
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
  return text.empty() ? "none" : text;
}

py::module_ import_file(const std::filesystem::path& file) {
  const std::string shown = one_line(file.string());
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) throw InputError("the game file " + shown + " does not exist");
  const std::filesystem::path absolute = std::filesystem::absolute(file);
  std::string module_name = absolute.stem().string();
  if (!is_identifier(module_name)) module_name = "zugzwang_game";
  py::module_ sys = py::module_::import("sys");
  sys.attr("path").attr("insert")(0, absolute.parent_path().string());
  try {
    py::module_ util = py::module_::import("importlib.util");
    py::object spec = util.attr("spec_from_file_location")(module_name, absolute.string());
    if (spec.is_none()) throw InputError("the game file " + shown + " is not a Python file Python can import");
    py::module_ module = util.attr("module_from_spec")(spec);
    sys.attr("modules")[py::str(module_name)] = module;  // dataclasses and pickle look their module up there
    spec.attr("loader").attr("exec_module")(module);
    return module;
  } catch (py::error_already_set& e) {
    throw InputError("the game file " + shown + " does not import: " + error_text(e));
  }
}

}  // namespace

py::object load_game_file(const std::string& text) {
  const Spec spec = parse_spec(text);
  const std::string shown = one_line(spec.file.string());
  py::module_ module = import_file(spec.file);
  std::string name = spec.name;
  if (name.empty()) {
    const auto classes = game_classes(module);
    if (classes.size() != 1)
      throw InputError("the game file " + shown + " defines " +
                       (classes.empty() ? std::string("no class with start, moves and outcome")
                                        : "several games (" + joined(classes) + "): name one, " + shown + ":" +
                                              classes.front()));
    name = classes.front();
  }
  if (!py::hasattr(module, name.c_str()))
    throw InputError("the game file " + shown + " defines no " + one_line(name) + " (its games: " +
                     joined(game_classes(module)) + ")");
  py::object found = module.attr(name.c_str());
  if (!PyType_Check(found.ptr())) {  // a game object the file made itself
    if (!spec.arguments.empty()) throw InputError(name + " is not a class: it takes no arguments");
    return found;
  }
  const py::tuple arguments = literal_arguments(spec);
  try {
    return found(*arguments);
  } catch (py::error_already_set& e) {
    const std::string called = name + (spec.arguments.empty() ? "()" : spec.arguments);
    throw InputError(called + " raised " + error_text(e) +
                     (spec.arguments.empty() ? " (give the class its arguments: " + shown + ":" + name + "(...))" : ""));
  }
}

}  // namespace zz::python_embed
