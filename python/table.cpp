// zugzwang.Table: one stored table as NumPy arrays. `codes` views an uncompressed table's
// own bytes (mapped from its format-2 file) without copying; of a compressed table it is a
// decoded copy (every block decoded, the side to move its file leaves out derived from the
// moves, unused slots 0), made once per Table object. values() and remoteness() decode it.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "api/session.hpp"
#include "python/bindings.hpp"
#include "python/table.hpp"

namespace zz::python {

namespace {

constexpr std::int8_t kUnusedValue = -2;

// Every code of a compressed table, in parallel, without the GIL (a slot left out of the
// file is derived from its moves, which takes microseconds).
template <class Int>
py::array_t<Int> decoded_codes(const TierTable& table) {
  py::array_t<Int> out(table.size());
  Int* data = out.mutable_data();
  {
    py::gil_scoped_release unlocked;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, table.size(), 1 << 14), [&](const auto& r) {
      for (std::uint64_t i = r.begin(); i != r.end(); ++i) data[i] = static_cast<Int>(table.code(i));
    });
  }
  py::detail::array_proxy(out.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return out;
}

py::array codes_view(const Table& t) {
  const TierTable& table = *t.table;
  if (table.compressed()) {
    if (!*t.decoded)
      *t.decoded = table.width() == 1 ? py::array(decoded_codes<std::uint8_t>(table))
                                      : py::array(decoded_codes<std::uint16_t>(table));
    return t.decoded->cast<py::array>();
  }
  const auto bytes = table.bytes();  // every block of a mapped table checked once
  py::object owner = py::cast(t);    // the view keeps the Table (and its Game) alive
  py::array view;
  if (table.width() == 1)
    view = py::array_t<std::uint8_t>({table.size()}, {1}, bytes.data(), owner);
  else
    view = py::array_t<std::uint16_t>({table.size()}, {2}, reinterpret_cast<const std::uint16_t*>(bytes.data()), owner);
  py::detail::array_proxy(view.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return view;
}

// The table's codes one by one: read from the table, or from the decoded copy of a
// compressed one.
struct CodeReader {
  const TierTable& table;
  py::array codes;
  explicit CodeReader(const Table& t) : table(*t.table) {
    if (table.compressed()) codes = codes_view(t);
  }
  Code operator()(std::uint64_t i) const {
    if (!table.compressed()) return table.code(i);
    return table.width() == 1 ? static_cast<const std::uint8_t*>(codes.data())[i]
                              : static_cast<const std::uint16_t*>(codes.data())[i];
  }
};

py::array_t<std::int8_t> values(const Table& t) {
  const TierTable& table = *t.table;
  const CodeReader code(t);
  py::array_t<std::int8_t> out(table.size());
  auto v = out.mutable_unchecked<1>();
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    const Code c = code(i);
    v(i) = c == kUnusedCode ? kUnusedValue : static_cast<std::int8_t>(static_cast<int>(decode(c).value) - 1);
  }
  return out;
}

py::array_t<std::int16_t> remoteness(const Table& t) {
  const TierTable& table = *t.table;
  const CodeReader code(t);
  py::array_t<std::int16_t> out(table.size());
  auto r = out.mutable_unchecked<1>();
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    const Code c = code(i);
    const Outcome o = table.outcome_of(c);
    r(i) = c == kUnusedCode || !o.has_remoteness() ? -1 : static_cast<std::int16_t>(o.remoteness);
  }
  return out;
}

// Iterates over the used slots: (position, value, remoteness).
struct TableIterator {
  Table table;
  std::uint64_t next = 0;
};

}  // namespace

void bind_table(py::module_& m) {
  m.attr("UNUSED") = kUnusedValue;
  py::class_<Table>(m, "Table", R"(One stored table (a tier). `codes` is the table as a read-only NumPy
array (uint8 or uint16, one code per index: 0 unused slot, 1 draw, 2+2r loss in r plies, 3+2r win
in r plies): for an uncompressed (format 2) table a view of the file without copying; for a
compressed (format 3) table a decoded copy, made on first use and kept with this Table (the side
to move the file leaves out is derived from the moves). `compressed` says which. values() and
remoteness() decode it.)")
      .def_readonly("tier", &Table::tier)
      .def_property_readonly("game", [](const Table& t) { return t.owner.attr("name"); })
      .def_property_readonly("codes", &codes_view)
      .def_property_readonly("compressed", [](const Table& t) { return t.table->compressed(); })
      .def_property_readonly("stats", [](const Table& t) { return t.table->stats(); })
      .def("__len__", [](const Table& t) { return t.table->size(); })
      .def("values", &values,
           "int8 per index for the side to move: 1 win, 0 draw, -1 loss, zugzwang.UNUSED (-2) for an unused slot")
      .def("remoteness", &remoteness,
           "int16 per index: plies to the end, -1 for draws, unused slots and every slot of a values-only table")
      .def_property_readonly("values_only", [](const Table& t) { return t.table->values_only(); },
                             "the file keeps values only: no distance to the end")
      .def("used", [](const Table& t) {
        py::array_t<bool> out(t.table->size());
        auto u = out.mutable_unchecked<1>();
        const CodeReader code(t);
        for (std::uint64_t i = 0; i < t.table->size(); ++i) u(i) = code(i) != kUnusedCode;
        return out;
      }, "bool per index: the slot stands for a position")
      .def("position", [](const Table& t, std::uint64_t i) { return t.session->position_at(t.tier, i); },
           py::arg("index"), "The position an index stands for (InputError for an unused slot).")
      .def("index", [](const Table& t, const std::string& position) {
        const auto [tier, index] = t.session->index_of(position);
        if (tier != t.tier) throw InputError("position " + position + " belongs to tier " + tier + ", not " + t.tier);
        return index;
      }, py::arg("position"), "The index of a position (of its canonical form where the game reduces by symmetry).")
      .def("__iter__", [](const Table& t) { return TableIterator{t, 0}; },
           "(position, value, remoteness) for every used slot, in index order")
      .def("__repr__", [](const Table& t) {
        return "<Table " + t.tier + ": " + std::to_string(t.table->size()) + " entries, " +
               (t.table->width() == 1 ? "uint8" : "uint16") + ">";
      });
  py::class_<TableIterator>(m, "TableIterator")
      .def("__iter__", [](TableIterator& it) -> TableIterator& { return it; })
      .def("__next__", [](TableIterator& it) {
        const TierTable& table = *it.table.table;
        Code code = kUnusedCode;
        while (it.next < table.size() && (code = table.code(it.next)) == kUnusedCode) ++it.next;
        if (it.next >= table.size()) throw py::stop_iteration();
        const Outcome o = table.outcome_of(code);
        const std::string position = it.table.session->position_at(it.table.tier, it.next++);
        return py::make_tuple(position, value_of(o), remoteness_of(o));
      });
}

}  // namespace zz::python
