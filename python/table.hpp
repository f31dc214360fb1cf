#pragma once
// A table handed to Python: the tier's table inside a Game's session, and the Game object
// that keeps both alive.
#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "api/session.hpp"

namespace zz::python {

struct Table {
  pybind11::object owner;  // the zugzwang.Game
  api::Session* session;
  std::string tier;
  const TierTable* table;
  // A compressed table's decoded codes (a NumPy array), made on first use and shared by the
  // copies of this Table.
  std::shared_ptr<pybind11::object> decoded = std::make_shared<pybind11::object>();
};

}  // namespace zz::python
