#pragma once
// One table entry packs an outcome into 16 bits: 0 marks an unused index slot, 1 a draw,
// 2 + 2r a loss in r plies, 3 + 2r a win in r plies. Small codes keep the common short
// remotenesses in one byte when a table is stored.
#include <cstdint>

#include "core/common/outcome.hpp"

namespace zz {

using Code = std::uint16_t;
inline constexpr Code kUnusedCode = 0;
inline constexpr Code kDrawCode = 1;
inline constexpr int kMaxRemoteness = 32766;

constexpr Code encode(Outcome o) {
  switch (o.value) {
    case Value::Draw: return kDrawCode;
    case Value::Loss: return static_cast<Code>(2 + 2 * o.remoteness);
    case Value::Win: return static_cast<Code>(3 + 2 * o.remoteness);
  }
  return kDrawCode;
}

constexpr Outcome decode(Code c) {
  if (c <= kDrawCode) return Outcome::draw();
  const int r = (c - 2) / 2;
  return c % 2 == 0 ? Outcome::loss(r) : Outcome::win(r);
}

}  // namespace zz
