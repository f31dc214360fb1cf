// The table file formats side by side, one JSON line per (variant, table set):
//   bench_table_format chess|tablut --data DIR --material M [--variant V]... [--probes N] [--write roots]
// DIR holds the tables of M (any format); each variant writes them all again into a
// scratch folder and reports bytes on disk, bits per slot, the time to write them (pack and
// code), and probe times through a TableStore on the root tables: the first probe of each
// of N random positions (its blocks decoded: a cold cache in a process whose files the
// kernel has cached) as median and 99th percentile, and warm probes per second (the same
// positions again, one thread, per second of wall time and of the thread's CPU time; every
// answer is then checked against the source tables). Variants: format2, and format 3 with one change each from
// the default (the better of lzma 9 and zstd 19 on a sample of blocks,
// unused slots filled, codes renumbered by frequency, one side to move left out, slots their
// exits imply stored as 0, 131072-code blocks below 2^25 slots): lzma9,
// lzma6, lzma9e, lzma9-pb0, lzma9-lc0-pb0, zstd19, zstd12, zstd19-dict, block4k, block8k,
// block32k, block256k, block1m, small-table-defaults, keep-unused, no-remap, both-sides, no-implied.
// Without --variant: all of them. (A table of 2^25 slots or more has 1 M-code blocks and LZMA's
// extreme search by default; small-table-defaults gives it what smaller tables get.)
// --write roots writes only the tables M names (a five-piece table alone: its sub-tables are
// linked from DIR, and only the roots' bytes and slots are reported).
#include <ctime>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/chess/game.hpp"
#include "core/common/one_line.hpp"
#include "core/tablut/game.hpp"
#include "solver/solve_tiers.hpp"
#include "solver/table/block_cache.hpp"
#include "solver/table/store.hpp"
#include "tools/bench/thread_cpu.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
// Probes per CPU second stay comparable on a machine other work shares.
using zz::bench::thread_cpu_seconds;

struct Variant {
  std::string name;
  bool uncompressed = false;
  std::function<void(zz::PackOptions&)> adjust;
};

void lzma_bits(zz::PackOptions& o, int lc, int lp, int pb) {
  o.choose_codec = false;
  o.codec = {zz::Codec::Lzma, 9, false, lc, lp, pb};
}

std::vector<Variant> all_variants() {
  return {
      {"format2", true, {}},
      {"default", false, [](zz::PackOptions&) {}},
      {"lzma9", false, [](zz::PackOptions& o) { o.choose_codec = false; o.codec = {zz::Codec::Lzma, 9, false}; }},
      {"lzma6", false, [](zz::PackOptions& o) { o.choose_codec = false; o.codec = {zz::Codec::Lzma, 6, false}; }},
      {"zstd19", false, [](zz::PackOptions& o) { o.choose_codec = false; o.codec = {zz::Codec::Zstd, 19, false}; }},
      {"zstd12", false, [](zz::PackOptions& o) { o.choose_codec = false; o.codec = {zz::Codec::Zstd, 12, false}; }},
      {"zstd19-dict", false, [](zz::PackOptions& o) {
         o.choose_codec = false;
         o.codec = {zz::Codec::Zstd, 19, false};
         o.zstd_dictionary_bytes = 65536;
       }},
      {"block4k", false, [](zz::PackOptions& o) { o.block_shift = 12; }},
      {"block8k", false, [](zz::PackOptions& o) { o.block_shift = 13; }},
      {"block32k", false, [](zz::PackOptions& o) { o.block_shift = 15; }},
      {"block256k", false, [](zz::PackOptions& o) { o.block_shift = 18; }},
      {"block1m", false, [](zz::PackOptions& o) { o.block_shift = 20; }},
      {"lzma9e", false, [](zz::PackOptions& o) { o.choose_codec = false; o.codec = {zz::Codec::Lzma, 9, true}; }},
      // Byte symbols have no alignment, and their high bits (lc's context) are mostly 0.
      {"lzma9-pb0", false, [](zz::PackOptions& o) { lzma_bits(o, -1, 0, 0); }},
      {"lzma9-lc0-pb0", false, [](zz::PackOptions& o) { lzma_bits(o, 0, 0, 0); }},
      // What every table got before the large-table defaults (1 M-code blocks, LZMA's extreme
      // search without position bits for tables of 2^25 slots and more).
      {"small-table-defaults", false, [](zz::PackOptions& o) {
         const zz::PackOptions small = zz::default_pack_options();
         o.block_shift = small.block_shift;
         o.codec = small.codec;
       }},
      {"keep-unused", false, [](zz::PackOptions& o) { o.fill_unused = false; }},
      {"no-remap", false, [](zz::PackOptions& o) { o.remap_by_frequency = false; }},
      {"both-sides", false, [](zz::PackOptions& o) { o.side_split.reset(); }},
      {"no-implied", false, [](zz::PackOptions& o) { o.exits_value = nullptr; }},
  };
}

template <class G>
void run(const G& game, const std::string& material, const std::vector<typename G::Tier>& roots,
         const std::filesystem::path& data, const std::vector<Variant>& variants, int probes, bool roots_only) {
  using Tier = typename G::Tier;
  const auto order = zz::dependency_order(game, std::span<const Tier>(roots));
  const auto written = [&](const Tier& t) {
    return !roots_only || std::find(roots.begin(), roots.end(), t) != roots.end();
  };
  zz::TableStore<G> source(game, data);
  std::map<std::string, const zz::TierTable*> truth;
  std::uint64_t slots = 0;
  for (const Tier& t : order) {
    truth[game.tier_name(t)] = &source.load_decoded(t);
    if (written(t)) slots += game.tier_size(t);
  }
  // The random positions probed: used slots of the root tables.
  std::mt19937_64 random(2026);
  std::vector<typename G::Position> positions;
  for (const Tier& r : roots) {
    std::uniform_int_distribution<std::uint64_t> slot(0, game.tier_size(r) - 1);
    typename G::Position p;
    for (int n = 0; n < probes;)
      if (game.unrank(r, slot(random), p)) positions.push_back(p), ++n;
  }
  const auto scratch = std::filesystem::temp_directory_path() / ("zz-bench-format-" + std::to_string(::getpid()));
  for (const Variant& v : variants) {
    std::filesystem::remove_all(scratch);
    zz::TableStore<G> writer(game, scratch);
    const auto start = Clock::now();
    std::uint64_t bytes = 0;
    for (const Tier& t : order) {
      const zz::TierTable& table = *truth.at(game.tier_name(t));
      if (!written(t)) {
        std::filesystem::create_directories(writer.file(t).parent_path());
        std::filesystem::create_symlink(std::filesystem::absolute(source.file(t)), writer.file(t));
        continue;
      }
      if (v.uncompressed) {
        zz::write_uncompressed_table(writer.file(t), writer.identity(t), table);
      } else {
        zz::PackOptions o = writer.pack_options(t);
        v.adjust(o);
        zz::write_table(writer.file(t), writer.identity(t), table, o);
      }
      bytes += std::filesystem::file_size(writer.file(t));
    }
    const double write_seconds = since(start);
    zz::TableStore<G> reader(game, scratch);
    for (const Tier& t : order) reader.load(t);  // opened (headers, indices) before timing
    // What one block costs to decode (a cold probe's share): up to 64 blocks of each table.
    std::vector<double> decode_us;
    for (const Tier& t : order) {
      const zz::PackedPayload* packed = written(t) ? reader.load(t).packed() : nullptr;
      if (!packed) continue;
      const std::uint64_t blocks = packed->layout().blocks();
      for (std::uint64_t b = 0; b < blocks; b += std::max<std::uint64_t>(1, blocks / 64)) {
        const auto t0 = Clock::now();
        (void)packed->decode_symbols(b);
        decode_us.push_back(since(t0) * 1e6);
      }
    }
    std::sort(decode_us.begin(), decode_us.end());
    std::vector<double> first;
    for (const auto& p : positions) {
      const auto t0 = Clock::now();
      (void)reader.probe(p);
      first.push_back(since(t0) * 1e6);
    }
    const auto t1 = Clock::now();
    const double cpu1 = thread_cpu_seconds();
    for (const auto& p : positions) (void)reader.probe(p);
    const double warm = since(t1);
    const double warm_cpu = thread_cpu_seconds() - cpu1;
    // Every answer checked against the source tables (after the timing, which it would slow):
    // a fast probe that answers wrongly must not be reported as fast.
    for (const auto& p : positions) {
      const zz::Outcome expected = zz::decode(truth.at(game.tier_name(game.tier_of(p)))->code(game.rank(p)));
      if (!(reader.probe(p) == expected)) {
        std::fprintf(stderr, "bench_table_format: %s: probe of %s differs from the source table\n", v.name.c_str(),
                     game.format(p).c_str());
        std::exit(1);
      }
    }
    std::sort(first.begin(), first.end());
    auto pct = [&](double q) { return first.empty() ? 0.0 : first[static_cast<std::size_t>(q * (first.size() - 1))]; };
    auto decode_pct = [&](double q) {
      return decode_us.empty() ? 0.0 : decode_us[static_cast<std::size_t>(q * (decode_us.size() - 1))];
    };
    std::printf(
        "{\"case\":\"table-format-%s-%s\",\"variant\":\"%s\",\"tables\":%zu,\"slots\":%llu,\"bytes\":%llu,"
        "\"bits_per_slot\":%.4f,\"write_seconds\":%.3f,\"block_decode_us_p50\":%.1f,\"block_decode_us_p99\":%.1f,"
        "\"first_probe_us_p50\":%.1f,\"first_probe_us_p99\":%.1f,\"warm_probes_per_second\":%.0f,\"warm_probes_per_cpu_second\":%.0f,\"cache_mib\":%.1f}\n",
        G::name().data(), material.c_str(), v.name.c_str(), order.size(), static_cast<unsigned long long>(slots),
        static_cast<unsigned long long>(bytes), 8.0 * static_cast<double>(bytes) / static_cast<double>(slots),
        write_seconds, decode_pct(0.5), decode_pct(0.99), pct(0.5), pct(0.99), static_cast<double>(positions.size()) / warm,
        static_cast<double>(positions.size()) / warm_cpu, static_cast<double>(zz::block_cache().held_bytes()) / (1 << 20));
    std::fflush(stdout);
  }
  std::filesystem::remove_all(scratch);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_table_format chess|tablut --data DIR --material M [--variant V]... [--probes N]\n");
    return 2;
  }
  const std::string game = argv[1];
  std::string data, material;
  int probes = 20000;
  bool roots_only = false;
  std::vector<Variant> variants;
  const auto known = all_variants();
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--data") data = value;
    else if (flag == "--material") material = value;
    else if (flag == "--probes") probes = std::stoi(value);
    else if (flag == "--write") {
      if (value != "roots" && value != "all") {
        std::fprintf(stderr, "--write takes roots or all\n");
        return 2;
      }
      roots_only = value == "roots";
    }
    else if (flag == "--variant") {
      const auto it = std::find_if(known.begin(), known.end(), [&](const Variant& v) { return v.name == value; });
      if (it == known.end()) {
        std::fprintf(stderr, "unknown variant %s\n", zz::one_line(value).c_str());
        return 2;
      }
      variants.push_back(*it);
    } else {
      std::fprintf(stderr, "unknown option %s\n", zz::one_line(flag).c_str());
      return 2;
    }
  }
  if (variants.empty()) variants = known;
  if (data.empty() || material.empty()) {
    std::fprintf(stderr, "--data and --material are required\n");
    return 2;
  }
  if (game == "chess") {
    const zz::chess::Chess g;
    run(g, material, g.solve_roots(material), data, variants, probes, roots_only);
  } else if (game == "tablut") {
    const zz::tablut::Tablut g;
    run(g, material, zz::tablut::parse_material_selection(material), data, variants, probes, roots_only);
  } else {
    std::fprintf(stderr, "games: chess, tablut\n");
    return 2;
  }
  return 0;
}
