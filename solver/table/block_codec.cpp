#include "solver/table/block_codec.hpp"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include <lzma.h>
#define ZDICT_STATIC_LINKING_ONLY
#include <zdict.h>
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

namespace zz {
namespace {

// LZMA2 options for a level; the dictionary never needs to exceed a block.
lzma_options_lzma lzma_options(const CodecSettings& s, std::size_t block_bytes) {
  lzma_options_lzma o;
  if (lzma_lzma_preset(&o, static_cast<std::uint32_t>(s.level) | (s.extreme ? LZMA_PRESET_EXTREME : 0)))
    throw std::invalid_argument("lzma level " + std::to_string(s.level));
  o.dict_size = std::max<std::uint32_t>(LZMA_DICT_SIZE_MIN, static_cast<std::uint32_t>(std::min<std::size_t>(o.dict_size, block_bytes)));
  if (s.lc >= 0) o.lc = static_cast<std::uint32_t>(s.lc);
  if (s.lp >= 0) o.lp = static_cast<std::uint32_t>(s.lp);
  if (s.pb >= 0) o.pb = static_cast<std::uint32_t>(s.pb);
  if (s.nice_len >= 0) o.nice_len = static_cast<std::uint32_t>(s.nice_len);
  if (s.depth >= 0) o.depth = static_cast<std::uint32_t>(s.depth);
  return o;
}

struct LzmaDecoder {
  lzma_stream stream = LZMA_STREAM_INIT;
  ~LzmaDecoder() { lzma_end(&stream); }
};

struct ZstdDecoder {
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  ~ZstdDecoder() { ZSTD_freeDCtx(ctx); }
};

struct ZstdEncoder {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ~ZstdEncoder() { ZSTD_freeCCtx(ctx); }
};

// A coded block in a vector of its own size: a coder writes into room for the worst case
// (1.5 times a block), and a table's blocks are all held until the file is written, so
// keeping that room kept 1.5 MB per 1 M-code block (K1W3B: 63 MB of a 92 MB cap).
std::vector<std::uint8_t> exact(std::vector<std::uint8_t> out, std::size_t size) {
  out.resize(size);
  out.shrink_to_fit();
  return out;
}

// Blocks from this size up get a zstd context of their own, freed after the call: at level 19
// a context for a 1 M-code block holds 18 MB, which one kept per thread charged to a capped
// solve for the rest of the process, while the table's other coders ran beside it. Making it
// costs a few milliseconds against the block's coding; smaller blocks keep the thread's.
constexpr std::size_t kOwnZstdContextBytes = std::size_t{1} << 18;

}  // namespace

std::string codec_name(Codec c) { return c == Codec::Zstd ? "zstd" : "lzma"; }

std::optional<Codec> codec_from_name(const std::string& name) {
  if (name == "zstd") return Codec::Zstd;
  if (name == "lzma") return Codec::Lzma;
  return std::nullopt;
}

std::string settings_name(const CodecSettings& s) {
  std::string name = codec_name(s.codec) + std::to_string(s.level);
  if (s.codec != Codec::Lzma) return name;
  if (s.extreme) name += 'e';
  for (const auto& [option, value] : {std::pair{"-nice", s.nice_len}, {"-depth", s.depth}, {"-lc", s.lc},
                                      {"-lp", s.lp}, {"-pb", s.pb}})
    if (value >= 0) name += option + std::to_string(value);
  return name;
}

std::optional<CodecSettings> settings_from_name(const std::string& name) {
  CodecSettings c;
  std::size_t at = 4;
  if (name.rfind("zstd", 0) == 0) c.codec = Codec::Zstd;
  else if (name.rfind("lzma", 0) == 0) c.codec = Codec::Lzma;
  else return std::nullopt;
  // A decimal number of at most 4 digits within [low, high] at `at`.
  const auto number = [&](int low, int high) -> std::optional<int> {
    std::size_t end = at;
    while (end < name.size() && end - at < 4 && name[end] >= '0' && name[end] <= '9') ++end;
    if (end == at) return std::nullopt;
    const int v = std::stoi(name.substr(at, end - at));
    at = end;
    if (v < low || v > high) return std::nullopt;
    return v;
  };
  const bool lzma = c.codec == Codec::Lzma;
  const auto level = lzma ? number(0, 9) : number(1, 22);
  if (!level) return std::nullopt;
  c.level = *level;
  if (lzma && at < name.size() && name[at] == 'e') c.extreme = true, ++at;
  // liblzma's own limits: nice 2..273, literal context and position bits lc + lp <= 4, pb <= 4.
  struct Option {
    const char* text;
    int* field;
    int low, high;
  };
  const Option options[] = {{"-nice", &c.nice_len, 2, 273}, {"-depth", &c.depth, 1, 1000}, {"-lc", &c.lc, 0, 4},
                            {"-lp", &c.lp, 0, 4},           {"-pb", &c.pb, 0, 4}};
  for (const Option& o : options) {
    const std::size_t length = std::char_traits<char>::length(o.text);
    if (!lzma || name.compare(at, length, o.text) != 0) continue;
    at += length;
    const auto v = number(o.low, o.high);
    if (!v) return std::nullopt;
    *o.field = *v;
  }
  if (at != name.size() || (c.lc >= 0 && c.lp >= 0 && c.lc + c.lp > 4)) return std::nullopt;
  return c;
}

std::vector<std::uint8_t> train_zstd_dictionary(const std::vector<std::span<const std::uint8_t>>& samples,
                                                std::size_t capacity) {
  std::vector<std::uint8_t> all;
  std::vector<std::size_t> sizes;
  for (const auto& s : samples) {
    all.insert(all.end(), s.begin(), s.end());
    sizes.push_back(s.size());
  }
  if (sizes.size() < 8 || all.size() < 4 * capacity) return {};
  std::vector<std::uint8_t> dict(capacity);
  // Fixed parameters keep training deterministic: the same table always gives the same file.
  ZDICT_fastCover_params_t p{};
  p.k = 200;
  p.d = 8;
  p.steps = 1;
  p.nbThreads = 1;
  p.accel = 1;
  p.zParams.compressionLevel = 19;
  const std::size_t n = ZDICT_optimizeTrainFromBuffer_fastCover(dict.data(), dict.size(), all.data(), sizes.data(),
                                                                 static_cast<unsigned>(sizes.size()), &p);
  if (ZDICT_isError(n)) return {};
  dict.resize(n);
  return dict;
}


std::vector<std::uint8_t> compress_block(const CodecSettings& s, std::span<const std::uint8_t> dictionary,
                                         std::span<const std::uint8_t> block) {
  if (s.codec == Codec::Zstd) {
    thread_local ZstdEncoder kept;
    const bool own = block.size() >= kOwnZstdContextBytes;
    std::optional<ZstdEncoder> fresh;
    if (own) fresh.emplace();
    ZstdEncoder& enc = own ? *fresh : kept;
    std::vector<std::uint8_t> out(ZSTD_compressBound(block.size()));
    ZSTD_CCtx_reset(enc.ctx, ZSTD_reset_session_and_parameters);
    ZSTD_CCtx_setParameter(enc.ctx, ZSTD_c_compressionLevel, s.level);
    ZSTD_CCtx_setParameter(enc.ctx, ZSTD_c_contentSizeFlag, 0);
    ZSTD_CCtx_setParameter(enc.ctx, ZSTD_c_checksumFlag, 0);
    ZSTD_CCtx_setParameter(enc.ctx, ZSTD_c_dictIDFlag, 0);
    ZSTD_CCtx_setParameter(enc.ctx, ZSTD_c_format, ZSTD_f_zstd1_magicless);
    if (!dictionary.empty()) ZSTD_CCtx_loadDictionary(enc.ctx, dictionary.data(), dictionary.size());
    const std::size_t n = ZSTD_compress2(enc.ctx, out.data(), out.size(), block.data(), block.size());
    if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
    return exact(std::move(out), n);
  }
  lzma_options_lzma opt = lzma_options(s, block.size());
  lzma_filter filters[2] = {{LZMA_FILTER_LZMA2, &opt}, {LZMA_VLI_UNKNOWN, nullptr}};
  std::vector<std::uint8_t> out(block.size() + block.size() / 2 + 1024);
  std::size_t pos = 0;
  if (lzma_raw_buffer_encode(filters, nullptr, block.data(), block.size(), out.data(), &pos, out.size()) != LZMA_OK)
    throw std::runtime_error("lzma: cannot encode a block");
  return exact(std::move(out), pos);
}

std::uint64_t coder_memory_bytes(const CodecSettings& s, std::size_t block_bytes) {
  std::uint64_t context;
  if (s.codec == Codec::Zstd) {
    context = ZSTD_estimateCCtxSize_usingCParams(ZSTD_getCParams(s.level, block_bytes, 0));
  } else {
    lzma_options_lzma opt = lzma_options(s, block_bytes);
    const lzma_filter filters[2] = {{LZMA_FILTER_LZMA2, &opt}, {LZMA_VLI_UNKNOWN, nullptr}};
    context = lzma_raw_encoder_memusage(filters);
    if (context == UINT64_MAX) throw std::invalid_argument("lzma settings " + settings_name(s));
  }
  // compress_block's output buffer: room for the worst case, then a copy of the coded size.
  return context + block_bytes + block_bytes / 2 + 1024;
}

std::optional<std::string> decompress_block(Codec codec, std::span<const std::uint8_t> dictionary,
                                            std::span<const std::uint8_t> compressed, std::span<std::uint8_t> out) {
  if (codec == Codec::Zstd) {
    thread_local ZstdDecoder dec;
    ZSTD_DCtx_reset(dec.ctx, ZSTD_reset_session_and_parameters);
    ZSTD_DCtx_setParameter(dec.ctx, ZSTD_d_format, ZSTD_f_zstd1_magicless);
    if (!dictionary.empty()) ZSTD_DCtx_loadDictionary(dec.ctx, dictionary.data(), dictionary.size());
    const std::size_t n = ZSTD_decompressDCtx(dec.ctx, out.data(), out.size(), compressed.data(), compressed.size());
    if (ZSTD_isError(n)) return std::string("zstd: ") + ZSTD_getErrorName(n);
    if (n != out.size()) return "decodes to " + std::to_string(n) + " bytes, expected " + std::to_string(out.size());
    return std::nullopt;
  }
  // The encoder's dictionary never exceeds the block, so the block's size bounds it; the
  // decoder is kept per thread, and liblzma reuses its memory when it is set up again.
  thread_local LzmaDecoder dec;
  lzma_options_lzma opt{};
  opt.dict_size = std::max<std::uint32_t>(LZMA_DICT_SIZE_MIN, static_cast<std::uint32_t>(out.size()));
  lzma_filter filters[2] = {{LZMA_FILTER_LZMA2, &opt}, {LZMA_VLI_UNKNOWN, nullptr}};
  if (lzma_raw_decoder(&dec.stream, filters) != LZMA_OK) return std::string("lzma: cannot start the decoder");
  dec.stream.next_in = compressed.data();
  dec.stream.avail_in = compressed.size();
  dec.stream.next_out = out.data();
  dec.stream.avail_out = out.size();
  const lzma_ret r = lzma_code(&dec.stream, LZMA_FINISH);
  if (r != LZMA_STREAM_END) return "lzma: corrupt data (code " + std::to_string(r) + ")";
  if (dec.stream.avail_out != 0 || dec.stream.avail_in != 0)
    return "decodes to " + std::to_string(out.size() - dec.stream.avail_out) + " bytes, expected " +
           std::to_string(out.size());
  return std::nullopt;
}

}  // namespace zz
