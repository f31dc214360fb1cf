// What a compressed table's blocks cost to code and to decode with other coder settings, on
// a sample of the stored blocks themselves: one JSON line per (table, setting).
//   bench_block_coder chess|tablut --data DIR --material M [--every N] [--join J] [--setting S]...
// The tables M names must be compressed files in DIR (format 3). Blocks 0, N, 2N, ... are
// decoded to the symbols the writer coded (J consecutive blocks joined into one when J > 1,
// to see larger blocks) and coded again on one thread with each setting; the line gives the
// bytes against the file's own bytes for the same blocks, and the thread's CPU time per
// symbol to code and to decode. Settings: lzma<level>[e][-nice<N>][-depth<N>][-lc<N>][-lp<N>]
// [-pb<N>] (LZMA2 with no position bits unless named, as the writer's large tables) or
// zstd<level> (zz::settings_from_name); without --setting the curve of match-finder effort
// that docs/solver-design.md reports.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/game.hpp"
#include "core/common/one_line.hpp"
#include "core/tablut/game.hpp"
#include "solver/table/block_codec.hpp"
#include "solver/table/packed_payload.hpp"
#include "solver/table/store.hpp"
#include "tools/bench/thread_cpu.hpp"

namespace {

using zz::bench::thread_cpu_seconds;

struct Setting {
  std::string name;
  zz::CodecSettings codec;
};

// A setting by its name (zz::settings_from_name); LZMA without position bits unless the name
// says otherwise, as the writer codes large tables.
std::optional<Setting> parse_setting(const std::string& name) {
  auto c = zz::settings_from_name(name);
  if (!c) return std::nullopt;
  if (c->codec == zz::Codec::Lzma) {
    if (c->lp < 0) c->lp = 0;
    if (c->pb < 0) c->pb = 0;
  }
  return Setting{name, *c};
}

std::vector<std::string> default_settings() {
  return {"lzma9e", "lzma9e-depth64", "lzma9e-depth32", "lzma9e-depth16", "lzma9",
          "lzma9-depth16", "lzma9-nice32-depth16", "lzma9-nice16-depth8", "zstd19"};
}

template <class G>
int run(const G& game, const std::vector<typename G::Tier>& tables, const std::filesystem::path& data,
        const std::vector<Setting>& settings, std::uint64_t every, std::uint64_t join) {
  zz::TableStore<G> store(game, data);
  for (const auto& t : tables) {
    const zz::PackedPayload* packed = store.load(t).packed();
    if (!packed) {
      std::fprintf(stderr, "%s is not a compressed table\n", game.tier_name(t).c_str());
      return 2;
    }
    const zz::PackedLayout& l = packed->layout();
    // The sample: J blocks from every N-th, their symbols one after another.
    std::vector<std::vector<std::uint8_t>> sample;
    std::uint64_t stored_bytes = 0, symbols = 0;
    for (std::uint64_t b = 0; b + join <= l.blocks(); b += every) {
      std::vector<std::uint8_t> joined;
      for (std::uint64_t k = b; k < b + join; ++k) {
        const zz::DecodedBlock block = packed->decode_symbols(k);
        joined.insert(joined.end(), block.data(), block.data() + block.size());
        stored_bytes += packed->compressed_size(k);
      }
      symbols += joined.size() / static_cast<std::uint64_t>(l.symbol_bytes());
      sample.push_back(std::move(joined));
    }
    if (sample.empty()) {
      std::fprintf(stderr, "%s: fewer than %llu blocks, nothing to sample\n", game.tier_name(t).c_str(),
                   static_cast<unsigned long long>(join));
      continue;
    }
    for (const Setting& s : settings) {
      std::uint64_t bytes = 0;
      double code_seconds = 0, decode_seconds = 0;
      std::vector<std::uint8_t> check;
      for (const auto& block : sample) {
        double start = thread_cpu_seconds();
        const std::vector<std::uint8_t> coded = zz::compress_block(s.codec, {}, block);
        code_seconds += thread_cpu_seconds() - start;
        bytes += coded.size();
        check.resize(block.size());
        start = thread_cpu_seconds();
        const auto failed = zz::decompress_block(s.codec.codec, {}, coded, check);
        decode_seconds += thread_cpu_seconds() - start;
        if (failed || check != block) {
          std::fprintf(stderr, "%s: %s does not decode to what it coded\n", game.tier_name(t).c_str(), s.name.c_str());
          return 1;
        }
      }
      std::printf(
          "{\"case\":\"block-coder-%s\",\"setting\":\"%s\",\"blocks\":%zu,\"join\":%llu,\"symbols\":%llu,"
          "\"bytes\":%llu,\"file_bytes\":%llu,\"ratio_to_file\":%.4f,\"code_cpu_us_per_symbol\":%.4f,"
          "\"decode_cpu_us_per_symbol\":%.5f}\n",
          game.tier_name(t).c_str(), s.name.c_str(), sample.size(), static_cast<unsigned long long>(join),
          static_cast<unsigned long long>(symbols), static_cast<unsigned long long>(bytes),
          static_cast<unsigned long long>(stored_bytes), static_cast<double>(bytes) / static_cast<double>(stored_bytes),
          1e6 * code_seconds / static_cast<double>(symbols), 1e6 * decode_seconds / static_cast<double>(symbols));
      std::fflush(stdout);
    }
  }
  return 0;
}

int usage() {
  std::fprintf(stderr,
               "usage: bench_block_coder chess|tablut --data DIR --material M [--every N] [--join J] [--setting S]...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc % 2 != 0) return usage();
  const std::string game = argv[1];
  std::string data, material;
  std::uint64_t every = 16, join = 1;
  std::vector<Setting> settings;
  try {
    for (int i = 2; i + 1 < argc; i += 2) {
      const std::string flag = argv[i], value = argv[i + 1];
      if (flag == "--data") data = value;
      else if (flag == "--material") material = value;
      else if (flag == "--every" || flag == "--join") {
        if (value.empty() || value.size() > 6 || value.find_first_not_of("0123456789") != std::string::npos) {
          std::fprintf(stderr, "%s takes a positive number\n", flag.c_str());
          return 2;
        }
        (flag == "--every" ? every : join) = std::stoull(value);
      }
      else if (flag == "--setting") {
        const auto s = parse_setting(value);
        if (!s) {
          std::fprintf(stderr, "unknown setting %s\n", zz::one_line(value).c_str());
          return 2;
        }
        settings.push_back(*s);
      } else {
        return usage();
      }
    }
    if (data.empty() || material.empty() || every == 0 || join == 0 || join > 16) return usage();
    if (settings.empty())
      for (const auto& name : default_settings()) settings.push_back(parse_setting(name).value());
    if (game == "chess") {
      const zz::chess::Chess g;
      return run(g, g.solve_roots(material), data, settings, every, join);
    }
    if (game == "tablut") {
      const zz::tablut::Tablut g;
      return run(g, zz::tablut::parse_material_selection(material), data, settings, every, join);
    }
    std::fprintf(stderr, "games: chess, tablut\n");
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", zz::one_line(e.what()).c_str());
    return 2;
  }
}
