#pragma once
// The ids of a Python game's states (docs/python-games.md): Python's own hashing and
// equality, as a dict would use them, in a table of 16 bytes a slot instead of a dict of
// state -> int. A dict entry and its int object cost some 80 bytes a state; at ten million
// states that is most of the memory a game's listing takes beside the states themselves.
// Used with the GIL held.
#include <Python.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace zz::python {

class StateTable {
 public:
  StateTable();
  ~StateTable();  // releases the keys it owns: the GIL must be held
  StateTable(const StateTable&) = delete;
  StateTable& operator=(const StateTable&) = delete;

  // The id of `state`, or nullopt. Returns nullopt with a Python error set when the state
  // is not hashable or its __eq__ raises (check PyErr_Occurred).
  std::optional<std::uint32_t> find(PyObject* state) const;
  // Adds `state` with `id` (not already in the table). `owned`: the table keeps a reference
  // (a symmetric image of a state); otherwise the caller keeps the state alive as long as
  // the table (the list of states by id). Returns false with a Python error set when the
  // state is not hashable.
  bool insert(PyObject* state, std::uint32_t id, bool owned);

  std::uint64_t size() const { return size_; }
  std::uint64_t bytes() const { return slots_.capacity() * sizeof(Slot) + owned_.capacity() * sizeof(PyObject*); }

 private:
  struct Slot {
    PyObject* key = nullptr;  // null: empty
    std::uint32_t id = 0;
    std::uint32_t tag = 0;  // the top 32 bits of the mixed hash, which also place the slot
  };

  // Python's hash of an int is the int itself (mod 2^61 - 1): mixed, so that states that
  // differ in a few high bits do not crowd one run of slots.
  static bool tag_of(PyObject* state, std::uint32_t& tag);
  std::uint64_t home(std::uint32_t tag) const { return (static_cast<std::uint64_t>(tag) << 32 >> shift_) & mask_; }
  void grow();

  std::vector<Slot> slots_;
  std::vector<PyObject*> owned_;
  std::uint64_t mask_ = 0;
  int shift_ = 0;
  std::uint64_t size_ = 0;
};

}  // namespace zz::python
