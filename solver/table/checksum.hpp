#pragma once
// A 64-bit checksum of a table payload, to tell a corrupt file from a sound one.
#include <cstddef>
#include <cstdint>
#include <span>

namespace zz {

std::uint64_t checksum(std::span<const std::byte> data);

}  // namespace zz
