#include "solver/table/checksum.hpp"


namespace zz {
namespace {

// splitmix64's finalizer: every input bit reaches every output bit.
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Little-endian whatever the machine: the format fixes the byte order.
std::uint64_t load_le(const std::byte* p, std::size_t n = 8) {
  std::uint64_t w = 0;
  for (std::size_t k = 0; k < n; ++k) w |= std::uint64_t{std::to_integer<std::uint8_t>(p[k])} << (8 * k);
  return w;
}

}  // namespace

std::uint64_t checksum(std::span<const std::byte> data) {
  // Four independent lanes keep the multiply chains from serializing the loop.
  std::uint64_t lane[4] = {0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL, 0x165667b19e3779f9ULL, 0x27d4eb2f165667c5ULL};
  std::size_t i = 0;
  for (; i + 32 <= data.size(); i += 32) {
    for (int k = 0; k < 4; ++k) lane[k] = mix(lane[k] ^ load_le(data.data() + i + 8 * k));
  }
  for (int k = 0; i + 8 <= data.size(); i += 8, ++k) lane[k] = mix(lane[k] ^ load_le(data.data() + i));
  const std::uint64_t tail = load_le(data.data() + i, data.size() - i);
  std::uint64_t h = mix(lane[0] ^ mix(lane[1] ^ mix(lane[2] ^ mix(lane[3] ^ tail))));
  return mix(h ^ data.size());
}

}  // namespace zz
