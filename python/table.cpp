// zugzwang.Table: one stored table as NumPy arrays. `codes` views the table's own bytes
// (mapped from its file) without copying; values() and remoteness() decode them.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "api/session.hpp"
#include "python/bindings.hpp"
#include "python/table.hpp"

namespace zz::python {

namespace {

constexpr std::int8_t kUnusedValue = -2;

py::array codes_view(const Table& t) {
  const TierTable& table = *t.table;
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

py::array_t<std::int8_t> values(const Table& t) {
  const TierTable& table = *t.table;
  py::array_t<std::int8_t> out(table.size());
  auto v = out.mutable_unchecked<1>();
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    const Code c = table.code(i);
    v(i) = c == kUnusedCode ? kUnusedValue : static_cast<std::int8_t>(static_cast<int>(decode(c).value) - 1);
  }
  return out;
}

py::array_t<std::int16_t> remoteness(const Table& t) {
  const TierTable& table = *t.table;
  py::array_t<std::int16_t> out(table.size());
  auto r = out.mutable_unchecked<1>();
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    const Code c = table.code(i);
    const Outcome o = decode(c);
    r(i) = c == kUnusedCode || o.value == Value::Draw ? -1 : static_cast<std::int16_t>(o.remoteness);
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
  py::class_<Table>(m, "Table", R"(One stored table (a tier). `codes` is the table itself as a read-only
NumPy array (uint8 or uint16, one code per index: 0 unused slot, 1 draw, 2+2r loss in r plies,
3+2r win in r plies), without copying; values() and remoteness() decode it.)")
      .def_readonly("tier", &Table::tier)
      .def_property_readonly("game", [](const Table& t) { return t.owner.attr("name"); })
      .def_property_readonly("codes", &codes_view)
      .def_property_readonly("stats", [](const Table& t) { return t.table->stats(); })
      .def("__len__", [](const Table& t) { return t.table->size(); })
      .def("values", &values,
           "int8 per index for the side to move: 1 win, 0 draw, -1 loss, zugzwang.UNUSED (-2) for an unused slot")
      .def("remoteness", &remoteness, "int16 per index: plies to the end, -1 for draws and unused slots")
      .def("used", [](const Table& t) {
        py::array_t<bool> out(t.table->size());
        auto u = out.mutable_unchecked<1>();
        for (std::uint64_t i = 0; i < t.table->size(); ++i) u(i) = t.table->used(i);
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
        while (it.next < table.size() && !table.used(it.next)) ++it.next;
        if (it.next >= table.size()) throw py::stop_iteration();
        const Outcome o = table.outcome(it.next);
        const std::string position = it.table.session->position_at(it.table.tier, it.next++);
        return py::make_tuple(position, value_of(o), remoteness_of(o));
      });
}

}  // namespace zz::python
