#pragma once
// The general-purpose coders a compressed table (format 3) may use for its blocks, behind
// one interface: compress a block, decompress it into a buffer of known size. Each block is
// coded on its own so that a probe decodes one small block, never the whole table.
//   zstd: optionally with a dictionary trained on the table's own blocks
//   lzma: raw LZMA2 streams (no container: the table file holds sizes and checksums)
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace zz {

enum class Codec : std::uint8_t { Zstd, Lzma };

std::string codec_name(Codec c);
std::optional<Codec> codec_from_name(const std::string& name);

struct CodecSettings {
  Codec codec = Codec::Lzma;
  int level = 9;  // zstd 1..22, lzma 0..9
  bool extreme = false;  // lzma only: the slower search of `xz -e`
  // lzma only, -1 for the preset's: literal context bits, literal and match position bits.
  // LZMA2 writes them into each chunk, so a reader needs nothing but the dictionary size.
  int lc = -1, lp = -1, pb = -1;
  // lzma only, -1 for the preset's: the match finder's longest match worth stopping at, and
  // how many candidates it looks at. They set the coder's speed; a reader needs neither.
  int nice_len = -1, depth = -1;
};

// A setting's name, the one `settings_from_name` reads: "lzma9e", "lzma9-nice16-depth8",
// "zstd19", with "-lc3", "-lp0", "-pb0" where those bits are set. It names what coded a
// table's blocks, which the file does not record (a reader needs only the codec).
std::string settings_name(const CodecSettings& s);
// The setting a name gives, or nullopt if it is not one (a level out of range, an option
// zstd does not take, anything left over).
std::optional<CodecSettings> settings_from_name(const std::string& name);

// Trains a zstd dictionary of at most `capacity` bytes on sample blocks; empty when the
// samples are too few or too alike to train on.
std::vector<std::uint8_t> train_zstd_dictionary(const std::vector<std::span<const std::uint8_t>>& samples,
                                                std::size_t capacity);

// One block coded with the settings (and the dictionary, for zstd; may be empty).
std::vector<std::uint8_t> compress_block(const CodecSettings& settings, std::span<const std::uint8_t> dictionary,
                                         std::span<const std::uint8_t> block);

// The bytes one coder holds while it codes a block of `block_bytes` with the settings: its
// context (liblzma's and zstd's own estimates; LZMA2 9 with a 1 MiB dictionary 13 MB, zstd
// 19 for a 1 MiB block 18 MB) and the room for its output. The writer runs only as many
// coders at once as its share of a solve's memory holds (PackOptions::coder_memory).
std::uint64_t coder_memory_bytes(const CodecSettings& settings, std::size_t block_bytes);

// Decodes a block into `out`, which must be exactly its decoded size. Returns a reason when
// the bytes are not a block of that size (never throws for bad input, never writes past
// `out`).
std::optional<std::string> decompress_block(Codec codec, std::span<const std::uint8_t> dictionary,
                                            std::span<const std::uint8_t> compressed, std::span<std::uint8_t> out);

}  // namespace zz
