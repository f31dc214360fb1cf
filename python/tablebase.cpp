// zugzwang.chess.Tablebase: the chess tables behind the interface chess programmers know
// from python-chess's Gaviota reader (also depth to mate): probe_dtm / probe_wdl raise
// KeyError (MissingTableError, NotCoveredError) where no table answers, get_dtm / get_wdl
// return None there. A position is a FEN or anything with a fen() method (chess.Board).
// Probes release the GIL, so threads probe in parallel; the session underneath is shared.
#include <memory>
#include <optional>
#include <string>

#include "api/session.hpp"
#include "python/bindings.hpp"

namespace zz::python {
namespace {

class Tablebase {
 public:
  explicit Tablebase(const py::object& directory) {
    api::SessionOptions options;
    options.solve_on_demand = false;  // a tablebase reads what is there; solving is `zugzwang solve`
    session_ = api::open_session("chess", {}, path_argument(directory, "directory"), options);
  }

  // Plies to mate, positive when the side to move mates, negative when it is mated (0 when
  // it is mated already), 0 for a draw.
  int probe_dtm(const py::object& position) {
    const Outcome o = probe(position);
    if (o.value == Value::Draw) return 0;
    return o.value == Value::Win ? o.remoteness : -static_cast<int>(o.remoteness);
  }
  // 1 the side to move wins, 0 draw, -1 it loses.
  int probe_wdl(const py::object& position) {
    const Outcome o = probe(position);
    return o.value == Value::Win ? 1 : o.value == Value::Loss ? -1 : 0;
  }
  py::object get_dtm(const py::object& position, const py::object& fallback) {
    return or_else([&] { return probe_dtm(position); }, fallback);
  }
  py::object get_wdl(const py::object& position, const py::object& fallback) {
    return or_else([&] { return probe_wdl(position); }, fallback);
  }

  std::string directory() const { return session_->data_dir().string(); }

 private:
  Outcome probe(const py::object& position) {
    const std::string fen = utf8_argument(py::str(py::hasattr(position, "fen") ? position.attr("fen")() : position), "fen");
    py::gil_scoped_release release;
    return session_->value(fen);
  }

  template <class F>
  static py::object or_else(F&& f, const py::object& fallback) {
    try {
      return py::int_(f());
    } catch (const api::MissingTable&) {
      return fallback;
    } catch (const api::NotCovered&) {
      return fallback;
    }
  }

  std::unique_ptr<api::Session> session_;
};

}  // namespace

void bind_tablebase(py::module_& m) {
  py::module_ chess = m.def_submodule("chess", "Chess endgame tables with python-chess's tablebase interface.");
  // `import zugzwang.chess` finds it too.
  py::module_::import("sys").attr("modules")["zugzwang.chess"] = chess;
  py::class_<Tablebase>(chess, "Tablebase", R"(The chess tables (depth to mate) in a data directory.

    tb = zugzwang.chess.Tablebase("DIR")
    tb.probe_dtm("8/8/8/8/8/2k5/1R6/K7 w - - 0 1")   # plies to mate: +n wins, -n loses, 0 draw
    tb.probe_wdl(board)                               # 1, 0, -1; board: a FEN or a chess.Board

probe_* raise KeyError (zugzwang.MissingTableError, zugzwang.NotCoveredError) where no table
answers; get_* return None there. Safe to use from several threads.)")
      .def(py::init<const py::object&>(), py::arg("directory"))
      .def("probe_dtm", &Tablebase::probe_dtm, py::arg("board"),
           "Plies to mate for the side to move: positive wins, negative loses, 0 draws (or is mated).")
      .def("probe_wdl", &Tablebase::probe_wdl, py::arg("board"), "1 the side to move wins, 0 draw, -1 loses.")
      .def("get_dtm", &Tablebase::get_dtm, py::arg("board"), py::arg("default") = py::none(),
           "probe_dtm, or `default` (None) where no table answers.")
      .def("get_wdl", &Tablebase::get_wdl, py::arg("board"), py::arg("default") = py::none(),
           "probe_wdl, or `default` (None) where no table answers.")
      .def_property_readonly("directory", &Tablebase::directory)
      .def("close", [](Tablebase&) {}, "Nothing to release (python-chess's readers have close()).")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](Tablebase&, py::args) { return false; });
}

}  // namespace zz::python
