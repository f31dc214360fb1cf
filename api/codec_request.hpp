#pragma once
// A request's coder (`compress --codec C --level N`, `solve --codec C --level N`), checked and
// turned into the writer's settings. Without a codec the writer chooses per table.
#include <optional>
#include <string>

#include "core/common/error.hpp"
#include "solver/table/block_codec.hpp"

namespace zz::api {

// The settings `codec` and `level` name (the codec's strongest level when none is given);
// nullopt when neither is given. Bad names and levels are InputError.
inline std::optional<CodecSettings> requested_codec(const std::optional<std::string>& codec,
                                                    const std::optional<int>& level) {
  if (!codec) {
    if (level) throw InputError("--level needs --codec (without it, each table gets the better of lzma 9 and zstd 19)");
    return std::nullopt;
  }
  const auto c = codec_from_name(*codec);
  if (!c) throw InputError("unknown codec '" + *codec + "' (codecs: lzma, zstd)");
  CodecSettings s;
  s.codec = *c;
  const int top = *c == Codec::Zstd ? 22 : 9;
  s.level = top == 22 ? 19 : 9;
  if (level) {
    if (*level < 1 || *level > top)
      throw InputError("--level " + std::to_string(*level) + " is outside 1.." + std::to_string(top) + " for " +
                       codec_name(*c));
    s.level = *level;
  }
  return s;
}

}  // namespace zz::api
