// `import zugzwang`: the solver and its tables from Python, on the same results layer as the
// command line and the HTTP server (api/session.hpp). Every answer is a Python object; its
// to_dict() is the command line's --json document.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "api/build_info.hpp"
#include "api/session.hpp"
#include "python/bindings.hpp"
#include "python/interrupt.hpp"
#include "python/py_game.hpp"
#include "python/table.hpp"
#include "api/limits.hpp"
#include "core/common/byte_size.hpp"
#include "core/common/one_line.hpp"
#include "core/common/error.hpp"

namespace zz::python {
namespace {

// A number of bytes: an int, or a size such as '8G'; 0 for None.
std::uint64_t memory_argument(const py::object& memory) {
  if (memory.is_none()) return 0;
  if (py::isinstance<py::str>(memory)) return parse_byte_size(utf8_argument(memory, "memory"));
  const long long bytes = memory.cast<long long>();
  if (bytes <= 0) throw InputError("memory must be a positive number of bytes or a size such as '8G'");
  return static_cast<std::uint64_t>(bytes);
}

// zugzwang.Game: one game under one rule variant, with one data directory; a built-in game
// by its name, or a game written in Python (an object with start, moves and outcome).
class GameHandle {
 public:
  GameHandle(const py::object& game, const py::object& rules, const py::object& data, const py::object& memory) {
    const std::filesystem::path dir =
        data.is_none() ? api::default_data_dir() : path_argument(data, "data");
    if (!py::isinstance<py::str>(game) && !py::isinstance<py::bytes>(game)) {
      if (!rules.is_none()) throw InputError("rules are for the built-in games: a Python game's rules are its code");
      PythonGame opened = open_python_game(game, dir, memory_argument(memory));
      session_ = std::move(opened.session);
      notation_ = std::move(opened.notation);
      enumeration_ = py::dict(py::arg("states") = opened.states, py::arg("moves") = opened.moves,
                              py::arg("seconds") = opened.enumeration_seconds,
                              py::arg("positions_per_second") =
                                  opened.enumeration_seconds > 0 ? opened.states / opened.enumeration_seconds : 0.0);
      return;
    }
    if (!memory.is_none()) throw InputError("memory is for games written in Python (solve takes its own)");
    const std::string name = utf8_argument(game, "name");
    std::vector<std::string> assignments;
    if (!rules.is_none()) {
      if (!py::isinstance<py::dict>(rules)) throw InputError("rules must be a dict such as {\"no-move\": \"pass\"}");
      for (const auto& [k, v] : rules.cast<py::dict>())
        assignments.push_back(utf8_argument(py::str(k), "a rule") + "=" + utf8_argument(py::str(v), "a rule"));
    }
    session_ = api::open_session(name, assignments, dir);
  }

  api::Session& session() { return *session_; }
  // How the states of a Python game were listed (None for a built-in game).
  py::object enumeration() const { return enumeration_ ? py::object(enumeration_) : py::none(); }

  // A position argument as the session reads it: None is the start; a built-in game's
  // position is its text, a Python game's is a state.
  std::string position_text(const py::object& position) const {
    if (position.is_none()) return "start";
    if (notation_) return notation_->format(notation_->id_of(position));
    return utf8_argument(py::str(position), "position");
  }

 private:
  std::unique_ptr<api::Session> session_;
  std::shared_ptr<const PyNotation> notation_;
  py::object enumeration_;
};

std::string position_text(GameHandle& g, const py::object& position) { return g.position_text(position); }

api::SolveReport solve(GameHandle& g, const py::object& material, const py::object& threads, bool rebuild,
                       const py::object& progress, const py::object& memory, const py::object& working_state,
                       const py::object& codec, const py::object& level) {
  api::SolveRequest request;
  request.memory = memory_argument(memory);
  request.working_state = utf8_argument(working_state, "working_state");
  if (!codec.is_none()) request.codec = utf8_argument(codec, "codec");
  if (!level.is_none()) {
    if (!py::isinstance<py::int_>(level) || py::isinstance<py::bool_>(level))
      throw InputError("level must be an integer");
    request.level = level.cast<int>();
  }
  if (!material.is_none()) request.material = utf8_argument(material, "material");
  if (!threads.is_none()) {
    request.threads = threads.cast<int>();
    if (request.threads <= 0) throw InputError("threads must be a positive integer");
  }
  request.rebuild = rebuild;
  request.command = "zugzwang.Game(\"" + g.session().info().name + "\").solve()";
  return run_interruptible([&](const std::atomic<bool>* stop, CallbackError& error) {
    request.stop = stop;
    if (!progress.is_none())
      request.progress = [&](const SolveProgress& p) {
        py::gil_scoped_acquire acquire;
        if (error.error) return;
        try {
          progress(KeptSolveProgress(p));
        } catch (py::error_already_set& e) {
          error.error = e;
          const_cast<std::atomic<bool>*>(stop)->store(true);
        }
      };
    return g.session().solve(request);
  });
}

api::AnalyzeResult analyze(GameHandle& g, const py::object& position, const py::object& depth, const py::object& seconds,
                           const py::object& progress, int lines, int threads) {
  api::AnalyzeRequest request;
  request.position = position_text(g, position);
  request.lines = lines;
  request.threads = threads;
  if (!depth.is_none()) request.depth = depth.cast<int>();
  if (!seconds.is_none()) request.seconds = seconds.cast<double>();
  api::check(request);  // the results layer's limits (api/limits.hpp), before any thread starts
  g.session().normalize(request.position);  // a bad position raises before any thread starts
  return run_interruptible([&](const std::atomic<bool>* stop, CallbackError& error) {
    request.stop = stop;
    if (!progress.is_none())
      request.progress = [&](const api::AnalyzeProgress& p) {
        py::gil_scoped_acquire acquire;
        if (error.error) return;
        try {
          progress(p);
        } catch (py::error_already_set& e) {
          error.error = e;
          const_cast<std::atomic<bool>*>(stop)->store(true);
        }
      };
    api::AnalyzeResult r = g.session().analyze(request);
    if (r.cancelled && !error.error) throw Cancelled();
    return r;
  });
}

api::ReviewResult review(GameHandle& g, const py::object& start, const py::object& moves,
                         int proof_plies, std::uint64_t proof_nodes) {
  api::ReviewOptions options;
  options.proof_plies = proof_plies;
  options.proof_nodes = proof_nodes;
  api::check(options);
  if (py::isinstance<py::str>(moves)) throw py::type_error("moves must be a list of moves, not one str");
  std::vector<std::string> texts;
  for (const auto& mv : py::iter(moves)) texts.push_back(utf8_argument(mv, "a move"));
  return g.session().review(position_text(g, start), texts, options);
}

// Rows of the tables as dicts, like the command line's export documents.
py::list export_rows(GameHandle& g, const py::object& material, const py::object& where, const py::object& limit) {
  api::ExportRequest request;
  if (!material.is_none()) request.material = utf8_argument(material, "material");
  if (!where.is_none()) request.where = api::parse_where(utf8_argument(where, "where"));
  if (!limit.is_none()) {
    const long long n = limit.cast<long long>();
    if (n < 0) throw InputError("limit must be a non-negative integer");
    request.limit = static_cast<std::uint64_t>(n);
  }
  py::list rows;
  g.session().export_rows(request, [&](const api::ExportRow& row) { rows.append(to_python(api::to_json(row))); });
  return rows;
}

}  // namespace
}  // namespace zz::python

PYBIND11_MODULE(zugzwang, m) {
  using namespace zz;
  using namespace zz::python;
  m.doc() = R"(The zugzwang solver and its tables: exact values of TateDrez, Tak Tikl, Tablut and chess
endgame positions. Start with zugzwang.games() and zugzwang.Game(name, rules, data).)";
  m.attr("__version__") = api::build_info().version;

  // Kept for the life of the process (a static object would be released after the
  // interpreter has finalized).
  static auto& input_error = *new py::exception<InputError>(m, "InputError", PyExc_ValueError);
  // Both are KeyErrors too, as python-chess's tablebase readers raise where no table answers.
  static auto& missing_table = *new py::exception<api::MissingTable>(
      m, "MissingTableError", py::make_tuple(py::handle(PyExc_FileNotFoundError), py::handle(PyExc_KeyError)).release());
  static auto& not_covered = *new py::exception<api::NotCovered>(
      m, "NotCoveredError", py::make_tuple(input_error, py::handle(PyExc_KeyError)).release());
  // Translators run newest first: a missing table (an InputError too) is checked first.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      input_error(one_line(e.what()).c_str());
    } catch (const Cancelled&) {
      PyErr_SetString(PyExc_KeyboardInterrupt, "cancelled");
    }
  });
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const api::NotCovered& e) {
      not_covered(one_line(e.what()).c_str());
    } catch (const api::MissingTable& e) {
      py::object error = py::reinterpret_borrow<py::object>(missing_table)(one_line(e.what()));
      error.attr("command") = e.command;
      error.attr("bytes") = e.bytes;
      PyErr_SetObject(missing_table.ptr(), error.ptr());
    }
  });

  bind_results(m);
  bind_table(m);
  bind_tablebase(m);

  m.def("games", [] { return api::games(); }, "Every game: name, summary, rule options, start position, capabilities.");
  m.def("build_info", [] {
    const auto& b = api::build_info();
    py::dict d;
    d["version"] = b.version;
    d["commit"] = b.commit;
    d["build_type"] = b.build_type;
    d["compiler"] = b.compiler;
    d["table_format"] = b.table_format;
    return d;
  });

  py::class_<GameHandle>(m, "Game", R"(One game under one rule variant, with one data directory of tables.

    g = zugzwang.Game("taktikl", rules={"no-return": "off"}, data="DIR")
    g = zugzwang.Game(MyGame(), data="DIR", memory="2G")   # a game written in Python

A game written in Python is an object with start(), moves(state) -> (move_text, next_state)
pairs and outcome(state) -> None, "win", "loss" or "draw" for the player to move; optional
name, players, format, parse, view, symmetries, no_moves (docs/python-games.md). Its states
are listed when the Game is made (memory caps them); positions are then its states.

data defaults to $ZUGZWANG_DATA, else $XDG_DATA_HOME/zugzwang, else ~/.local/share/zugzwang.)")
      .def(py::init<const py::object&, const py::object&, const py::object&, const py::object&>(), py::arg("name"),
           py::arg("rules") = py::none(), py::arg("data") = py::none(), py::arg("memory") = py::none())
      .def_property_readonly("enumeration", &GameHandle::enumeration,
                             "A Python game's states, moves, seconds and positions_per_second when listed; None for "
                             "a built-in game.")
      .def_property_readonly("name", [](GameHandle& g) { return g.session().info().name; })
      .def_property_readonly("info", [](GameHandle& g) { return g.session().info(); })
      .def_property_readonly("rules", [](GameHandle& g) { return g.session().rules(); })
      .def_property_readonly("data", [](GameHandle& g) { return g.session().data_dir(); })
      .def_property_readonly("start", [](GameHandle& g) { return g.session().info().start; })
      .def("normalize", [](GameHandle& g, const py::object& p) { return g.session().normalize(position_text(g, p)); },
           py::arg("position"), "The position in the game's canonical notation.")
      .def("query", [](GameHandle& g, const py::object& p) { return g.session().query(position_text(g, p)); },
           py::arg("position") = py::none(),
           "Value, remoteness and every move with its value (solves TateDrez and Tak Tikl on demand).")
      .def("principal_variation",
           [](GameHandle& g, const py::object& p) { return g.session().principal_variation(position_text(g, p)); },
           py::arg("position") = py::none(), "The best line from the position to the end of the game.")
      .def("move",
           [](GameHandle& g, const py::object& p, const py::args& moves) {
             std::vector<std::string> texts;
             for (const auto& mv : moves) texts.push_back(utf8_argument(py::str(mv), "a move"));
             return g.session().move(position_text(g, p), texts);
           },
           py::arg("position"), "The position after the moves, and the result if the game ended.")
      .def("legal_moves", [](GameHandle& g, const py::object& p) { return g.session().legal_moves(position_text(g, p)); },
           py::arg("position") = py::none())
      .def("perft",
           [](GameHandle& g, const py::object& p, int depth, bool divide) -> py::object {
             api::check_perft_depth(depth);
             api::PerftResult r;
             const std::string position = position_text(g, p);  // Python's objects only with the GIL held
             {
               py::gil_scoped_release release;
               r = g.session().perft(position, depth, divide);
             }
             if (!divide) return py::int_(r.nodes);
             py::dict counts;
             for (const auto& [move, n] : r.divide) counts[py::str(move)] = n;
             return counts;
           },
           py::arg("position"), py::arg("depth"), py::arg("divide") = false,
           "Legal move sequences of `depth` plies (a dict per first move with divide=True).")
      .def("review", &review, py::arg("start"), py::arg("moves"), py::arg("proof_plies") = 0,
           py::arg("proof_nodes") = api::ReviewOptions{}.proof_nodes,
           "Each move of a game against the tables; where none covers a position, proof search for a forced win "
           "within proof_plies plies (at most proof_nodes nodes a position).")
      .def("export", &export_rows, py::arg("material") = py::none(), py::arg("where") = py::none(),
           py::arg("limit") = py::none(),
           "Positions of the tables with their values (where: 'win', 'draw' or 'loss'), as dicts.")
      .def("board", [](GameHandle& g, const py::object& p) { return g.session().board(position_text(g, p)); },
           py::arg("position") = py::none(),
           "The position as data: squares, pieces, hands, marks, and every legal move as squares.")
      .def("solve", &solve, py::arg("material") = py::none(), py::arg("threads") = py::none(),
           py::arg("rebuild") = false, py::arg("progress") = py::none(), py::arg("memory") = py::none(),
           py::arg("working_state") = "auto", py::arg("codec") = py::none(), py::arg("level") = py::none(),
           "Builds the tables (all of the game, or of a material); progress(SolveProgress) after each level. "
           "memory ('8G', '512M' or bytes) caps what the solve uses: a table that needs more is solved in the "
           "compact working state (working_state 'auto'; or 'memory', 'compact'). codec ('lzma' or 'zstd') and "
           "level code every table so instead of each table's better of lzma 9 and zstd 19.")
      .def("tables",
           [](GameHandle& g, const py::object& material) {
             return g.session().tables(material.is_none() ? "" : utf8_argument(material, "material"));
           },
           py::arg("material") = py::none(), "The tables on disk: present or missing, sizes, statistics.")
      .def("tiers",
           [](GameHandle& g, const py::object& material) {
             return g.session().tier_names(material.is_none() ? "" : utf8_argument(material, "material"));
           },
           py::arg("material") = py::none(), "Names of the tables (tiers), in solving order.")
      .def("table",
           [](py::object self, const std::string& tier) {
             GameHandle& g = self.cast<GameHandle&>();
             return Table{self, &g.session(), tier, &g.session().table(tier)};
           },
           py::arg("tier"), "One stored table, as NumPy arrays without copying.")
      .def("analyze", &analyze, py::arg("position"), py::arg("depth") = py::none(), py::arg("seconds") = py::none(),
           py::arg("progress") = py::none(), py::arg("lines") = 1, py::arg("threads") = 1,
           "The analysis of `zugzwang analyze`: proof search for a forced win by either side, each move's forced\n"
           "result, and the best `lines` moves by the game's search on `threads` threads; progress(p) hears of\n"
           "every finished horizon and search depth.")
      .def("__repr__", [](GameHandle& g) { return "<zugzwang.Game " + g.session().info().name + ">"; });
}
