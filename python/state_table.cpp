#include "python/state_table.hpp"

#include <bit>

namespace zz::python {
namespace {

constexpr int kFirstBits = 12;

}  // namespace

StateTable::StateTable() : slots_(std::size_t{1} << kFirstBits), mask_((1u << kFirstBits) - 1), shift_(64 - kFirstBits) {}

StateTable::~StateTable() {
  for (PyObject* o : owned_) Py_DECREF(o);
}

bool StateTable::tag_of(PyObject* state, std::uint32_t& tag) {
  const Py_hash_t hash = PyObject_Hash(state);
  if (hash == -1 && PyErr_Occurred()) return false;
  tag = static_cast<std::uint32_t>((static_cast<std::uint64_t>(hash) * 0x9E3779B97F4A7C15ull) >> 32);
  return true;
}

std::optional<std::uint32_t> StateTable::find(PyObject* state) const {
  std::uint32_t tag;
  if (!tag_of(state, tag)) return std::nullopt;
  for (std::uint64_t i = home(tag);; i = (i + 1) & mask_) {
    const Slot& s = slots_[i];
    if (!s.key) return std::nullopt;
    if (s.tag != tag) continue;
    if (s.key == state) return s.id;
    const int equal = PyObject_RichCompareBool(s.key, state, Py_EQ);
    if (equal < 0) return std::nullopt;
    if (equal) return s.id;
  }
}

bool StateTable::insert(PyObject* state, std::uint32_t id, bool owned) {
  std::uint32_t tag;
  if (!tag_of(state, tag)) return false;
  // At most 70 % full: linear probing stays short, and ten million states fit 2^24 slots.
  if ((size_ + 1) * 10 > slots_.size() * 7) grow();
  std::uint64_t i = home(tag);
  while (slots_[i].key) i = (i + 1) & mask_;
  slots_[i] = {state, id, tag};
  ++size_;
  if (owned) {
    Py_INCREF(state);
    owned_.push_back(state);
  }
  return true;
}

// Doubles the slots, placing every key again by its tag (no Python call).
void StateTable::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  mask_ = slots_.size() - 1;
  --shift_;
  for (const Slot& s : old) {
    if (!s.key) continue;
    std::uint64_t i = home(s.tag);
    while (slots_[i].key) i = (i + 1) & mask_;
    slots_[i] = s;
  }
}

}  // namespace zz::python
