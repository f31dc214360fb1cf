#pragma once
// Sizes of memory as people write them: 512M, 8G, 3GiB, 1.5G, 4000000000.
#include <cstdint>
#include <string_view>

namespace zz {

// Bytes; K, M, G, T (optionally followed by i, iB or B) are powers of 1024. Throws
// InputError with the reason for anything else, for 0 and for sizes past 2^64.
std::uint64_t parse_byte_size(std::string_view text);

}  // namespace zz
